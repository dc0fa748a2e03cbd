// What a tool does, read from the verb in its name or description. The vocabulary lives in
// data/annotation-verbs.json (by language and class); this module only applies it.
import verbData from './data/annotation-verbs.json' with { type: 'json' };
import { firstSentence, splitIdentifier, verbForms } from './words.js';

export type VerbClass = 'read' | 'create' | 'update' | 'delete';
export const VERB_CLASSES: readonly VerbClass[] = ['read', 'create', 'update', 'delete'];

export interface VerbMatch {
  /** The verb as listed in the data file, e.g. `delete`, `삭제`. */
  verb: string;
  /** Language key of the data file, e.g. `en`, `ko`, `ja`. */
  lang: string;
  verbClass: VerbClass;
}

interface Vocabulary {
  /** Whole-word languages: word -> match. */
  words: Map<string, VerbMatch>;
  /** Substring languages (head-final, no reliable word breaks): every listed term. */
  terms: VerbMatch[];
}

function buildVocabulary(): Vocabulary {
  const words = new Map<string, VerbMatch>();
  const terms: VerbMatch[] = [];
  const languages = verbData.languages as Record<string, { match: string } & Record<VerbClass, string[]>>;
  for (const lang of Object.keys(languages).sort()) {
    const entry = languages[lang]!;
    for (const verbClass of VERB_CLASSES) {
      for (const verb of entry[verbClass]) {
        const match: VerbMatch = { verb, lang, verbClass };
        if (entry.match === 'word') {
          if (!words.has(verb)) words.set(verb, match);
        } else {
          terms.push(match);
        }
      }
    }
  }
  return { words, terms };
}

const VOCABULARY = buildVocabulary();

/** The verb a single word is (trying its base forms: `Creates` -> `create`), if any. */
export function verbOfWord(word: string): VerbMatch | undefined {
  for (const form of verbForms(word)) {
    const match = VOCABULARY.words.get(form);
    if (match !== undefined) return match;
  }
  return undefined;
}

/** How much a verb class changes: with coordinated verbs, the most consequential one counts. */
const WEIGHT: Record<VerbClass, number> = { read: 0, create: 1, update: 1, delete: 2 };
const COORDINATORS = new Set(['and', 'or', 'then']);

/**
 * The first word of an identifier (snake, camel, kebab) that is a verb, or, when verbs are
 * coordinated (`find_and_delete_files`, `search_and_replace`), the most consequential of them:
 * a tool that can also delete must not be taken for a read-only one.
 */
export function verbInIdentifier(name: string): VerbMatch | undefined {
  const words = splitIdentifier(name);
  let best: VerbMatch | undefined;
  for (const [i, word] of words.entries()) {
    const exact = VOCABULARY.words.get(word);
    if (exact === undefined) continue;
    if (best === undefined) best = exact;
    else if (COORDINATORS.has(words[i - 1] ?? '') && WEIGHT[exact.verbClass] > WEIGHT[best.verbClass]) best = exact;
  }
  return best;
}

/** The last listed term of a substring language in the first sentence (the main verb of a head-final clause). */
export function verbInHeadFinalText(text: string): VerbMatch | undefined {
  const sentence = firstSentence(text);
  let best: { match: VerbMatch; start: number } | undefined;
  for (const match of VOCABULARY.terms) {
    const start = sentence.lastIndexOf(match.verb);
    if (start < 0) continue;
    if (best === undefined || start > best.start || (start === best.start && match.verb.length > best.match.verb.length)) {
      best = { match, start };
    }
  }
  return best?.match;
}

/** The verb that leads a description ("Deletes a file ..."). */
export function leadingVerb(text: string): VerbMatch | undefined {
  const first = /^[\s"'`*_([]*([\p{L}]+)/u.exec(text);
  return first === null ? undefined : verbOfWord(first[1]!);
}

export interface ToolVerb {
  match: VerbMatch;
  where: 'name' | 'description';
}

/** The verb of a tool: in its name first (word, then head-final languages), then in its description. */
export function toolVerb(name: string, description?: string): ToolVerb | undefined {
  const inName = verbInIdentifier(name) ?? verbInHeadFinalText(name);
  if (inName !== undefined) return { match: inName, where: 'name' };
  if (description === undefined || description.trim() === '') return undefined;
  const inText = leadingVerb(description) ?? verbInHeadFinalText(description);
  return inText === undefined ? undefined : { match: inText, where: 'description' };
}
