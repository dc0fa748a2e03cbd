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
  /**
   * Absolute evidence: the IDF-weighted share of the request's terms the tool matches (exactly or
   * corrected); a word no tool has counts with the largest IDF, so a request about something the
   * catalog never mentions explains little, however far the first result leads.
   */
  explained: number;
  /** Absolute evidence: the BM25 score over the request's own best possible score (each term at its largest impact). */
  selfScore: number;
  /** Agreement of the request's action (intent) with the tool's annotations, 0.5 when either says nothing. */
  actionAgree: number;
  /**
   * The lead backed by evidence: margin × selfScore. A first result far ahead of the rest on one
   * incidental word ("time" deep in a description) leads by a lot with little evidence; a lead
   * counts as much as the evidence behind it.
   */
  backedLead: number;
}

export const FEATURE_NAMES: readonly (keyof ConfidenceFeatures)[] = [
  'fused',
  'relative',
  'coverage',
  'reciprocalRank',
  'margin',
  'strength',
  'explained',
  'selfScore',
  'actionAgree',
  'backedLead',
];

/** A logistic model: an intercept and a coefficient per feature. */
export interface LogisticModel {
  intercept: number;
  coefficients: Readonly<Record<keyof ConfidenceFeatures, number>>;
}

/**
 * The confidence model: one logistic model for the first result (the one an agent acts on,
 * fitted on first results of answerable and no-answer requests) and one for the results after it.
 */
export interface CalibrationModel {
  first: LogisticModel;
  others: LogisticModel;
}

/** The model of a data file (data-file.ts): for `first` and `others`, an intercept and a finite coefficient per feature, all fitted. */
export function calibrationFromFile(data: unknown, file = 'src/search/params/data/calibration.json'): CalibrationModel {
  const { priors, fitted } = checkFitFile(data, file);
  const merged = mergeDisjoint(priors, fitted, file);
  exactKeys(merged, [], ['model'], file);
  exactKeys(merged, ['model'], ['first', 'others'], file);
  const part = (name: 'first' | 'others'): LogisticModel => {
    exactKeys(merged, ['model', name], ['intercept', 'coefficients'], file);
    exactKeys(merged, ['model', name, 'coefficients'], FEATURE_NAMES, file);
    const coefficients = Object.fromEntries(FEATURE_NAMES.map((n) => [n, finiteAt(merged, ['model', name, 'coefficients', n], file)])) as Record<
      keyof ConfidenceFeatures,
      number
    >;
    return { intercept: finiteAt(merged, ['model', name, 'intercept'], file), coefficients };
  };
  return { first: part('first'), others: part('others') };
}

export const DEFAULT_CALIBRATION: CalibrationModel = calibrationFromFile(calibrationData);
