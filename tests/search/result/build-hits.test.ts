import { describe, expect, it } from 'vitest';
import { decided } from '../../../src/search/result/build-hits.js';
import { RERANK_FEATURES, type RerankFeatures, type RerankModel } from '../../../src/search/params/rerank-model.js';
import type { Fused } from '../../../src/search/rank/fusion.js';

const features = (rrf: number): RerankFeatures => ({ ...(Object.fromEntries(RERANK_FEATURES.map((f) => [f, 0])) as RerankFeatures), rrf });
// a model that scores a candidate by its rrf feature alone
const model: RerankModel = { depth: 10, weights: { ...(Object.fromEntries(RERANK_FEATURES.map((f) => [f, 0])) as RerankModel['weights']), rrf: 1 } };
const fused: Fused[] = [0, 1].map((doc) => ({ doc, score: 1, ranks: {} }));

describe('decided: how settled the first place is, 2σ(s₁ − s₂) − 1 = tanh((s₁ − s₂) / 2)', () => {
  it.each<[string, readonly Fused[], Map<number, RerankFeatures> | undefined, number]>([
    ['not re-ranked', fused, undefined, 0],
    ['no results', [], new Map(), 0],
    ['one re-ranked result', fused.slice(0, 1), new Map([[0, features(3)]]), 1],
    ['the second was not re-ranked', fused, new Map([[0, features(3)]]), 1],
    [
      'a tie',
      fused,
      new Map([
        [0, features(2)],
        [1, features(2)],
      ]),
      0,
    ],
    [
      'ahead by 2',
      fused,
      new Map([
        [0, features(3)],
        [1, features(1)],
      ]),
      Math.tanh(1),
    ],
    [
      'ahead by 0.2',
      fused,
      new Map([
        [0, features(1.2)],
        [1, features(1)],
      ]),
      Math.tanh(0.1),
    ],
  ])('%s', (_, order, learned, expected) => {
    expect(decided(order, learned, model)).toBeCloseTo(expected, 12);
  });
});
