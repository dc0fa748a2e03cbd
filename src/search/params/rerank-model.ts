// The re-ranking model: its features and their weights, read from data/rerank.json (depth
// hand-set, weights fitted by benchmarks/fit.ts). The features are computed in rank/rerank.ts.
import rerankData from './data/rerank.json' with { type: 'json' };
import { MdkgError } from '../../errors.js';
import { checkFitFile, exactKeys, mergeDisjoint } from './data-file.js';

export const RERANK_FEATURES = [
  'rrf',
  'relative',
  'queryCoverage',
  'nameCoverage',
  'nameCorrected',
  'requestInName',
  'action',
  'alignment',
  'graph',
  'deprecated',
  'objectInName',
  'actionObject',
] as const;
export type RerankFeatureName = (typeof RERANK_FEATURES)[number];
export type RerankFeatures = Record<RerankFeatureName, number>;

export interface RerankModel {
  /** Candidates re-ranked (the rest keep their fused order after them). */
  depth: number;
  weights: Readonly<Record<RerankFeatureName, number>>;
}

/** Most candidates a model may re-rank (a search returns at most 100). */
const MAX_RERANK_DEPTH = 100;

/** The model if it is well formed: an integer depth in [1, 100] and a finite weight for every feature. */
export function checkRerankModel(model: unknown): RerankModel {
  const m = model as Partial<RerankModel> | null;
  const depth = m?.depth;
  if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 1 || depth > MAX_RERANK_DEPTH) {
    throw new MdkgError('MDKG_CONFIG_INVALID', `re-ranking model: depth must be an integer from 1 to ${MAX_RERANK_DEPTH}, got ${JSON.stringify(depth)}`);
  }
  const weights = m?.weights as Record<string, unknown> | undefined;
  for (const name of RERANK_FEATURES) {
    const w = weights?.[name];
    if (typeof w !== 'number' || !Number.isFinite(w)) {
      throw new MdkgError('MDKG_CONFIG_INVALID', `re-ranking model: weight of '${name}' must be a finite number, got ${JSON.stringify(w)}`);
    }
  }
  return { depth, weights: weights as RerankModel['weights'] };
}

/** The model of a data file: `depth` is a hand-set prior, the weights are fitted (data-file.ts). */
export function rerankModelFromFile(data: unknown, file = 'src/search/params/data/rerank.json'): RerankModel {
  const { priors, fitted } = checkFitFile(data, file);
  const model = mergeDisjoint(priors, fitted, file);
  exactKeys(model, [], ['depth', 'weights'], file);
  exactKeys(model, ['weights'], RERANK_FEATURES, file);
  return checkRerankModel(model);
}

export const DEFAULT_RERANK: RerankModel = rerankModelFromFile(rerankData);
