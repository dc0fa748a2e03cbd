// The confidence model: its features and a logistic model over them, read from
// data/calibration.json (fitted by benchmarks/fit.ts on train/dev queries).
import calibrationData from './data/calibration.json' with { type: 'json' };
import { checkFitFile, exactKeys, finiteAt, mergeDisjoint } from './data-file.js';

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
export function calibrationFromFile(data: unknown, file = 'src/search/params/data/calibration.json'): CalibrationModel {
  const { priors, fitted } = checkFitFile(data, file);
  const merged = mergeDisjoint(priors, fitted, file);
  exactKeys(merged, [], ['model'], file);
  exactKeys(merged, ['model'], ['intercept', 'coefficients'], file);
  exactKeys(merged, ['model', 'coefficients'], FEATURE_NAMES, file);
  const coefficients = Object.fromEntries(FEATURE_NAMES.map((n) => [n, finiteAt(merged, ['model', 'coefficients', n], file)])) as Record<
    keyof ConfidenceFeatures,
    number
  >;
  return { intercept: finiteAt(merged, ['model', 'intercept'], file), coefficients };
}

export const DEFAULT_CALIBRATION: CalibrationModel = calibrationFromFile(calibrationData);
