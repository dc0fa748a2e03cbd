import { describe, expect, it } from 'vitest';
import { aggregate, macroMean, type Aggregate } from '../../src/bench/aggregate.js';
import { auroc } from '../../src/bench/confidence-metrics.js';
import { expectedCalibrationError, matchesExpected, percentile, relevance, scoreQuery, type QueryMetrics } from '../../src/bench/metrics.js';
import type { MatchMode } from '../../src/bench/queries.js';

/** `src/name` strings to hits. */
const hits = (...ids: string[]): { source: string; name: string }[] =>
  ids.map((id) => {
    const [source = '', name = ''] = id.split('/');
    return { source, name };
  });
const ones: QueryMetrics = { hit1: 1, hit3: 1, hit5: 1, recall5: 1, recall10: 1, mrr: 1, ndcg10: 1, map10: 1 };
const zeros: QueryMetrics = { hit1: 0, hit3: 0, hit5: 0, recall5: 0, recall10: 0, mrr: 0, ndcg10: 0, map10: 0 };
const L2 = (r: number): number => 1 / Math.log2(r + 1); // discount at 1-based rank r

const cases: Array<{ name: string; hits: { source: string; name: string }[]; expected: string[]; match: MatchMode; want: QueryMetrics }> = [
  { name: 'single label at rank 1', hits: hits('s/a', 's/x'), expected: ['a'], match: 'all', want: ones },
  {
    name: 'single label at rank 3',
    hits: hits('s/x', 's/y', 's/a'),
    expected: ['a'],
    match: 'all',
    want: { hit1: 0, hit3: 1, hit5: 1, recall5: 1, recall10: 1, mrr: 1 / 3, ndcg10: L2(3), map10: 1 / 3 },
  },
  {
    name: 'two labels at ranks 1 and 3 (all)',
    hits: hits('s/a', 's/x', 's/b'),
    expected: ['a', 'b'],
    match: 'all',
    want: { hit1: 1, hit3: 1, hit5: 1, recall5: 1, recall10: 1, mrr: 1, ndcg10: (L2(1) + L2(3)) / (L2(1) + L2(2)), map10: (1 / 1 + 2 / 3) / 2 },
  },
  {
    name: 'one of three labels found, at rank 2 (all)',
    hits: hits('s/x', 's/a'),
    expected: ['a', 'b', 'c'],
    match: 'all',
    want: { hit1: 0, hit3: 1, hit5: 1, recall5: 1 / 3, recall10: 1 / 3, mrr: 1 / 2, ndcg10: L2(2) / (L2(1) + L2(2) + L2(3)), map10: 1 / 2 / 3 },
  },
  {
    name: 'alternatives: only the first relevant hit counts (any)',
    hits: hits('s/x', 's/b', 's/a'),
    expected: ['a', 'b'],
    match: 'any',
    want: { hit1: 0, hit3: 1, hit5: 1, recall5: 1, recall10: 1, mrr: 1 / 2, ndcg10: L2(2), map10: 1 / 2 },
  },
  { name: 'no hits at all', hits: [], expected: ['a'], match: 'all', want: zeros },
  { name: 'no hits at all (any)', hits: [], expected: ['a', 'b'], match: 'any', want: zeros },
  {
    name: 'label at rank 6: outside @5, inside @10',
    hits: hits('s/1', 's/2', 's/3', 's/4', 's/5', 's/a'),
    expected: ['a'],
    match: 'all',
    want: { hit1: 0, hit3: 0, hit5: 0, recall5: 0, recall10: 1, mrr: 1 / 6, ndcg10: L2(6), map10: 1 / 6 },
  },
  {
    name: 'label at rank 11: only MRR sees it',
    hits: hits('s/1', 's/2', 's/3', 's/4', 's/5', 's/6', 's/7', 's/8', 's/9', 's/10', 's/a', 's/12'),
    expected: ['a'],
    match: 'all',
    want: { ...zeros, mrr: 1 / 11 },
  },
  { name: 'a bare name matched by two sources counts once', hits: hits('fs/read_file', 'other/read_file'), expected: ['read_file'], match: 'all', want: ones },
  {
    name: 'source/name picks the source',
    hits: hits('fs/read_file', 'gh/read_file'),
    expected: ['gh/read_file'],
    match: 'all',
    want: { hit1: 0, hit3: 1, hit5: 1, recall5: 1, recall10: 1, mrr: 1 / 2, ndcg10: L2(2), map10: 1 / 2 },
  },
  {
    name: 'twelve labels, the top 10 all relevant: ideal is 10',
    hits: hits(...Array.from({ length: 10 }, (_, i) => `s/t${i}`)),
    expected: Array.from({ length: 12 }, (_, i) => `t${i}`),
    match: 'all',
    want: { hit1: 1, hit3: 1, hit5: 1, recall5: 5 / 12, recall10: 10 / 12, mrr: 1, ndcg10: 1, map10: 1 },
  },
];

