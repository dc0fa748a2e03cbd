import { describe, expect, it } from 'vitest';
import { FuzzyVocabulary, maxDistance } from '../../../src/search/text/fuzzy.js';

describe('maxDistance', () => {
  it.each([
    [1, 0],
    [3, 0],
    [4, 1],
    [5, 1],
    [6, 2],
    [9, 2],
    [10, 3],
    [30, 3],
  ])('length %i -> %i', (length, bound) => expect(maxDistance(length)).toBe(bound));
});

describe('FuzzyVocabulary', () => {
  const vocab = new FuzzyVocabulary(['shipment', 'track', 'trace', 'order', 'file', 'cve-2024-1', '삭제', 'ab'], (t) => (t === 'track' ? 5 : 1));
  it.each([
    ['shipmnt', [{ from: 'shipmnt', to: 'shipment', distance: 1 }]],
    ['trak', [{ from: 'trak', to: 'track', distance: 1 }]],
    ['ordr', [{ from: 'ordr', to: 'order', distance: 1 }]],
    ['shpmnt', [{ from: 'shpmnt', to: 'shipment', distance: 2 }]],
  ])('corrects %s', (term, expected) => expect(vocab.correct(term)).toEqual(expected));

  it('refuses corrections beyond the bound, short terms, other first letters and non-words', () => {
    expect(vocab.correct('shpmt')).toEqual([]); // distance 3 > bound 1 for length 5
    expect(vocab.correct('fil')).toEqual([]); // too short
    expect(vocab.correct('rack')).toEqual([]); // the first letter differs
    expect(vocab.correct('cve-2024-2')).toEqual([]); // identifiers are not corrected
    expect(vocab.correct('삭재')).toEqual([]);
  });

  it('returns every term at the smallest distance, most frequent first', () => {
    expect(vocab.correct('trac')).toEqual([
      { from: 'trac', to: 'track', distance: 1 },
      { from: 'trac', to: 'trace', distance: 1 },
    ]);
    expect(vocab.correct('trac', 1)).toEqual([{ from: 'trac', to: 'track', distance: 1 }]);
  });
});
