// Ranking parameters: the fitted defaults in data/search-params.json, overridable from config.
import paramsData from './data/search-params.json' with { type: 'json' };
import { MdkgError } from '../../errors.js';
import type { Bm25Params, FieldSpec } from '../text/bm25.js';
import type { ExpansionParams } from '../rank/graph-expansion.js';
import type { SourceName } from '../types.js';
import { emptyDict, own } from '../../util/own.js';

export interface SearchParams {
  bm25: Bm25Params;
  expansion: ExpansionParams;
  fusion: { k: number; weights: Readonly<Partial<Record<SourceName, number>>> };
  /** Weight of the verb-class terms added to a request with verbs (0 turns expansion off). */
  verbExpansion: number;
  /** Strength of the intent prior applied to fused scores (0 turns it off). */
  intentPrior: number;
  /** Query weight of a fuzzy-corrected term, times (1 - distance / length); 1 = a corrected word counts like a typed one. */
  correctionWeight: number;
  /** Length of each source's ranked list. */
  candidates: number;
  /** Top confidence below this raises MDKG_LOW_CONFIDENCE. */
  lowConfidence: number;
}

export const DEFAULT_SEARCH_PARAMS: SearchParams = {
  bm25: paramsData.bm25,
  expansion: paramsData.expansion,
  fusion: paramsData.fusion,
  verbExpansion: paramsData.verbExpansion,
  intentPrior: paramsData.intentPrior,
  correctionWeight: paramsData.correctionWeight,
  candidates: paramsData.candidates,
  lowConfidence: paramsData.lowConfidence,
};

/** What a config file may change: field weights (by field key) and fusion weights (by source). */
export interface SearchOverrides {
  fields?: Readonly<Record<string, number>>;
  weights?: Readonly<Partial<Record<SourceName, number>>>;
}

const SOURCES: readonly SourceName[] = ['bm25', 'graph', 'annotations', 'fuzzy', 'pairs', 'vector'];

function checkWeight(where: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100) {
    throw new MdkgError('MDKG_CONFIG_INVALID', `${where} must be a number from 0 to 100, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** The default parameters with config overrides applied; invalid values are refused with a clear error. */
export function withOverrides(overrides: SearchOverrides = {}, base: SearchParams = DEFAULT_SEARCH_PARAMS): SearchParams {
  const fields: Record<string, FieldSpec> = Object.assign(emptyDict<FieldSpec>(), base.bm25.fields);
  for (const [key, weight] of Object.entries(overrides.fields ?? {})) {
    const known = own(fields, key);
    fields[key] = { weight: checkWeight(`search.fields.${key}`, weight), b: known?.b ?? 0.75 };
  }
  const weights: Partial<Record<SourceName, number>> = { ...base.fusion.weights };
  for (const [source, weight] of Object.entries(overrides.weights ?? {})) {
    if (!SOURCES.includes(source as SourceName)) {
      throw new MdkgError('MDKG_CONFIG_INVALID', `search.weights.${source}: unknown source (known: ${SOURCES.join(', ')})`);
    }
    weights[source as SourceName] = checkWeight(`search.weights.${source}`, weight);
  }
  return { ...base, bm25: { ...base.bm25, fields }, fusion: { ...base.fusion, weights } };
}