function expectClose<T extends object>(actual: T, want: T): void {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(want).sort());
  for (const [key, value] of Object.entries(want)) {
    const got = (actual as Record<string, unknown>)[key];
    if (typeof value === 'number') expect(got, key).toBeCloseTo(value, 12);
    else expect(got, key).toEqual(value);
  }
}

describe('scoreQuery', () => {
  it.each(cases)('$name', ({ hits: h, expected, match, want }) => {
    expectClose(scoreQuery(h, expected, match), want);
  });
});

describe('matchesExpected and relevance', () => {
  it.each([
    ['read_file', true],
    ['fs/read_file', true],
    ['gh/read_file', false],
    ['read', false],
    ['fs/read', false],
  ] as const)('%s names fs/read_file: %s', (expected, want) => {
    expect(matchesExpected({ source: 'fs', name: 'read_file' }, expected)).toBe(want);
  });

  it('credits each expected entry once, in rank order', () => {
    expect(relevance(hits('a/x', 'b/x', 'a/y', 'c/x'), ['x', 'a/y', 'c/x'])).toEqual([true, false, true, true]);
  });
});

describe('expectedCalibrationError', () => {
  it.each([
    { name: 'no samples', samples: [], want: null },
    {
      name: 'half right at 0.9',
      samples: [
        { confidence: 0.9, relevant: true },
        { confidence: 0.9, relevant: false },
      ],
      want: 0.4,
    },
    { name: 'perfect at 1.0 (last bin is closed)', samples: [{ confidence: 1, relevant: true }], want: 0 },
    {
      name: 'two bins, 0.05 off each',
      samples: [
        { confidence: 0.05, relevant: false },
        { confidence: 0.95, relevant: true },
      ],
      want: 0.05,
    },
    {
      name: 'weighted by bin size',
      samples: [
        { confidence: 0.3, relevant: true },
        { confidence: 0.35, relevant: false },
        { confidence: 0.7, relevant: true },
      ],
      want: (2 / 3) * Math.abs(0.5 - 0.325) + (1 / 3) * 0.3,
    },
    { name: 'NaN counts as 0', samples: [{ confidence: Number.NaN, relevant: false }], want: 0 },
    { name: 'above 1 is clamped', samples: [{ confidence: 1.5, relevant: true }], want: 0 },
    { name: 'below 0 is clamped', samples: [{ confidence: -1, relevant: true }], want: 1 },
  ])('$name', ({ samples, want }) => {
    const got = expectedCalibrationError(samples);
    if (want === null) expect(got).toBeNull();
    else expect(got).toBeCloseTo(want, 12);
  });
});

describe('percentile (nearest rank)', () => {
  it.each([
    { values: [], p: 50, want: null },
    { values: [5], p: 50, want: 5 },
    { values: [5], p: 95, want: 5 },
    { values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], p: 50, want: 5 },
    { values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], p: 95, want: 10 },
    { values: [4, 1, 3, 2], p: 50, want: 2 },
    { values: [4, 1, 3, 2], p: 95, want: 4 },
    { values: Array.from({ length: 100 }, (_, i) => 100 - i), p: 95, want: 95 },
  ])('p$p of $values.length values', ({ values, p, want }) => {
    expect(percentile(values, p)).toBe(want);
  });
});

