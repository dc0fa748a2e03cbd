import { describe, expect, it } from 'vitest';
import { confidence, logistic } from '../../../src/search/result/calibrate.js';
import { fitLogistic } from '../../../src/search/fit/logistic-fit.js';
import { type CalibrationModel, type ConfidenceFeatures, DEFAULT_CALIBRATION, FEATURE_NAMES } from '../../../src/search/params/calibration-model.js';

const base: ConfidenceFeatures = {
  fused: 0.5,
  relative: 0.5,
  coverage: 0.5,
  reciprocalRank: 0.5,
  margin: 0.1,
  strength: 1,
  explained: 0.5,
  selfScore: 0.5,
  actionAgree: 0.5,
  backedLead: 0.05,
  decisive: 0.5,
  namedDecisive: 0.25,
};

describe('confidence', () => {
  it('stays strictly inside (0, 1)', () => {
    const strong = {
      intercept: 0,
      coefficients: {
        fused: 100,
        relative: 100,
        coverage: 100,
        reciprocalRank: 100,
        margin: 100,
        strength: 100,
        explained: 100,
        selfScore: 100,
        actionAgree: 100,
        backedLead: 100,
        decisive: 100,
        namedDecisive: 100,
      },
    };
    const model = { first: strong, others: strong };
    expect(
      confidence(
        {
          ...base,
          fused: 1,
          relative: 1,
          coverage: 1,
          reciprocalRank: 1,
          margin: 1,
          strength: 5,
          explained: 1,
          selfScore: 1,
          actionAgree: 1,
          backedLead: 1,
          decisive: 1,
          namedDecisive: 1,
        },
        model,
      ),
    ).toBe(0.999);
    expect(
      confidence(
        {
          fused: -1,
          relative: -1,
          coverage: -1,
          reciprocalRank: -1,
          margin: -1,
          strength: -1,
          explained: -1,
          selfScore: -1,
          actionAgree: -1,
          backedLead: -1,
          decisive: -1,
          namedDecisive: -1,
        },
        model,
      ),
    ).toBe(0.001);
  });

  /** The features in which raising the value lowers the confidence (none, for a monotone model). */
  const falling = (model?: CalibrationModel): string[] =>
    FEATURE_NAMES.filter((name) => confidence({ ...base, [name]: 0.9 }, model) < confidence({ ...base, [name]: 0.2 }, model));

  it('the shipped model never lowers confidence when evidence rises; a model with a negative coefficient would', () => {
    expect(falling()).toEqual([]);
    const first = DEFAULT_CALIBRATION.first;
    const negative: CalibrationModel = { ...DEFAULT_CALIBRATION, first: { ...first, coefficients: { ...first.coefficients, margin: -1 } } };
    // base has reciprocalRank 0.5 (not the first result); raise it to 1 to test the first-result model
    expect(
      FEATURE_NAMES.filter(
        (n) =>
          n !== 'reciprocalRank' &&
          confidence({ ...base, reciprocalRank: 1, [n]: 0.9 }, negative) < confidence({ ...base, reciprocalRank: 1, [n]: 0.2 }, negative),
      ),
    ).toEqual(['margin']);
    // every shipped coefficient is non-negative (what fitLogistic guarantees)
    expect(FEATURE_NAMES.filter((n) => DEFAULT_CALIBRATION.first.coefficients[n] < 0 || DEFAULT_CALIBRATION.others.coefficients[n] < 0)).toEqual([]);
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
    const mean = rows.reduce((s, r) => s + logistic(r, model), 0) / rows.length;
    const rate = labels.reduce((s, l) => s + l, 0) / labels.length;
    expect(Math.abs(mean - rate)).toBeLessThan(0.02);
    // exactly this model (deterministic; only coverage carries signal, the rest are dropped at 0)
    expect(model).toEqual({
      intercept: -2.553212,
      coefficients: {
        fused: 0,
        relative: 0,
        coverage: 5.106424,
        reciprocalRank: 0,
        margin: 0,
        strength: 0,
        explained: 0,
        selfScore: 0,
        actionAgree: 0,
        backedLead: 0,
        decisive: 0,
        namedDecisive: 0,
      },
    });
  });
});
