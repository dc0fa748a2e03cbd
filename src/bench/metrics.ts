// Retrieval metrics of the benchmark. Definitions: docs/benchmarks.md, "Metric definitions".
import type { MatchMode } from './queries.js';

/** What scoring needs of a hit. */
export interface RankedHit {
  name: string;
  source: string;
  confidence: number;
}

export interface QueryMetrics {
  hit1: number;
  hit3: number;
  hit5: number;
  recall5: number;
  recall10: number;
  mrr: number;
  ndcg10: number;
  map10: number;
}

export const METRIC_KEYS = ['hit1', 'hit3', 'hit5', 'recall5', 'recall10', 'mrr', 'ndcg10', 'map10'] as const satisfies ReadonlyArray<keyof QueryMetrics>;

/** An expected entry `x` names a hit when `x` is its name or `source/name`. */
export function matchesExpected(hit: Pick<RankedHit, 'name' | 'source'>, expected: string): boolean {
  return expected === hit.name || expected === `${hit.source}/${hit.name}`;
}

/**
 * Relevance of each hit, in rank order: a hit is relevant when it names an expected entry that
 * no higher-ranked hit named already (so a bare `read_file` matched by tools of two sources counts
 * once, and relevant hits never outnumber the expected entries).
 */
export function relevance(hits: readonly Pick<RankedHit, 'name' | 'source'>[], expected: readonly string[]): boolean[] {
  const credited = new Set<string>();
  return hits.map((hit) => {
    const entry = expected.find((x) => !credited.has(x) && matchesExpected(hit, x));
    if (entry === undefined) return false;
    credited.add(entry);
    return true;
  });
}

const countIn = (rel: readonly boolean[], k: number): number => rel.slice(0, k).filter(Boolean).length;

/** Scores one query's ranked hits (best first) against its labels. */
export function scoreQuery(hits: readonly Pick<RankedHit, 'name' | 'source'>[], expected: readonly string[], match: MatchMode): QueryMetrics {
  const rel = relevance(hits, expected);
  const first = rel.indexOf(true);
  const hitAt = (k: number): number => (first >= 0 && first < k ? 1 : 0);
  const total = expected.length;
  const recallAt = (k: number): number => (match === 'any' ? hitAt(k) : total === 0 ? 0 : countIn(rel, k) / total);
  let ndcg10 = 0;
  let map10 = 0;
  if (match === 'any') {
    // One relevant hit satisfies the query: only the first one counts; the ideal is it at rank 1.
    if (first >= 0 && first < 10) {
      ndcg10 = 1 / Math.log2(first + 2);
      map10 = 1 / (first + 1);
    }
  } else if (total > 0) {
    const ideal = Math.min(total, 10);
    let dcg = 0;
    let idcg = 0;
    let found = 0;
    let precisionSum = 0;
    for (let r = 0; r < 10; r += 1) {
      if (r < ideal) idcg += 1 / Math.log2(r + 2);
      if (rel[r] !== true) continue;
      dcg += 1 / Math.log2(r + 2);
      found += 1;
      precisionSum += found / (r + 1);
    }
    ndcg10 = dcg / idcg;
    map10 = precisionSum / ideal;
  }
  return { hit1: hitAt(1), hit3: hitAt(3), hit5: hitAt(5), recall5: recallAt(5), recall10: recallAt(10), mrr: first >= 0 ? 1 / (first + 1) : 0, ndcg10, map10 };
}

/** One (confidence, relevant) pair for calibration. */
export interface CalibrationSample {
  confidence: number;
  relevant: boolean;
}

/** A confidence as scored: clamped to [0, 1]; not a finite number counts as 0. */
const clampConfidence = (c: number): number => (Number.isFinite(c) ? Math.min(1, Math.max(0, c)) : 0);

/**
 * Expected calibration error over 10 equal-width bins ([0, 0.1), ..., [0.9, 1.0]):
 * sum over bins of (n_b / N) * |accuracy_b - mean confidence_b|. Null with no samples.
 */
export function expectedCalibrationError(samples: readonly CalibrationSample[], bins = 10): number | null {
  if (samples.length === 0) return null;
  const n = new Array<number>(bins).fill(0);
  const correct = new Array<number>(bins).fill(0);
  const conf = new Array<number>(bins).fill(0);
  for (const s of samples) {
    const c = clampConfidence(s.confidence);
    const b = Math.min(bins - 1, Math.floor(c * bins));
    n[b] = (n[b] ?? 0) + 1;
    correct[b] = (correct[b] ?? 0) + (s.relevant ? 1 : 0);
    conf[b] = (conf[b] ?? 0) + c;
  }
  let ece = 0;
  for (let b = 0; b < bins; b += 1) {
    const count = n[b] ?? 0;
    if (count === 0) continue;
    ece += (count / samples.length) * Math.abs((correct[b] ?? 0) / count - (conf[b] ?? 0) / count);
  }
  return ece;
}

/** Nearest-rank percentile (p in (0, 100]): the ceil(p/100 * n)-th smallest value. Null when empty. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? null;
}
