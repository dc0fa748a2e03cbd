// Ranking parameters: the defaults in data/search-params.json (hand-set priors + values fitted by
// benchmarks/fit.ts), overridable from config.
import paramsData from './data/search-params.json' with { type: 'json' };
import { MdkgError } from '../../errors.js';
import type { Bm25Params, FieldSpec } from '../text/bm25.js';
import type { EdgeConfidence, Relation } from '../catalog/tool-records.js';
import type { SourceName } from '../types.js';
import { emptyDict, own } from '../../util/own.js';
import { checkFitFile, exactKeys, finiteAt, mergeDisjoint } from './data-file.js';

/** Graph expansion (rank/graph-expansion.ts). */
export interface ExpansionParams {
  /** Lexical results the walk starts from. */
  seeds: number;
  /** Hops from a seed. */
  depth: number;
  /** Multiplier per hop. */
  decay: number;
  confidence: Readonly<Record<EdgeConfidence, number>>;
  /** Weight of a relation walked forwards; backwards walks multiply by `reverse`. */
  relation: Readonly<Record<Relation | 'memberOf', number>>;
  reverse: number;
  /** Groups larger than this do not connect their members (too broad to mean anything). */
  maxGroupSize: number;
}

export interface SearchParams {
  bm25: Bm25Params;
  expansion: ExpansionParams;
  fusion: { k: number; weights: Readonly<Partial<Record<SourceName, number>>> };
  /** Weight of the verb-class terms added to a request with verbs (0 turns expansion off). */
  verbExpansion: number;
  /** Query weight of a computing equivalent of a request word (lexicon/equivalents.ts: "folder" -> directory), times the word's. */
  equivalents: number;
  /** Weight of the WordNet synonyms (lexicon/thesaurus.ts) added for request words no tool has (0 turns it off). */
  thesaurus: number;
  /** Query weight of a fuzzy-corrected term, times (1 - distance / length); 1 = a corrected word counts like a typed one. */
  correctionWeight: number;
  /** Length of each source's ranked list. */
  candidates: number;
  /** Top confidence below this raises MDKG_LOW_CONFIDENCE. */
  lowConfidence: number;
  /**
   * Query weight, times the word's, of the nouns of the phrase qualifying the object of a request
   * that changes something ("delete a relation between two entities": entities); 1 turns it off.
   */
  modifierWeight: number;
}

const SOURCES: readonly SourceName[] = ['bm25', 'graph', 'annotations', 'fuzzy', 'pairs', 'vector'];

const FILE = 'src/search/params/data/search-params.json';

/**
 * The search parameters of a data file (hand-set priors merged with fitted values), checked
 * strictly: every parameter present and a finite number, no unknown key.
 */
export function searchParamsFromFile(data: unknown, file = FILE): SearchParams {
  const { priors, fitted } = checkFitFile(data, file);
  const p = mergeDisjoint(priors, fitted, file);
  exactKeys(
    p,
    [],
    ['bm25', 'expansion', 'fusion', 'verbExpansion', 'equivalents', 'thesaurus', 'correctionWeight', 'candidates', 'lowConfidence', 'modifierWeight'],
    file,
  );
  exactKeys(p, ['bm25'], ['k1', 'coord', 'fields'], file);
  const fieldKeys = Object.keys((p.bm25 as { fields?: object } | undefined)?.fields ?? {});
  if (fieldKeys.length === 0) throw new MdkgError('MDKG_CONFIG_INVALID', `${file}: 'bm25.fields' must name at least one field`);
  const fields: Record<string, FieldSpec> = emptyDict<FieldSpec>();
  for (const key of fieldKeys) {
    exactKeys(p, ['bm25', 'fields', key], ['weight', 'b'], file);
    fields[key] = { weight: finiteAt(p, ['bm25', 'fields', key, 'weight'], file), b: finiteAt(p, ['bm25', 'fields', key, 'b'], file) };
  }
  exactKeys(p, ['expansion'], ['seeds', 'depth', 'decay', 'confidence', 'relation', 'reverse', 'maxGroupSize'], file);
  const record = <K extends string>(path: string[], keys: readonly K[]): Record<K, number> => {
    exactKeys(p, path, keys, file);
    return Object.fromEntries(keys.map((k) => [k, finiteAt(p, [...path, k], file)])) as Record<K, number>;
  };
  const num = (...path: string[]): number => finiteAt(p, path, file);
  exactKeys(p, ['fusion'], ['k', 'weights'], file);
  return {
    bm25: { k1: num('bm25', 'k1'), fields, coord: num('bm25', 'coord') },
    expansion: {
      seeds: num('expansion', 'seeds'),
      depth: num('expansion', 'depth'),
      decay: num('expansion', 'decay'),
      confidence: record(['expansion', 'confidence'], ['extracted', 'inferred', 'ambiguous']),
      relation: record(['expansion', 'relation'], ['requires', 'precedes', 'relatedTo', 'nextStep', 'memberOf']),
      reverse: num('expansion', 'reverse'),
      maxGroupSize: num('expansion', 'maxGroupSize'),
    },
    fusion: { k: num('fusion', 'k'), weights: record(['fusion', 'weights'], SOURCES) },
    verbExpansion: num('verbExpansion'),
    equivalents: num('equivalents'),
    thesaurus: num('thesaurus'),
    correctionWeight: num('correctionWeight'),
    candidates: num('candidates'),
    lowConfidence: num('lowConfidence'),
    modifierWeight: num('modifierWeight'),
  };
}

export const DEFAULT_SEARCH_PARAMS: SearchParams = searchParamsFromFile(paramsData);

/** What a config file may change: field weights (by field key), fusion weights (by source), the thesaurus weight. */
export interface SearchOverrides {
  fields?: Readonly<Record<string, number>>;
  weights?: Readonly<Partial<Record<SourceName, number>>>;
  /** Weight of WordNet synonyms for request words no tool has, 0 to 1 (0: off). */
  thesaurus?: number;
}

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
  const thesaurus = overrides.thesaurus ?? base.thesaurus;
  if (typeof thesaurus !== 'number' || !Number.isFinite(thesaurus) || thesaurus < 0 || thesaurus > 1) {
    throw new MdkgError('MDKG_CONFIG_INVALID', `search.thesaurus must be a number from 0 to 1, got ${JSON.stringify(thesaurus)}`);
  }
  return { ...base, bm25: { ...base.bm25, fields }, fusion: { ...base.fusion, weights }, thesaurus };
}
