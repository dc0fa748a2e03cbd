import { describe, expect, it } from 'vitest';
import { CosineIndex, normalize } from '../../../src/search/vector/cosine-index.js';
import { seededRandom } from '../../../benchmarks/seeded-random.js';

const vec = (...xs: number[]): Float32Array => Float32Array.from(xs);

describe('normalize', () => {
  it.each([
    [vec(3, 4), [0.6, 0.8]],
    [vec(0, 0), [0, 0]],
    [vec(-2, 0, 0), [-1, 0, 0]],
  ])('%o -> %o', (v, expected) => {
    expect([...normalize(v)].map((x) => Math.round(x * 1e6) / 1e6)).toEqual(expected);
  });
});

describe('CosineIndex', () => {
  it('finds the same top k as a brute-force cosine over random vectors', () => {
    const next = seededRandom(7);
    const rows = Array.from({ length: 300 }, () => Float32Array.from({ length: 32 }, next));
    const index = new CosineIndex(rows, 32);
    for (let q = 0; q < 20; q++) {
      const query = Float32Array.from({ length: 32 }, next);
      const nq = normalize(query);
      const brute = rows
        .map((r, row) => ({ row, score: normalize(r).reduce((s, x, j) => s + x * nq[j]!, 0) }))
        .sort((a, b) => b.score - a.score || a.row - b.row)
        .slice(0, 10);
      const found = index.search(query, 10);
      expect(found.map((f) => f.row)).toEqual(brute.map((b) => b.row));
      for (const [i, f] of found.entries()) expect(f.score).toBeCloseTo(brute[i]!.score, 5);
    }
  });

  it('scores by direction, not length, and breaks ties by row', () => {
    const index = new CosineIndex([vec(1, 0), vec(0, 1), vec(10, 0), vec(1, 1)], 2);
    expect(index.search(vec(5, 0), 4)).toEqual([
      { row: 0, score: 1 },
      { row: 2, score: 1 },
      { row: 3, score: expect.closeTo(Math.SQRT1_2, 6) as number },
      { row: 1, score: 0 },
    ]);
  });

  it.each([
    [0, []],
    [1, [1]],
    [5, [1, 0]],
  ])('k = %i returns at most the rows there are', (k, rows) => {
    const index = new CosineIndex([vec(1, 0), vec(0, 1)], 2);
    expect(index.search(vec(0, 2), k).map((s) => s.row)).toEqual(rows);
  });

  it('refuses vectors and queries of another length', () => {
    expect(() => new CosineIndex([vec(1, 0, 0)], 2)).toThrow('vector 0 has 3 dimensions, expected 2');
    expect(() => new CosineIndex([vec(1, 0)], 2).search(vec(1), 1)).toThrow('query has 1 dimensions, expected 2');
  });
});
