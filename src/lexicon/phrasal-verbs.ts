// The verbs of an English request, phrasal verbs included: "set up a repo" creates though "set"
// updates, "get rid of old logs" deletes though "get" reads (data/annotation-verbs.json,
// requests.phrasal). Only adjacent particles are read ("set it up" is the update "set").
import verbData from './data/annotation-verbs.json' with { type: 'json' };
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
      out.push(found);
      i += found.length;
      continue;
    }
    const match = verbOfWord(words[i]!);
    if (match !== undefined) out.push({ index: i, length: 1, match });
    i += 1;
  }
  return out;
}
