// Fits the re-ranking model: pairwise logistic regression (a linear RankNet). For every query,
// each (relevant, not relevant) pair of its candidates is one example whose input is the
// difference of their features; every query weighs the same in total, however many pairs it has.
// Newton's method with an L2 penalty: deterministic, a few iterations for a handful of features.
import { solve } from './logistic-fit.js';

export interface RankingExample {
  /** Feature vectors of the candidates, in the order they were ranked before. */
  features: readonly (readonly number[])[];
  relevant: readonly boolean[];
}

/** Weights w maximizing sum over queries of mean over pairs of log sigmoid(w . (x_pos - x_neg)), minus l2/2 |w|^2. */
export function fitPairwise(examples: readonly RankingExample[], l2 = 0.1, iterations = 30): number[] {
  const d = examples.find((e) => e.features.length > 0)?.features[0]?.length ?? 0;
  const pairs: { x: number[]; weight: number }[] = [];
  for (const e of examples) {
    const pos = e.features.filter((_, i) => e.relevant[i] === true);
    const neg = e.features.filter((_, i) => e.relevant[i] !== true);
    if (pos.length === 0 || neg.length === 0) continue;
    const weight = 1 / (pos.length * neg.length);
    for (const p of pos) for (const n of neg) pairs.push({ x: p.map((v, j) => v - n[j]!), weight });
  }
  let w = new Array<number>(d).fill(0);
  for (let it = 0; it < iterations; it++) {
    const grad = w.map((v) => l2 * v);
    const hess = Array.from({ length: d }, (_, j) => Array.from({ length: d }, (_, k) => (j === k ? l2 : 0)));
    for (const { x, weight } of pairs) {
      const z = x.reduce((s, v, j) => s + v * w[j]!, 0);
      const p = 1 / (1 + Math.exp(-z));
      const h = Math.max(p * (1 - p), 1e-9) * weight;
      for (let j = 0; j < d; j++) {
        grad[j]! -= (1 - p) * weight * x[j]!;
        for (let k = 0; k < d; k++) hess[j]![k]! += h * x[j]! * x[k]!;
      }
    }
    const step = solve(hess, grad);
    w = w.map((v, j) => v - step[j]!);
    if (Math.max(0, ...step.map(Math.abs)) < 1e-9) break;
  }
  return w.map((v) => Math.round(v * 1e6) / 1e6);
}

/** The order a linear model puts candidates in (indexes into the list; ties keep the list order). */
export function orderBy(features: readonly (readonly number[])[], weights: readonly number[]): number[] {
  const scores = features.map((x) => x.reduce((s, v, j) => s + v * (weights[j] ?? 0), 0));
  return features.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
}
