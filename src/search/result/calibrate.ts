// Confidence: the calibrated probability that a result is right, by the logistic models of
// params/calibration-model.ts over the features build-hits.ts computes (the first result has its
// own model: it is the one an agent acts on, and the one that must say when no tool fits).
import { type CalibrationModel, type ConfidenceFeatures, DEFAULT_CALIBRATION, FEATURE_NAMES, type LogisticModel } from '../params/calibration-model.js';

/** The probability of one logistic model, never exactly 0 or 1. */
export function logistic(features: ConfidenceFeatures, model: LogisticModel): number {
  let z = model.intercept;
  for (const name of FEATURE_NAMES) z += model.coefficients[name] * features[name];
  const p = 1 / (1 + Math.exp(-z));
  return Math.min(0.999, Math.max(0.001, p));
}

/** Calibrated probability that the result is right: the first result (reciprocal rank 1) by `first`, the others by `others`. */
export function confidence(features: ConfidenceFeatures, model: CalibrationModel = DEFAULT_CALIBRATION): number {
  return logistic(features, features.reciprocalRank === 1 ? model.first : model.others);
}
