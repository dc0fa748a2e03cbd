// The confidence of search_code hits ranked with vectors: the fitted model of the shipped data file
// (`fitted.vector`), monotone in every feature, the lexical confidence without a model, and the
// data file checked like the other fitted files.
import { describe, expect, it } from 'vitest';
import calibrationData from '../../src/code-search/data/code-calibration.json' with { type: 'json' };
import { codeCalibrationFromFile } from '../../src/code-search/code-confidence.js';
import {
  CODE_VECTOR_FEATURES,
  type CodeVectorFeatures,
  codeVectorCalibrationFromFile,
  codeVectorConfidence,
  DEFAULT_CODE_VECTOR_CALIBRATION,
} from '../../src/code-search/code-vector-confidence.js';

const features = (x: Partial<CodeVectorFeatures>): CodeVectorFeatures => ({ lexical: 0.5, cosine: 0.5, cosineRelative: 0.5, reciprocalRank: 0.5, ...x });
const clone = (): { fitted: Record<string, unknown> } & Record<string, unknown> =>
  JSON.parse(JSON.stringify(calibrationData)) as { fitted: Record<string, unknown> } & Record<string, unknown>;

describe('codeVectorConfidence', () => {
  it('never falls when a feature grows, and stays inside (0, 1)', () => {
    for (const name of CODE_VECTOR_FEATURES)
      expect(codeVectorConfidence(features({ [name]: 1 }))).toBeGreaterThanOrEqual(codeVectorConfidence(features({ [name]: 0 })));
    expect(codeVectorConfidence(features({ lexical: 0, cosine: 0, cosineRelative: 0, reciprocalRank: 0 }))).toBeGreaterThan(0);
    expect(codeVectorConfidence(features({ lexical: 1, cosine: 1, cosineRelative: 1, reciprocalRank: 1 }))).toBeLessThan(1);
  });

  it('is the lexical confidence without a model', () => {
    expect(codeVectorConfidence(features({ lexical: 0.37 }), null)).toBe(0.37);
  });
});

describe('codeVectorCalibrationFromFile', () => {
  it('reads the shipped file, and nothing from a file without a vector model', () => {
    expect(DEFAULT_CODE_VECTOR_CALIBRATION).toBeDefined();
    expect(codeVectorCalibrationFromFile(calibrationData)).toEqual(DEFAULT_CODE_VECTOR_CALIBRATION);
    const without = clone();
    delete without.fitted.vector;
    expect(codeVectorCalibrationFromFile(without)).toBeUndefined();
    expect(codeCalibrationFromFile(without).intercept).toBe(codeCalibrationFromFile(calibrationData).intercept);
  });

  it.each([
    [
      'a missing feature',
      (v: Record<string, unknown>) => delete (v.coefficients as Record<string, unknown>).cosine,
      "'vector.coefficients' must have exactly the keys",
    ],
    ['a stray key', (v: Record<string, unknown>) => (v.extra = 1), "'vector' must have exactly the keys coefficients, intercept"],
    [
      'a coefficient that is not a number',
      (v: Record<string, unknown>) => ((v.coefficients as Record<string, unknown>).lexical = 'x'),
      "'vector.coefficients.lexical' must be a finite number",
    ],
  ])('refuses %s with MDKG_CONFIG_INVALID', (_name, change, message) => {
    const data = clone();
    change(data.fitted.vector as Record<string, unknown>);
    expect(() => codeVectorCalibrationFromFile(data)).toThrow(message);
  });
});
