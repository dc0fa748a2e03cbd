// search_code's confidence: named hits take their tier's prior, hits found by words the fitted
// logistic model; the data file is checked like the other fitted files.
import { describe, expect, it } from 'vitest';
import calibrationData from '../../src/code-search/data/code-calibration.json' with { type: 'json' };
import { type CodeConfidenceFeatures, codeCalibrationFromFile, codeConfidence, DEFAULT_CODE_CALIBRATION } from '../../src/code-search/code-confidence.js';

const words = (x: Partial<CodeConfidenceFeatures>): CodeConfidenceFeatures => ({ tier: 0, coverage: 0.5, own: 0.5, relative: 0.5, reciprocalRank: 0.5, ...x });
const clone = (): Record<string, unknown> => JSON.parse(JSON.stringify(calibrationData)) as Record<string, unknown>;

describe('codeConfidence', () => {
  it.each([
    [3, DEFAULT_CODE_CALIBRATION.named.exact],
    [2, DEFAULT_CODE_CALIBRATION.named.prefix],
    [1, DEFAULT_CODE_CALIBRATION.named.reference],
  ] as const)('a hit named at tier %i takes its prior', (tier, p) => {
    expect(codeConfidence(words({ tier, relative: 0, coverage: 0 }))).toBe(p);
  });

  it('never falls when a feature of a word match grows, and stays inside (0, 1)', () => {
    for (const name of ['coverage', 'own', 'relative', 'reciprocalRank'] as const) {
      expect(codeConfidence(words({ [name]: 1 }))).toBeGreaterThanOrEqual(codeConfidence(words({ [name]: 0 })));
    }
    expect(codeConfidence(words({ coverage: 0, own: 0, relative: 0, reciprocalRank: 0 }))).toBeGreaterThan(0);
    expect(codeConfidence(words({ coverage: 1, own: 1, relative: 1, reciprocalRank: 1 }))).toBeLessThan(1);
  });
});

describe('codeCalibrationFromFile', () => {
  it('reads the shipped file', () => {
    expect(codeCalibrationFromFile(calibrationData)).toEqual(DEFAULT_CODE_CALIBRATION);
  });

  it.each<[string, (d: Record<string, unknown>) => void, string]>([
    [
      'a missing coefficient',
      (d) => delete (d.fitted as { model: { coefficients: Record<string, unknown> } }).model.coefficients.own,
      "'model.coefficients' must have exactly the keys",
    ],
    ['a NaN intercept', (d) => ((d.fitted as { model: Record<string, unknown> }).model.intercept = 'NaN'), "'model.intercept' must be a finite number"],
    ['a prior of 1', (d) => ((d.priors as { named: Record<string, unknown> }).named.exact = 1), "'named.exact' must be a probability in (0, 1)"],
    ['an extra prior', (d) => ((d.priors as Record<string, unknown>).other = 1), "'(root)' must have exactly the keys named"],
  ])('refuses %s with MDKG_CONFIG_INVALID', (_, change, message) => {
    const data = clone();
    change(data);
    expect(() => codeCalibrationFromFile(data, 'f.json')).toThrow(
      expect.objectContaining({ code: 'MDKG_CONFIG_INVALID', message: expect.stringContaining(message) }),
    );
  });
});
