// Synonyms of common English nouns and verbs (data/thesaurus.json, derived from WordNet 3.1 by
// benchmarks/derive-thesaurus.ts): "picture" -> image, icon; "show" -> demo, exhibit, present.
import thesaurusData from './data/thesaurus.json' with { type: 'json' };
import { dict } from '../util/own.js';
import { singularize, verbForms } from './words.js';

const WORDS: Readonly<Record<string, readonly string[]>> = dict(thesaurusData.words as Record<string, string[]>);

/** Synonyms of a word in any form (`pictures`, `showing`): those of its first base form WordNet lists. */
export function synonymsOf(word: string): readonly string[] {
  const lower = word.toLowerCase();
  for (const form of [lower, singularize(lower), ...verbForms(lower)]) {
    const found = WORDS[form];
    if (found !== undefined) return found;
  }
  return [];
}
