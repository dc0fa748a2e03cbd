// Fitting the confidence model (benchmarks/fit.ts): logistic regression by Newton's method, and
// the linear solver the pairwise re-ranker fit shares.
import { FEATURE_NAMES, type LogisticModel } from '../params/calibration-model.js';

/**
 * Fits a logistic model by Newton's method with a small L2 penalty (deterministic). Coefficients
 * are kept non-negative, so confidence never falls when a feature of relevance rises: a feature
 * that comes out negative is dropped and the rest refitted.
 */
export function fitLogistic<N extends string = (typeof FEATURE_NAMES)[number]>(
  rows: readonly Readonly<Record<N, number>>[],
  labels: readonly number[],
  l2 = 0.01,
  iterations = 50,
  names: readonly N[] = FEATURE_NAMES as unknown as readonly N[],
): LogisticModel<N> {
  let active = [...names];
  for (;;) {
    const model = fitActive(rows, labels, names, active, l2, iterations);
    const negative = active.filter((n) => model.coefficients[n] < 0).sort((a, b) => model.coefficients[a] - model.coefficients[b]);
    if (negative.length === 0) return model;
    active = active.filter((n) => n !== negative[0]);
  }
}

function fitActive<N extends string>(
  rows: readonly Readonly<Record<N, number>>[],
  labels: readonly number[],
  names: readonly N[],
  active: readonly N[],
  l2: number,
  iterations: number,
): LogisticModel<N> {
  const d = active.length + 1;
  const x = rows.map((r) => [1, ...active.map((n) => r[n])]);
  let w: number[] = new Array<number>(d).fill(0);
  for (let it = 0; it < iterations; it++) {
    const grad = new Array<number>(d).fill(0);
    const hess = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    x.forEach((xi, i) => {
      const z = xi.reduce((s, v, j) => s + v * w[j]!, 0);
      const p = 1 / (1 + Math.exp(-z));
      const g = p - labels[i]!;
      const h = Math.max(p * (1 - p), 1e-9);
      for (let j = 0; j < d; j++) {
        grad[j]! += g * xi[j]!;
        for (let k = 0; k < d; k++) hess[j]![k]! += h * xi[j]! * xi[k]!;
      }
    });
    for (let j = 1; j < d; j++) {
      grad[j]! += l2 * w[j]!;
      hess[j]![j]! += l2;
    }
    const step = solve(hess, grad);
    w = w.map((v, j) => v - step[j]!);
    if (Math.max(...step.map(Math.abs)) < 1e-9) break;
  }
  const coefficients = Object.fromEntries(names.map((n) => [n, active.includes(n) ? round(w[active.indexOf(n) + 1]!) : 0])) as unknown as Record<N, number>;
  return { intercept: round(w[0]!), coefficients };
}

function round(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

/** Solves A x = b by Gaussian elimination with partial pivoting. */
export function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    const p = m[c]![c]!;
    if (Math.abs(p) < 1e-12) continue;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / p;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => (Math.abs(row[i]!) < 1e-12 ? 0 : row[n]! / row[i]!));
}
