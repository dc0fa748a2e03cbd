// What a tool does, read from the verb in its name or description. The vocabulary lives in
// data/annotation-verbs.json (by language and class); this module only applies it.
import verbData from './data/annotation-verbs.json' with { type: 'json' };
import { memoize } from '../util/memo.js';
import { firstSentence, splitIdentifier, verbForms } from './words.js';

export type VerbClass = 'read' | 'create' | 'update' | 'delete';
const VERB_CLASSES: readonly VerbClass[] = ['read', 'create', 'update', 'delete'];

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
/** Words that coordinate verbs (`find_and_delete`, "list them then archive"). */
export const COORDINATORS: ReadonlySet<string> = new Set(['and', 'or', 'then']);

/**
 * The first word that is a verb, or, when verbs are coordinated (`find_and_delete_files`,
 * `search_and_replace`), the most consequential of them: a tool that can also delete must not be
 * taken for a read-only one. The one rule for a tool's verb (annotations and search alike).
 */
export function verbInWords(words: readonly string[]): VerbMatch | undefined {
  let best: VerbMatch | undefined;
  for (const [i, word] of words.entries()) {
    const exact = VOCABULARY.words.get(word);
    if (exact === undefined) continue;
    if (best === undefined) best = exact;
    else if (COORDINATORS.has(words[i - 1] ?? '') && WEIGHT[exact.verbClass] > WEIGHT[best.verbClass]) best = exact;
  }
  return best;
}

/** The verb of an identifier (snake, camel, kebab): `verbInWords` of its words. */
export const verbInIdentifier = memoize((name: string): VerbMatch | undefined => verbInWords(splitIdentifier(name)));

/** The last listed term of a substring language in the first sentence (the main verb of a head-final clause). */
function verbInHeadFinalText(text: string): VerbMatch | undefined {
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

export interface VerbAt {
  match: VerbMatch;
  /** UTF-16 offset of the verb in the text. */
  start: number;
}

/**
 * Every listed term of a substring language in a text, in text order; where terms overlap the
 * longest wins (`구독해지` is one delete, not a create `구독` and a delete `해지`; `미리보기` one read).
 */
export function verbsInHeadFinalText(text: string): VerbAt[] {
  const found: VerbAt[] = [];
  for (const match of VOCABULARY.terms) {
    for (let at = text.indexOf(match.verb); at >= 0; at = text.indexOf(match.verb, at + match.verb.length)) found.push({ match, start: at });
  }
  found.sort((a, b) => b.match.verb.length - a.match.verb.length || a.start - b.start);
  const kept: VerbAt[] = [];
  for (const f of found) {
    const end = f.start + f.match.verb.length;
    if (kept.every((k) => end <= k.start || f.start >= k.start + k.match.verb.length)) kept.push(f);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** The verb that leads a description ("Deletes a file ..."). */
function leadingVerb(text: string): VerbMatch | undefined {
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
