// The verbs of an English request, phrasal verbs included: "set up a repo" creates though "set"
// updates, "get rid of old logs" deletes though "get" reads (data/annotation-verbs.json,
// requests.phrasal). Only adjacent particles are read ("set it up" is the update "set").
import verbData from './data/annotation-verbs.json' with { type: 'json' };
import { arithmeticObject, arithmeticSense, operatorSenses } from './arithmetic-sense.js';
import { verbOfWord, type VerbClass, type VerbMatch } from './verbs.js';
import { verbForms } from './words.js';

const PHRASAL: ReadonlyMap<string, VerbClass> = new Map(Object.entries(verbData.requests.phrasal.en as Record<string, VerbClass>));
const LONGEST = Math.max(...[...PHRASAL.keys()].map((k) => k.split(' ').length));

export interface WordVerb {
  /** Index of the verb's first word. */
  index: number;
  /** Words the verb spans (1, or the phrasal verb's length). */
  length: number;
  match: VerbMatch;
  /** The words the verb stands for in the sense it is used in, when not its usual one ("add two numbers": sum, total). */
  sense?: readonly string[];
}

function phrasalAt(words: readonly string[], i: number): WordVerb | undefined {
  for (let n = Math.min(LONGEST, words.length - i); n >= 2; n -= 1) {
    const rest = words.slice(i + 1, i + n).join(' ');
    for (const form of verbForms(words[i]!)) {
      const verb = `${form} ${rest}`;
      const verbClass = PHRASAL.get(verb);
      if (verbClass !== undefined) return { index: i, length: n, match: { verb, lang: 'en', verbClass } };
    }
  }
  return undefined;
}

/**
 * The verbs of a request's lower-case words, in order; a phrasal verb is one verb and its particles
 * none (`phrasal` false reads single words only, for measuring the rule).
 */
export function verbsOfWords(words: readonly string[], phrasal = true): WordVerb[] {
  const out: WordVerb[] = [];
  for (let i = 0; i < words.length; ) {
    const found = phrasal ? phrasalAt(words, i) : undefined;
    if (found !== undefined) {
      const sense = arithmeticSense(found.match.verb);
      out.push(sense === undefined ? found : { ...found, sense });
      i += found.length;
      continue;
    }
    const match = verbOfWord(words[i]!);
    // "add two numbers" computes: the arithmetic sense reads (arithmetic-sense.ts).
    const sense = match === undefined ? undefined : arithmeticSense(match.verb);
    if (match !== undefined && sense !== undefined && arithmeticObject(words, i + 1))
      out.push({ index: i, length: 1, match: { ...match, verbClass: 'read' }, sense });
    else if (match !== undefined) out.push({ index: i, length: 1, match });
    i += 1;
  }
  return out;
}

/**
 * The words of the verbs a request uses in another sense, by the verb as written ("add two
 * numbers": add -> sum, total), and of operator words between numerals ("12 plus 30": plus -> sum, total).
 */
export function verbSenses(words: readonly string[]): Map<string, readonly string[]> {
  const out = operatorSenses(words);
  for (const v of verbsOfWords(words)) if (v.sense !== undefined) out.set(words[v.index]!, v.sense);
  return out;
}
