// The tool search index: built once per graph load from the store, searched many times.
import type { KnowledgeGraph } from '../graph/knowledge-graph.js';
import { MdkgError } from '../errors.js';
import type { QuadStore } from '../rdf/quad-store.js';
import { Bm25Index, type Bm25State } from './text/bm25.js';
import type { IndexParts, ToolIndexOptions } from './rank/index-parts.js';
import { buildAdjacency, type Step } from './rank/graph-expansion.js';
import { FuzzyVocabulary } from './text/fuzzy.js';
import { DEFAULT_CALIBRATION } from './params/calibration-model.js';
import { withOverrides } from './params/search-params.js';
import { searchIndex } from './pipeline.js';
import { checkRerankModel } from './params/rerank-model.js';
import { type ToolProfile, toolProfiles } from './rank/rerank.js';
import { readToolsForIndex, type ToolCatalog } from './catalog/tool-records.js';
import { STRATEGIES, type SearchOptions, type SearchResult } from './types.js';

export type { ExtraSource, ToolIndexOptions } from './rank/index-parts.js';

/** Everything an index is built from the graph, as data: what search/persist/ writes and reads back. */
export interface IndexSnapshot {
  catalog: ToolCatalog;
  bm25: Bm25State;
  adjacency: Step[][];
  profiles: ToolProfile[];
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
    const { catalog, docs } = readToolsForIndex(
      store,
      Object.keys(params.bm25.fields).filter((k) => (params.bm25.fields[k]?.weight ?? 0) > 0),
    );
    const bm25 = Bm25Index.build(docs, params.bm25);
    const adjacency = buildAdjacency(catalog, params.expansion);
    const profiles = toolProfiles(catalog, bm25);
    return ToolIndex.#assemble(catalog, bm25, adjacency, profiles, params, options, started);
  }

  /**
   * An index from a snapshot of one built with the same parameters (search/persist/ keys the file by
   * them): no graph, no tokenizing, only the vocabulary for typo correction is rebuilt.
   */
  static fromSnapshot(snapshot: IndexSnapshot, options: ToolIndexOptions = {}): ToolIndex {
    const started = performance.now();
    const params = withOverrides(options.overrides, options.params);
    const bm25 = Bm25Index.fromState(snapshot.bm25);
    return ToolIndex.#assemble(snapshot.catalog, bm25, snapshot.adjacency, snapshot.profiles, params, options, started);
  }

  static #assemble(
    catalog: ToolCatalog,
    bm25: Bm25Index,
    adjacency: Step[][],
    profiles: ToolProfile[],
    params: IndexParts['params'],
    options: ToolIndexOptions,
    started: number,
  ): ToolIndex {
    const fuzzy = new FuzzyVocabulary(bm25.vocabulary(), (t) => bm25.documentFrequency(t));
    const byId = new Map<string, number>();
    catalog.tools.forEach((t, i) => {
      byId.set(t.iri, i);
      byId.set(t.id, i);
    });
    if (options.rerank !== undefined) checkRerankModel(options.rerank);
    const parts: IndexParts = {
      catalog,
      bm25,
      fuzzy,
      adjacency,
      profiles,
      params,
      calibration: options.calibration ?? DEFAULT_CALIBRATION,
      byId,
      options,
      normalizerCache: new Map(),
    };
    return new ToolIndex(parts, performance.now() - started);
  }

  /** The index as data, for search/persist/ to write (shared with the index: never change it). */
  snapshot(): IndexSnapshot {
    const { catalog, bm25, adjacency, profiles } = this.#parts;
    return { catalog, bm25: bm25.state(), adjacency, profiles };
  }

  /** The effective ranking parameters (defaults with the overrides applied). */
  get params(): IndexParts['params'] {
    return this.#parts.params;
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
    return searchIndex(this.#parts, query, {
      strategy,
      limit,
      explain: options.explain ?? false,
      rerank: options.rerank ?? true,
      clauses: options.clauses ?? true,
    });
  }
}
