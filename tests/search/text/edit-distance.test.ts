import fc from 'fast-check';
import { distance as levenshtein } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { osaDistance } from '../../../src/search/text/edit-distance.js';

describe('osaDistance', () => {
  it.each<[string, string, number]>([
    ['list', 'list', 0],
    ['lsit', 'list', 1],
    ['fiel', 'file', 1],
    ['craete', 'create', 1],
    ['contnets', 'contents', 1],
    ['foldr', 'folder', 1],
    ['', 'abc', 3],
    ['abc', '', 3],
    ['kitten', 'sitting', 3],
    // OSA edits no substring twice: ca -> abc is 3, not 2 as in unrestricted Damerau-Levenshtein
    ['ca', 'abc', 3],
  ])('%s / %s: %i', (a, b, d) => {
    expect([osaDistance(a, b), osaDistance(b, a)]).toEqual([d, d]);
  });

  it('stops at bound + 1', () => {
    expect([osaDistance('kitten', 'sitting', 1), osaDistance('kitten', 'sitting', 3), osaDistance('a', 'abcdef', 2)]).toEqual([2, 3, 3]);
  });

  const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 9 });

  it('is symmetric, at most the Levenshtein distance, and bounded exactly', () => {
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 5 }), (a, b, bound) => {
        const d = osaDistance(a, b);
        expect(osaDistance(b, a)).toBe(d);
        expect(d).toBeLessThanOrEqual(levenshtein(a, b));
        expect(osaDistance(a, b, bound)).toBe(Math.min(d, bound + 1));
      }),
      { numRuns: 500 },
    );
  });

  it('counts a swap of two adjacent letters as one edit', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', 'e'), minLength: 2, maxLength: 12 }), fc.nat(), (s, k) => {
        const i = k % (s.length - 1);
        const swapped = s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
        expect(osaDistance(s, swapped)).toBe(s[i] === s[i + 1] ? 0 : 1);
      }),
    );
  });
});
