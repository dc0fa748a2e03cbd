// Synonyms of common English nouns and verbs (data/thesaurus.json, derived from WordNet 3.1 by
// benchmarks/derive-thesaurus.ts): "picture" -> image, icon; "show" -> demo, exhibit, present.
// Looked up in the file's text (sorted-text.ts), each base form once; never parsed whole.
import { dataText, jsonWordsAt } from './sorted-text.js';
import { singularize, verbForms } from './words.js';

const found = new Map<string, readonly string[] | undefined>();

function entry(form: string): readonly string[] | undefined {
  if (!found.has(form)) {
    const text = dataText('thesaurus.json');
    found.set(form, jsonWordsAt(text, form, text.indexOf('"words"')));
  }
  return found.get(form);
}

/** Synonyms of a word in any form (`pictures`, `showing`): those of its first base form WordNet lists. */
export function synonymsOf(word: string): readonly string[] {
  const lower = word.toLowerCase();
  for (const form of [lower, singularize(lower), ...verbForms(lower)]) {
    const synonyms = entry(form);
    if (synonyms !== undefined) return synonyms;
  }
  return [];
}
