// Synonyms of common English nouns and verbs (data/thesaurus.json, derived from WordNet 3.1 by
// benchmarks/derive-thesaurus.ts): "picture" -> image, icon; "show" -> demo, exhibit, present.
import { lazyData } from './lazy-data.js';
import { dict } from '../util/own.js';
import { singularize, verbForms } from './words.js';

let words: Readonly<Record<string, readonly string[]>> | undefined;

/** Synonyms of a word in any form (`pictures`, `showing`): those of its first base form WordNet lists. */
export function synonymsOf(word: string): readonly string[] {
  const lower = word.toLowerCase();
  for (const form of [lower, singularize(lower), ...verbForms(lower)]) {
    words ??= dict(lazyData<{ words: Record<string, string[]> }>('thesaurus.json').words);
    const found = words[form];
    if (found !== undefined) return found;
  }
  return [];
}
