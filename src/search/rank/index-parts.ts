// What one search reads: the index's parts, built once by ToolIndex.build and never changed after.
import type { CalibrationModel } from '../params/calibration-model.js';
import type { ToolCatalog } from '../catalog/tool-records.js';
import type { SearchOverrides, SearchParams } from '../params/search-params.js';
import type { Bm25Index } from '../text/bm25.js';
import type { FuzzyVocabulary } from '../text/fuzzy.js';
import type { QueryNormalizer, SourceName } from '../types.js';
import type { Step } from './graph-expansion.js';
import type { RerankModel } from '../params/rerank-model.js';
import type { ToolProfile } from './rerank.js';
import type { ToolTable } from './tool-table.js';
import type { ToolVectors } from '../vector/tool-vectors.js';

export type { ToolTable } from './tool-table.js';

/** A ranked list contributed from outside the lexical core (learned pairs, vectors). */
export interface ExtraSource {
  readonly name: Extract<SourceName, 'pairs' | 'vector'>;
  /** Tool ids (compact or IRI) with scores, best first. */
  rank(query: string, limit: number): Promise<{ id: string; score: number }[]>;
}

export interface ToolIndexOptions {
  overrides?: SearchOverrides;
  /** Every ranking parameter (for fitting scripts); `overrides` apply on top. */
  params?: SearchParams;
  calibration?: CalibrationModel;
  normalizer?: QueryNormalizer;
  normalizerTimeoutMs?: number;
  extraSources?: readonly ExtraSource[];
  /** Longest query searched; longer ones are truncated with a diagnostic. */
  maxQueryChars?: number;
  /** The learned re-ranking model (for fitting scripts); default data/rerank.json. */
  rerank?: RerankModel;
  /** Keep each tool's embedding text (vector/embed-text.ts) in the index, for vectors (default false). */
  vectorTexts?: boolean;
  /** Learned pairs (graphs/learned/): days a pair is used (default 30) and the time to expire them against (default now). */
  learned?: { ttlDays?: number; now?: Date };
}

/** Everything a search reads; immutable after build. */
export interface IndexParts {
  catalog: ToolCatalog;
  bm25: Bm25Index;
  fuzzy: FuzzyVocabulary;
  adjacency: ToolTable<readonly Step[]>;
  /** What the re-ranker knows about each tool (name terms, acronyms, action, deprecation). */
  profiles: ToolTable<ToolProfile>;
  params: SearchParams;
  calibration: CalibrationModel;
  byId: Map<string, number>;
  options: ToolIndexOptions;
  normalizerCache: Map<string, string>;
  /** The tools' embedding texts (with `vectorTexts`), index order. */
  texts?: readonly string[];
  /** The tools' vectors, when an embedding provider embedded them (ToolIndex.withVectors). */
  vectors?: ToolVectors;
}
