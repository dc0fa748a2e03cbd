// The tool search index: built once per graph load from the store, searched many times.
import type { KnowledgeGraph } from '../graph/knowledge-graph.js';
import { MdkgError } from '../errors.js';
import type { QuadStore } from '../rdf/quad-store.js';
import { Bm25Index } from './bm25.js';
import { buildAdjacency, type Step } from './expand.js';
import { FuzzyVocabulary } from './fuzzy.js';
import { DEFAULT_CALIBRATION, type CalibrationModel } from './calibrate.js';
import { withOverrides, type SearchOverrides, type SearchParams } from './params.js';
import { runSearch } from './pipeline.js';
import { checkRerankModel, toolProfiles, type RerankModel, type ToolProfile } from './rerank.js';
import { readToolsForIndex, type ToolCatalog } from './tool-records.js';
import { STRATEGIES, type QueryNormalizer, type SearchOptions, type SearchResult, type SourceName } from './types.js';

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
}

/** Everything a search reads; immutable after build. */
export interface IndexParts {
  catalog: ToolCatalog;
  bm25: Bm25Index;
  fuzzy: FuzzyVocabulary;
  adjacency: Step[][];
  /** What the re-ranker knows about each tool (name terms, acronyms, action, deprecation). */
  profiles: ToolProfile[];
  params: SearchParams;
  calibration: CalibrationModel;
  byId: Map<string, number>;
  options: ToolIndexOptions;
  normalizerCache: Map<string, string>;
}

export class ToolIndex {
  readonly #parts: IndexParts;
  /** Milliseconds the build took. */
  readonly buildMs: number;

  private constructor(parts: IndexParts, buildMs: number) {
    this.#parts = parts;
    this.buildMs = buildMs;
  }

  /** Builds the index from the tools of a loaded graph (or a bare store). */
  static build(graph: KnowledgeGraph | QuadStore, options: ToolIndexOptions = {}): ToolIndex {
    const started = performance.now();
    const store = 'store' in graph ? graph.store : graph;
    const params = withOverrides(options.overrides, options.params);
    // Only the fields BM25 weighs are read, tool by tool while BM25 tokenizes them, and not kept.
    const { catalog, docs } = readToolsForIndex(store, Object.keys(params.bm25.fields).filter((k) => (params.bm25.fields[k]?.weight ?? 0) > 0));
    const bm25 = Bm25Index.build(docs, params.bm25);
    const fuzzy = new FuzzyVocabulary(bm25.vocabulary(), (t) => bm25.documentFrequency(t));
    const adjacency = buildAdjacency(catalog, params.expansion);
    const byId = new Map<string, number>();
    catalog.tools.forEach((t, i) => {
      byId.set(t.iri, i);
      byId.set(t.id, i);
    });
    if (options.rerank !== undefined) checkRerankModel(options.rerank);
    const profiles = toolProfiles(catalog, bm25);
    const parts: IndexParts = { catalog, bm25, fuzzy, adjacency, profiles, params, calibration: options.calibration ?? DEFAULT_CALIBRATION, byId, options, normalizerCache: new Map() };
    return new ToolIndex(parts, performance.now() - started);
  }

  /** Number of tools indexed. */
  get size(): number {
    return this.#parts.catalog.tools.length;
  }

  /** Distinct indexed terms. */
  get vocabularySize(): number {
    return this.#parts.bm25.vocabularySize;
  }

  /** Dependency edges known to graph expansion. */
  get edgeCount(): number {
    return this.#parts.catalog.edges.length;
  }

  /** Ranks the tools for a request in plain words. */
  search(query: string, options: SearchOptions = {}): Promise<SearchResult> {
    const strategy = options.strategy ?? 'full';
    if (!STRATEGIES.includes(strategy)) {
      return Promise.reject(new MdkgError('MDKG_STRATEGY_UNKNOWN', `unknown strategy '${String(strategy)}' (known: ${STRATEGIES.join(', ')})`));
    }
    const limit = options.limit ?? 5;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return Promise.reject(new MdkgError('MDKG_USAGE', `limit must be an integer from 1 to 100, got ${String(limit)}`));
    }
    return runSearch(this.#parts, query, { strategy, limit, explain: options.explain ?? false, rerank: options.rerank ?? true, clauses: options.clauses ?? true });
  }
}
