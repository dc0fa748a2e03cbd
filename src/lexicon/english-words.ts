// Common English words (data/english-words.json, derived from WordNet by
// benchmarks/derive-thesaurus.ts): a request word that is one was meant as written, so typo
// correction leaves it alone ("forget" is not a misspelt "format").
import { lazyData } from './lazy-data.js';
import { singularize, verbForms } from './words.js';

interface WordData {
  words: string;
  verbs: string;
}

let words: ReadonlySet<string> | undefined;
let verbs: ReadonlySet<string> | undefined;

/** Whether a word, in any regular form (`folders`, `forgetting`), is a common English word. */
export function isEnglishWord(word: string): boolean {
  words ??= new Set(lazyData<WordData>('english-words.json').words.split(' '));
  const lower = word.toLowerCase();
  const set = words;
  return set.has(lower) || set.has(singularize(lower)) || verbForms(lower).some((form) => set.has(form));
}

/** Whether a word is a common English verb: in any regular form (`navigates`), or with `base` only as written (an imperative). */
export function isEnglishVerb(word: string, base = false): boolean {
  verbs ??= new Set(lazyData<WordData>('english-words.json').verbs.split(' '));
  const set = verbs;
  const lower = word.toLowerCase();
  return base ? set.has(lower) : verbForms(lower).some((form) => set.has(form));
}
