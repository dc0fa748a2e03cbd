import { describe, expect, it } from 'vitest';
import { fitPairwise, orderBy } from '../../../src/search/fit/rerank-fit.js';

describe('fitPairwise', () => {
  it('learns a positive weight for a feature that marks the relevant candidate and ~0 for noise', () => {
    // feature 0 separates (relevant has 1), feature 1 is the same for every candidate of a query
    const examples = [0, 1, 2, 3, 4, 5].map((q) => ({
      features: [
        [0, q],
        [1, q],
        [0, q],
      ],
      relevant: [false, true, false],
    }));
    const [w0, w1] = fitPairwise(examples, 0.1);
    expect(w0).toBeGreaterThan(1);
    expect(w1).toBe(0);
  });

  it('learns a negative weight for a feature of the wrong candidates', () => {
    const examples = [{ features: [[1], [0]], relevant: [false, true] }];
    expect(fitPairwise(examples, 0.1)[0]).toBeLessThan(-1);
  });

  it('ignores queries without both relevant and irrelevant candidates', () => {
    expect(fitPairwise([{ features: [[1], [2]], relevant: [true, true] }], 0.1)).toEqual([0]);
    expect(fitPairwise([], 0.1)).toEqual([]);
  });

  it('gives these exact weights (deterministic: Newton steps from zero, no randomness)', () => {
    const examples = [
      {
        features: [
          [0.2, 1],
          [0.9, 0],
          [0.5, 0.5],
        ],
        relevant: [false, true, false],
      },
    ];
    // the relevant candidate has the most of feature 0 and the least of feature 1
    expect(fitPairwise(examples)).toEqual([0.96237, -1.280524]);
  });
});

describe('orderBy', () => {
  it('orders by the linear score, ties in list order', () => {
    expect(
      orderBy(
        [
          [1, 0],
          [0, 1],
          [1, 0],
          [0, 2],
        ],
        [1, 1],
      ),
    ).toEqual([3, 0, 1, 2]);
  });
});
