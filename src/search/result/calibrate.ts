// Confidence: a logistic model over features of a result, fitted on train/dev queries by
// benchmarks/fit.ts and stored in data/calibration.json.
import calibrationData from '../fit/data/calibration.json' with { type: 'json' };
import { checkFitFile, exactKeys, finiteAt, mergeDisjoint } from '../fit/data-file.js';

/** Features of one result; all in [0, 1] or small positive ranges. */
export interface ConfidenceFeatures {
  /** Fused score over the largest possible fused score of the sources used. */
  fused: number;
  /** BM25 score relative to the best BM25 score of the query (0 when not a lexical match). */
  relative: number;
  /** Share of the query's terms the tool matched (exactly or after correction). */
  coverage: number;
  /** 1 / rank. */
  reciprocalRank: number;
  /** How far the best lexical match leads the second, relative to the best (query-level). */
  margin: number;
  /** log(1 + BM25 score). */
  strength: number;
}

export const FEATURE_NAMES: readonly (keyof ConfidenceFeatures)[] = ['fused', 'relative', 'coverage', 'reciprocalRank', 'margin', 'strength'];

export interface CalibrationModel {
  intercept: number;
  coefficients: Readonly<Record<keyof ConfidenceFeatures, number>>;
}

/** The model of a data file (data-file.ts): an intercept and a finite coefficient per feature, all fitted. */
export function calibrationFromFile(data: unknown, file = 'src/search/fit/data/calibration.json'): CalibrationModel {
  const { priors, fitted } = checkFitFile(data, file);
  const merged = mergeDisjoint(priors, fitted, file);
  exactKeys(merged, [], ['model'], file);
  exactKeys(merged, ['model'], ['intercept', 'coefficients'], file);
  exactKeys(merged, ['model', 'coefficients'], FEATURE_NAMES, file);
  const coefficients = Object.fromEntries(FEATURE_NAMES.map((n) => [n, finiteAt(merged, ['model', 'coefficients', n], file)])) as Record<keyof ConfidenceFeatures, number>;
  return { intercept: finiteAt(merged, ['model', 'intercept'], file), coefficients };
}

export const DEFAULT_CALIBRATION: CalibrationModel = calibrationFromFile(calibrationData);

/** Calibrated probability that the result is relevant. Never exactly 0 or 1. */
export function confidence(features: ConfidenceFeatures, model: CalibrationModel = DEFAULT_CALIBRATION): number {
  let z = model.intercept;
  for (const name of FEATURE_NAMES) z += model.coefficients[name] * features[name];
  const p = 1 / (1 + Math.exp(-z));
  return Math.min(0.999, Math.max(0.001, p));
}

/**
 * Fits a logistic model by Newton's method with a small L2 penalty (deterministic). Coefficients
 * are kept non-negative, so confidence never falls when a feature of relevance rises: a feature
 * that comes out negative is dropped and the rest refitted.
 */
export function fitLogistic(rows: readonly ConfidenceFeatures[], labels: readonly number[], l2 = 0.01, iterations = 50): CalibrationModel {
  let active = [...FEATURE_NAMES];
  for (;;) {
    const model = fitActive(rows, labels, active, l2, iterations);
    const negative = active.filter((n) => model.coefficients[n] < 0).sort((a, b) => model.coefficients[a] - model.coefficients[b]);
    if (negative.length === 0) return model;
    active = active.filter((n) => n !== negative[0]);
  }
}

function fitActive(rows: readonly ConfidenceFeatures[], labels: readonly number[], active: readonly (keyof ConfidenceFeatures)[], l2: number, iterations: number): CalibrationModel {
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
  const coefficients = Object.fromEntries(FEATURE_NAMES.map((n) => [n, active.includes(n) ? round(w[active.indexOf(n) + 1]!) : 0])) as unknown as Record<keyof ConfidenceFeatures, number>;
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
