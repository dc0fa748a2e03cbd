// Confidence: the calibrated probability that a result is right, by the logistic models of
// params/calibration-model.ts over the features build-hits.ts computes (the first result has its
// own model: it is the one an agent acts on, and the one that must say when no tool fits).
import {
  type CalibrationModel,
  type ConfidenceFeatures,
  DEFAULT_CALIBRATION,
  FEATURE_NAMES,
  type LogisticModel,
  type VectorFeatures,
  WITH_VECTOR_FEATURE_NAMES,
} from '../params/calibration-model.js';

/** The probability of one logistic model, never exactly 0 or 1. */
export function logistic<N extends string = keyof ConfidenceFeatures>(
  features: Readonly<Record<N, number>>,
  model: LogisticModel<N>,
  names: readonly N[] = FEATURE_NAMES as unknown as readonly N[],
): number {
  let z = model.intercept;
  for (const name of names) z += model.coefficients[name] * features[name];
  const p = 1 / (1 + Math.exp(-z));
  return Math.min(0.999, Math.max(0.001, p));
}

/**
 * Calibrated probability that the result is right: the first result (reciprocal rank 1) by `first`,
 * the others by `others`; by the vector models when the search used vectors and they are fitted.
 */
export function confidence(features: ConfidenceFeatures, model: CalibrationModel = DEFAULT_CALIBRATION, vector?: VectorFeatures): number {
  const first = features.reciprocalRank === 1;
  if (vector !== undefined && model.vector !== undefined)
    return logistic({ ...features, ...vector }, first ? model.vector.first : model.vector.others, WITH_VECTOR_FEATURE_NAMES);
  return logistic(features, first ? model.first : model.others);
}
