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
  /**
   * How decided the final order is between the first result and the second: 2σ(s₁ − s₂) − 1 over
   * the re-ranker's scores (a pairwise logistic model, so σ(s₁ − s₂) is its probability that the
   * first beats the second); 1 when only one tool is a candidate (nothing to decide against); 0
   * after the first result, and when the strategy does not re-rank.
   */
  decisive: number;
  /**
   * A decided order backed by the name: decisive × the IDF share of the first result's name the
   * request says (evidence-features.ts `nameExplained`). A re-ranker sure of a tool whose name the
   * request never says ("what time is it" → get_file_info, won on one word deep in its
   * description) is sure of little; 0 after the first result.
   */
  namedDecisive: number;
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
  'decisive',
  'namedDecisive',
];

/** A logistic model: an intercept and a coefficient per feature. */
export interface LogisticModel<N extends string = keyof ConfidenceFeatures> {
  intercept: number;
  coefficients: Readonly<Record<N, number>>;
}

/**
 * What vectors add to the evidence of a result when a search used them (strategies vector, hybrid,
 * auto): how close the request's embedding is to the tool's. A lexical winner whose text the
 * embedding finds unrelated ("what time is it" against a tool that mentions modification times)
 * is weak evidence however far it leads.
 */
export interface VectorFeatures {
  /** The tool's cosine similarity to the request (0 when not among the nearest tools). */
  cosine: number;
  /** That cosine over the best cosine of the request (0 with none above 0). */
  cosineRelative: number;
}

export const VECTOR_FEATURE_NAMES: readonly (keyof VectorFeatures)[] = ['cosine', 'cosineRelative'];
export type WithVectorFeatures = ConfidenceFeatures & VectorFeatures;
export const WITH_VECTOR_FEATURE_NAMES: readonly (keyof WithVectorFeatures)[] = [...FEATURE_NAMES, ...VECTOR_FEATURE_NAMES];

/**
 * The confidence model: one logistic model for the first result (the one an agent acts on,
 * fitted on first results of answerable and no-answer requests) and one for the results after it.
 */
export interface CalibrationModel {
  first: LogisticModel;
  others: LogisticModel;
  /** The models of a search that used vectors, over the same features and the vector ones; fitted only where vectors could be computed. */
  vector?: { first: LogisticModel<keyof WithVectorFeatures>; others: LogisticModel<keyof WithVectorFeatures> };
}

/** The model of a data file (data-file.ts): for `first` and `others`, an intercept and a finite coefficient per feature, all fitted. */
export function calibrationFromFile(data: unknown, file = 'src/search/params/data/calibration.json'): CalibrationModel {
  const { priors, fitted } = checkFitFile(data, file);
  const merged = mergeDisjoint(priors, fitted, file);
  exactKeys(merged, [], ['model'], file);
  const model = (merged as { model?: Record<string, unknown> }).model ?? {};
  const withVector = 'vector' in model;
  exactKeys(merged, ['model'], withVector ? ['first', 'others', 'vector'] : ['first', 'others'], file);
  const part = <N extends string>(path: readonly string[], names: readonly N[]): LogisticModel<N> => {
    exactKeys(merged, path, ['intercept', 'coefficients'], file);
    exactKeys(merged, [...path, 'coefficients'], names, file);
    const coefficients = Object.fromEntries(names.map((n) => [n, finiteAt(merged, [...path, 'coefficients', n], file)])) as Record<N, number>;
    return { intercept: finiteAt(merged, [...path, 'intercept'], file), coefficients };
  };
  const out: CalibrationModel = { first: part(['model', 'first'], FEATURE_NAMES), others: part(['model', 'others'], FEATURE_NAMES) };
  if (withVector) {
    exactKeys(merged, ['model', 'vector'], ['first', 'others'], file);
    out.vector = {
      first: part(['model', 'vector', 'first'], WITH_VECTOR_FEATURE_NAMES),
      others: part(['model', 'vector', 'others'], WITH_VECTOR_FEATURE_NAMES),
    };
  }
  return out;
}

export const DEFAULT_CALIBRATION: CalibrationModel = calibrationFromFile(calibrationData);
