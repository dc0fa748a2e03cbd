// Confidence: the calibrated probability that a result is relevant, by the logistic model of
// params/calibration-model.ts over the features build-hits.ts computes.
import { DEFAULT_CALIBRATION, FEATURE_NAMES, type CalibrationModel, type ConfidenceFeatures } from '../params/calibration-model.js';

/** Calibrated probability that the result is relevant. Never exactly 0 or 1. */
export function confidence(features: ConfidenceFeatures, model: CalibrationModel = DEFAULT_CALIBRATION): number {
  let z = model.intercept;
  for (const name of FEATURE_NAMES) z += model.coefficients[name] * features[name];
  const p = 1 / (1 + Math.exp(-z));
  return Math.min(0.999, Math.max(0.001, p));
}
