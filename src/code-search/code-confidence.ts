// The confidence of a code-search hit: the calibrated probability that it is a right answer. A hit
// found by words gets it from a logistic model over the features below, fitted on the train and dev
// splits of the code-search sets (benchmarks/fit-code-confidence.ts, `npm run fit:code`); a hit the
// request names (exact, prefix, a caller of a named symbol) gets the hand-set prior of its tier, as
// no labelled request names symbols yet. Both are read from data/code-calibration.json.
import calibrationData from './data/code-calibration.json' with { type: 'json' };
import { MdkgError } from '../errors.js';
import { checkFitFile, exactKeys, finiteAt, isPlainObject } from '../search/params/data-file.js';

/** How the request names a hit: 3 exactly, 2 as a prefix, 1 as the callee of this caller, 0 not (found by words). */
export type NamedTier = 0 | 1 | 2 | 3;

/** Features of one hit found by words; each grows with the evidence. */
export interface CodeConfidenceFeatures {
  /** How the request names it (not a model feature: a named hit takes its tier's prior). */
  tier: NamedTier;
  /** Share of the request's terms the best word match has (one value per request). */
  coverage: number;
  /** Share of the request's terms this hit has. */
  own: number;
  /** Its score over the best word-match score (0 for named hits). */
  relative: number;
  /** 1 / rank. */
  reciprocalRank: number;
}

export const CODE_FEATURES = ['coverage', 'own', 'relative', 'reciprocalRank'] as const;
export type CodeFeatureName = (typeof CODE_FEATURES)[number];

export interface CodeConfidenceModel {
  intercept: number;
  coefficients: Readonly<Record<CodeFeatureName, number>>;
  /** The confidence of a named hit by tier: exact, prefix, reference (hand-set priors). */
  named: Readonly<{ exact: number; prefix: number; reference: number }>;
}

/** The model of a data file: an intercept and a finite coefficient per feature. */
export function codeCalibrationFromFile(data: unknown, file = 'src/code-search/data/code-calibration.json'): CodeConfidenceModel {
  const { priors, fitted } = checkFitFile(data, file);
  exactKeys(priors, [], ['named'], file);
  exactKeys(priors, ['named'], ['exact', 'prefix', 'reference'], file);
  // `vector`: the model of the vector strategies (code-vector-confidence.ts), when fitted.
  exactKeys(fitted, [], isPlainObject(fitted) && Object.hasOwn(fitted, 'vector') ? ['model', 'vector'] : ['model'], file);
  exactKeys(fitted, ['model'], ['intercept', 'coefficients'], file);
  exactKeys(fitted, ['model', 'coefficients'], CODE_FEATURES, file);
  const coefficients = Object.fromEntries(CODE_FEATURES.map((n) => [n, finiteAt(fitted, ['model', 'coefficients', n], file)])) as Record<
    CodeFeatureName,
    number
  >;
  const named = { exact: 0, prefix: 0, reference: 0 };
  for (const tier of ['exact', 'prefix', 'reference'] as const) {
    const p = finiteAt(priors, ['named', tier], file);
    if (p <= 0 || p >= 1) throw new MdkgError('MDKG_CONFIG_INVALID', `${file}: 'named.${tier}' must be a probability in (0, 1), got ${p}`);
    named[tier] = p;
  }
  return { intercept: finiteAt(fitted, ['model', 'intercept'], file), coefficients, named };
}

export const DEFAULT_CODE_CALIBRATION: CodeConfidenceModel = codeCalibrationFromFile(calibrationData);

/** The probability that a hit with these features is right, in [0.001, 0.999]. */
export function codeConfidence(features: CodeConfidenceFeatures, model: CodeConfidenceModel = DEFAULT_CODE_CALIBRATION): number {
  if (features.tier === 3) return model.named.exact;
  if (features.tier === 2) return model.named.prefix;
  if (features.tier === 1) return model.named.reference;
  let z = model.intercept;
  for (const name of CODE_FEATURES) z += model.coefficients[name] * features[name];
  return Math.min(0.999, Math.max(0.001, 1 / (1 + Math.exp(-z))));
}
