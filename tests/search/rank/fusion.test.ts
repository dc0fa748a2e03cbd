import { describe, expect, it } from 'vitest';
import { fuse, maxFused } from '../../../src/search/rank/fusion.js';

describe('fuse (weighted reciprocal rank fusion)', () => {
  it('adds w / (k + rank) per list', () => {
    const lists = [
      { source: 'bm25' as const, docs: [7, 3, 5] },
      { source: 'graph' as const, docs: [3, 9] },
    ];
    const fused = fuse(lists, { bm25: 1, graph: 0.5 }, 60);
    expect(fused.map((f) => f.doc)).toEqual([3, 7, 5, 9]);
    expect(fused[0]!.score).toBeCloseTo(1 / 62 + 0.5 / 61, 12);
    expect(fused[0]!.ranks).toEqual({ bm25: 2, graph: 1 });
    expect(fused[1]!.score).toBeCloseTo(1 / 61, 12);
    expect(fused[3]!.score).toBeCloseTo(0.5 / 62, 12);
    expect(maxFused(lists, { bm25: 1, graph: 0.5 }, 60)).toBeCloseTo(1.5 / 61, 12);
  });

  it('skips sources with no or zero weight and counts a document once per list', () => {
    const fused = fuse(
      [
        { source: 'bm25', docs: [1, 1, 2] },
        { source: 'fuzzy', docs: [2] },
      ],
      { bm25: 1, fuzzy: 0 },
      10,
    );
    expect(fused).toEqual([
      { doc: 1, score: 1 / 11, ranks: { bm25: 1 } },
      { doc: 2, score: 1 / 13, ranks: { bm25: 3 } },
    ]);
  });

  it('breaks ties by document order', () => {
    expect(
      fuse(
        [
          { source: 'bm25', docs: [4] },
          { source: 'graph', docs: [2] },
        ],
        { bm25: 1, graph: 1 },
        60,
      ).map((f) => f.doc),
    ).toEqual([2, 4]);
  });
});
