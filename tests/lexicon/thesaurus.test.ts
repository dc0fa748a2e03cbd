import { describe, expect, it } from 'vitest';
import { synonymsOf } from '../../src/lexicon/thesaurus.js';

describe('synonymsOf (WordNet, most frequent sense)', () => {
  it.each<[string, readonly string[]]>([
    ['picture', ['image', 'icon', 'ikon', 'visualize']],
    // any inflected form finds its base form
    ['pictures', ['image', 'icon', 'ikon', 'visualize']],
    ['shows', ['demo', 'exhibit', 'present', 'demonstrate']],
    // words outside the common tagged vocabulary, and keys from input, have none
    ['zzzq', []],
    ['constructor', []],
    ['__proto__', []],
  ])('%s', (word, synonyms) => {
    expect(synonymsOf(word)).toEqual(synonyms);
  });
});
