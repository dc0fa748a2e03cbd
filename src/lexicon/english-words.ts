// Common English words (data/english-words.json, derived from WordNet by
// benchmarks/derive-thesaurus.ts): a request word that is one was meant as written, so typo
// correction leaves it alone ("forget" is not a misspelt "format").
import { lazyData } from './lazy-data.js';
import { sortedWordsHave } from './sorted-text.js';
import { singularize, verbForms } from './words.js';

interface WordData {
  /** Sorted by code unit, one space apart (a test checks): looked up by binary search, never split into a Set. */
  words: string;
  verbs: string;
}

/** Whether a word, in any regular form (`folders`, `forgetting`), is a common English word. */
export function isEnglishWord(word: string): boolean {
  const list = lazyData<WordData>('english-words.json').words;
  const lower = word.toLowerCase();
  return sortedWordsHave(list, lower) || sortedWordsHave(list, singularize(lower)) || verbForms(lower).some((form) => sortedWordsHave(list, form));
}

/** Whether a word is a common English verb: in any regular form (`navigates`), or with `base` only as written (an imperative). */
export function isEnglishVerb(word: string, base = false): boolean {
  const list = lazyData<WordData>('english-words.json').verbs;
  const lower = word.toLowerCase();
  return base ? sortedWordsHave(list, lower) : verbForms(lower).some((form) => sortedWordsHave(list, form));
}
