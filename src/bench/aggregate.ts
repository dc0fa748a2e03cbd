// Means of per-query metrics: pooled over queries, or macro over datasets.
import { type ConfidenceMetrics, confidenceMetrics } from './confidence-metrics.js';
import { METRIC_KEYS, expectedCalibrationError, percentile, type CalibrationSample, type QueryMetrics } from './metrics.js';

/** What aggregation needs of one scored query. */
export interface ScoredQuery {
  metrics: QueryMetrics;
  /** (confidence, relevant) of each returned hit in the top 10, in rank order (the first is the top hit). */
  samples: CalibrationSample[];
  /** Warm latency; null when the search failed. */
  latencyMs: number | null;
  /** False for a request no tool of the catalog answers (`expected: []`). */
  answerable: boolean;
}

/**
 * Metrics over a set of queries. Ranking metrics and ECE are over the answerable queries; the
 * confidence metrics over all. Every value is null when there are no queries (or no samples).
 */
export interface Aggregate extends ConfidenceMetrics {
  queries: number;
  hit1: number | null;
  hit3: number | null;
  hit5: number | null;
  recall5: number | null;
  recall10: number | null;
  mrr: number | null;
  ndcg10: number | null;
  map10: number | null;
  ece: number | null;
  /** (query, hit) pairs the ECE is computed over. */
  eceSamples: number;
  /** Top-1 ECE: the first hit's confidence against whether it is relevant (10 bins), over the queries with a hit. */
  ece1: number | null;
  /** Queries with a hit (the samples of ECE@1). */
  ece1Samples: number;
  latencyP50Ms: number | null;
  latencyP95Ms: number | null;
}

const mean = (values: readonly number[]): number | null => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);

/** Pooled: each query weighs the same; ECE over all pairs; percentiles over all latencies. */
export function aggregate(records: readonly ScoredQuery[]): Aggregate {
  const out: Omit<Aggregate, keyof ConfidenceMetrics> = {
    queries: records.length,
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
  };
  const answerable = records.filter((r) => r.answerable);
  for (const key of METRIC_KEYS) out[key] = mean(answerable.map((r) => r.metrics[key]));
  const samples = answerable.flatMap((r) => r.samples);
  out.ece = expectedCalibrationError(samples);
  out.eceSamples = samples.length;
  const top = answerable.flatMap((r) => r.samples.slice(0, 1));
  out.ece1 = expectedCalibrationError(top);
  out.ece1Samples = top.length;
  const latencies = records.flatMap((r) => (r.latencyMs === null ? [] : [r.latencyMs]));
  out.latencyP50Ms = percentile(latencies, 50);
  out.latencyP95Ms = percentile(latencies, 95);
  return {
    ...out,
    ...confidenceMetrics(
      records.map((r) => ({ confidence: r.samples[0]?.confidence ?? 0, correct: r.samples[0]?.relevant === true, answerable: r.answerable })),
    ),
  };
}

/**
 * Macro: the unweighted mean over datasets of each value (a dataset with no queries, or a null
 * value, is left out of that value's mean). `queries`, `eceSamples` and `ece1Samples` are sums.
 */
export function macroMean(parts: readonly Aggregate[]): Aggregate {
  const used = parts.filter((p) => p.queries > 0);
  const avg = (key: keyof Aggregate): number | null => mean(used.flatMap((p) => (p[key] === null ? [] : [p[key]])));
  return {
    queries: used.reduce((a, p) => a + p.queries, 0),
    hit1: avg('hit1'),
    hit3: avg('hit3'),
    hit5: avg('hit5'),
    recall5: avg('recall5'),
    recall10: avg('recall10'),
    mrr: avg('mrr'),
    ndcg10: avg('ndcg10'),
    map10: avg('map10'),
    ece: avg('ece'),
    eceSamples: used.reduce((a, p) => a + p.eceSamples, 0),
    ece1: avg('ece1'),
    ece1Samples: used.reduce((a, p) => a + p.ece1Samples, 0),
    latencyP50Ms: avg('latencyP50Ms'),
    latencyP95Ms: avg('latencyP95Ms'),
    answerable: used.reduce((a, p) => a + p.answerable, 0),
    noAnswer: used.reduce((a, p) => a + p.noAnswer, 0),
    ece1All: avg('ece1All'),
    noAnswerConfident: avg('noAnswerConfident'),
    auroc: avg('auroc'),
    precision50: avg('precision50'),
    covered50: used.reduce((a, p) => a + p.covered50, 0),
  };
}