describe('aggregate and macroMean', () => {
  const a = { metrics: ones, samples: [{ confidence: 1, relevant: true }], latencyMs: 2, answerable: true };
  const b = { metrics: zeros, samples: [{ confidence: 0.5, relevant: false }], latencyMs: 4, answerable: true };
  const failed = { metrics: zeros, samples: [], latencyMs: null, answerable: true };

  it('pools queries: means, ECE over all pairs, percentiles over the latencies that exist', () => {
    expect(aggregate([a, b, failed])).toEqual({
      queries: 3,
      hit1: 1 / 3,
      hit3: 1 / 3,
      hit5: 1 / 3,
      recall5: 1 / 3,
      recall10: 1 / 3,
      mrr: 1 / 3,
      ndcg10: 1 / 3,
      map10: 1 / 3,
      ece: 0.5 * 0 + 0.5 * 0.5,
      eceSamples: 2,
      ece1: 0.5 * 0 + 0.5 * 0.5,
      ece1Samples: 2,
      latencyP50Ms: 2,
      latencyP95Ms: 4,
      answerable: 3,
      noAnswer: 0,
      // first results (1, right), (0.5, wrong), (none: 0, wrong): only the 0.5 bin is off, by 0.5
      ece1All: 0.5 / 3,
      noAnswerConfident: null,
      auroc: 1,
      precision50: 0.5,
      covered50: 2,
    });
  });

  it('ECE@1 scores the first hit of each query only; ECE (top 10) every hit', () => {
    // Query 1: top hit 0.875 relevant, second 0.375 not; query 2: top hit 0.8125 not relevant, second 0.125 relevant.
    // ECE@1: one bin [0.8, 0.9) with 2 samples, accuracy 1/2, mean confidence 0.84375 -> |0.5 - 0.84375| = 0.34375.
    // ECE: bins 0.1 (0.125, relevant: 0.875), 0.3 (0.375, not: 0.375), 0.8 (as above) -> (0.875 + 0.375 + 2 * 0.34375) / 4 = 0.484375.
    const q1 = {
      metrics: ones,
      samples: [
        { confidence: 0.875, relevant: true },
        { confidence: 0.375, relevant: false },
      ],
      latencyMs: 1,
      answerable: true,
    };
    const q2 = {
      metrics: zeros,
      samples: [
        { confidence: 0.8125, relevant: false },
        { confidence: 0.125, relevant: true },
      ],
      latencyMs: 1,
      answerable: true,
    };
    const out = aggregate([q1, q2, failed]);
    expect([out.ece1, out.ece1Samples, out.ece, out.eceSamples]).toEqual([0.34375, 2, 0.484375, 4]);
  });

  it('gives nulls for no queries', () => {
    expect(aggregate([])).toEqual({
      queries: 0,
      hit1: null,
      hit3: null,
      hit5: null,
      recall5: null,
      recall10: null,
      mrr: null,
      ndcg10: null,
      map10: null,
      ece: null,
      eceSamples: 0,
      ece1: null,
      ece1Samples: 0,
      latencyP50Ms: null,
      latencyP95Ms: null,
      answerable: 0,
      noAnswer: 0,
      ece1All: null,
      noAnswerConfident: null,
      auroc: null,
      precision50: null,
      covered50: 0,
    });
  });

  it('macro: unweighted mean over datasets, empty datasets left out', () => {
    const big: Aggregate = aggregate([a, a, a]);
    const small: Aggregate = aggregate([b]);
    const macro = macroMean([big, small, aggregate([])]);
    expect(macro).toEqual({
      queries: 4,
      hit1: 0.5,
      hit3: 0.5,
      hit5: 0.5,
      recall5: 0.5,
      recall10: 0.5,
      mrr: 0.5,
      ndcg10: 0.5,
      map10: 0.5,
      ece: 0.25,
      eceSamples: 4,
      ece1: 0.25,
      ece1Samples: 4,
      latencyP50Ms: 3,
      latencyP95Ms: 3,
      answerable: 4,
      noAnswer: 0,
      ece1All: 0.25,
      noAnswerConfident: null,
      auroc: null,
      precision50: 0.5,
      covered50: 4,
    });
    expect(aggregate([a, a, a, b]).hit1).toBe(0.75);
  });

  it('scores no-answer requests with the confidence metrics only', () => {
    // two answerable (one right at 0.9, one wrong at 0.6), two no-answer (first results at 0.7 and 0.2)
    const right = { metrics: ones, samples: [{ confidence: 0.9, relevant: true }], latencyMs: 1, answerable: true };
    const wrong = { metrics: zeros, samples: [{ confidence: 0.6, relevant: false }], latencyMs: 1, answerable: true };
    const noneHigh = { metrics: zeros, samples: [{ confidence: 0.7, relevant: false }], latencyMs: 1, answerable: false };
    const noneLow = { metrics: zeros, samples: [{ confidence: 0.2, relevant: false }], latencyMs: 1, answerable: false };
    const out = aggregate([right, wrong, noneHigh, noneLow]);
    // ranking metrics over the answerable two only
    expect([out.queries, out.answerable, out.noAnswer, out.hit1, out.ece1Samples]).toEqual([4, 2, 2, 0.5, 2]);
    // half the no-answer requests claim >= 0.5; the right one outscores all three others; 1 of 3 confident ones is right
    expect([out.noAnswerConfident, out.auroc, out.precision50, out.covered50]).toEqual([0.5, 1, 1 / 3, 3]);
    // ECE@1 over all four: bins 0.9 (|1 - 0.9|), 0.6 (0.6), 0.7 (0.7), 0.2 (0.2), each a quarter
    expect(out.ece1All).toBeCloseTo((0.1 + 0.6 + 0.7 + 0.2) / 4, 12);
  });
});

describe('auroc', () => {
  it.each<[string, Array<[number, boolean]>, number | null]>([
    [
      'perfect separation',
      [
        [0.9, true],
        [0.8, true],
        [0.2, false],
      ],
      1,
    ],
    [
      'inverted',
      [
        [0.1, true],
        [0.9, false],
      ],
      0,
    ],
    [
      'ties count half',
      [
        [0.5, true],
        [0.5, false],
      ],
      0.5,
    ],
    [
      'one of two pairs right',
      [
        [0.6, true],
        [0.4, false],
        [0.8, false],
      ],
      0.5,
    ],
    ['no negatives', [[0.5, true]], null],
    ['no positives', [[0.5, false]], null],
  ])('%s', (_, pairs, want) => {
    expect(auroc(pairs.map(([score, positive]) => ({ score, positive })))).toBe(want);
  });
});
