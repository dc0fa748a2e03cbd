// The confidence of a search_code hit ranked with vectors (strategies vector, hybrid and auto): a
// logistic model over the hit's lexical confidence (code-confidence.ts; 0 when the lexical ranking
// did not return it), its cosine to the request, that cosine over the best one, and 1 / its rank,
// fitted by `npm run fit:code` on the top-10 hits of the train and dev requests ranked with
// use-lite vectors (`fitted.vector` of data/code-calibration.json). A hit the request names keeps
// its tier's prior. Without a fitted model (use-lite was not installed when it was fitted) the
// hit's lexical confidence is used.
import calibrationData from './data/code-calibration.json' with { type: 'json' };
import { checkFitFile, exactKeys, finiteAt, isPlainObject } from '../search/params/data-file.js';

export const CODE_VECTOR_FEATURES = ['lexical', 'cosine', 'cosineRelative', 'reciprocalRank'] as const;
export type CodeVectorFeatureName = (typeof CODE_VECTOR_FEATURES)[number];
export type CodeVectorFeatures = Record<CodeVectorFeatureName, number>;

export interface CodeVectorModel {
  intercept: number;
  coefficients: Readonly<CodeVectorFeatures>;
}

/** The vector model of a data file, or undefined when it has none. */
export function codeVectorCalibrationFromFile(data: unknown, file = 'src/code-search/data/code-calibration.json'): CodeVectorModel | undefined {
  const { fitted } = checkFitFile(data, file);
  if (!isPlainObject(fitted.vector)) return undefined;
  exactKeys(fitted, ['vector'], ['intercept', 'coefficients'], file);
  exactKeys(fitted, ['vector', 'coefficients'], CODE_VECTOR_FEATURES, file);
  const coefficients = Object.fromEntries(CODE_VECTOR_FEATURES.map((n) => [n, finiteAt(fitted, ['vector', 'coefficients', n], file)])) as CodeVectorFeatures;
  return { intercept: finiteAt(fitted, ['vector', 'intercept'], file), coefficients };
}

export const DEFAULT_CODE_VECTOR_CALIBRATION: CodeVectorModel | undefined = codeVectorCalibrationFromFile(calibrationData);

/** The probability that a hit ranked with vectors is right, in [0.001, 0.999]; its lexical confidence without a model (`null`). */
export function codeVectorConfidence(features: CodeVectorFeatures, model: CodeVectorModel | null = DEFAULT_CODE_VECTOR_CALIBRATION ?? null): number {
  if (model === null) return features.lexical;
  let z = model.intercept;
  for (const name of CODE_VECTOR_FEATURES) z += model.coefficients[name] * features[name];
  return Math.min(0.999, Math.max(0.001, 1 / (1 + Math.exp(-z))));
}
