import { describe, expect, it } from 'vitest';
import { confidence } from '../../../src/search/result/calibrate.js';
import { fitLogistic } from '../../../src/search/fit/logistic-fit.js';
import { FEATURE_NAMES, type ConfidenceFeatures } from '../../../src/search/params/calibration-model.js';

const base: ConfidenceFeatures = { fused: 0.5, relative: 0.5, coverage: 0.5, reciprocalRank: 0.5, margin: 0.1, strength: 1 };

describe('confidence', () => {
  it('stays strictly inside (0, 1)', () => {
    const model = { intercept: 0, coefficients: { fused: 100, relative: 100, coverage: 100, reciprocalRank: 100, margin: 100, strength: 100 } };
    expect(confidence({ ...base, fused: 1, relative: 1, coverage: 1, reciprocalRank: 1, margin: 1, strength: 5 }, model)).toBe(0.999);
    expect(confidence({ fused: -1, relative: -1, coverage: -1, reciprocalRank: -1, margin: -1, strength: -1 }, model)).toBe(0.001);
  });

  it('is monotone in every feature with a positive coefficient (the shipped model)', () => {
    for (const name of FEATURE_NAMES) {
      const low = confidence({ ...base, [name]: 0.2 });
      const high = confidence({ ...base, [name]: 0.9 });
      expect(Math.sign(high - low), name).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('fitLogistic', () => {
  it('recovers a separating direction and calibrates a balanced set', () => {
    const rows: ConfidenceFeatures[] = [];
    const labels: number[] = [];
    for (let i = 0; i < 200; i++) {
      const x = i / 199;
      rows.push({ ...base, coverage: x });
      // relevant with probability x, deterministically interleaved
      labels.push((i * 7919) % 100 < x * 100 ? 1 : 0);
    }
    const model = fitLogistic(rows, labels);
    expect(model.coefficients.coverage).toBeGreaterThan(2);
    const mean = rows.reduce((s, r) => s + confidence(r, model), 0) / rows.length;
    const rate = labels.reduce((s, l) => s + l, 0) / labels.length;
    expect(Math.abs(mean - rate)).toBeLessThan(0.02);
    // deterministic
    expect(fitLogistic(rows, labels)).toEqual(model);
  });
});
