// The tool search index: built once per graph load from the store, searched many times.
import type { KnowledgeGraph } from '../graph/knowledge-graph.js';
import { MdkgError } from '../errors.js';
import type { QuadStore } from '../rdf/quad-store.js';
import { Bm25Index, type PackedBm25, packBm25, unpackBm25 } from './text/bm25.js';
import type { IndexParts, ToolIndexOptions } from './rank/index-parts.js';
import { buildAdjacency } from './rank/graph-expansion.js';
import { packTools, type ToolColumns, unpackTools } from './tool-columns.js';
import { arrayTable, type PackedSteps, packActions, packSteps, profilesTable, stepsTable } from './tool-tables.js';
import { FuzzyVocabulary } from './text/fuzzy.js';
import { DEFAULT_CALIBRATION } from './params/calibration-model.js';
import { withOverrides } from './params/search-params.js';
import { searchIndex } from './pipeline.js';
import { checkRerankModel } from './params/rerank-model.js';
import { toolProfiles } from './rank/rerank.js';
import { readToolsForIndex, type ToolCatalog } from './catalog/tool-records.js';
import { ALL_STRATEGIES, type SearchOptions, type SearchResult } from './types.js';
import { EMBEDDING_FIELDS, toolEmbeddingText } from './vector/embed-text.js';
import type { ToolVectors } from './vector/tool-vectors.js';
import type { Diagnostic } from '../errors.js';
import { readPairRecords, type PairRecord } from './learned/pair-records.js';
import { LearnedPairs } from './learned/learned-pairs.js';
import { PIN_DEPTH, pairSource, pinnedPair, withPairEvidence } from './learned/pair-search.js';

export type { ExtraSource, ToolIndexOptions } from './rank/index-parts.js';

/**
 * An index as data (what index-cache.ts writes and reads back): the tools in columns, BM25 postings (typed
 * arrays), graph-expansion steps packed in typed arrays and each tool's action class; the rest of
 * a re-ranking profile is remade on first use. Dependency edges and groups are not kept: the steps
 * are what search reads of them.
 */
export interface IndexSnapshot {
  tools: ToolColumns;
  edgeCount: number;
  bm25: PackedBm25;
  steps: PackedSteps;
  actions: Uint8Array;
  /** Each tool's embedding text (built with `vectorTexts`). */
  texts?: string[];
  /** The graph's learned pairs, checked against it when built (expiry is applied on every open), and what could not be read. */
  pairs?: { records: PairRecord[]; diagnostics: Diagnostic[] };
}

export class ToolIndex {
  readonly #parts: IndexParts;
  readonly #edgeCount: number;
  readonly #pairs: { records: PairRecord[]; diagnostics: Diagnostic[] };
  readonly #learned: LearnedPairs;
  /** Milliseconds the build took. */
  readonly buildMs: number;

  private constructor(
    parts: IndexParts,
    edgeCount: number,
    buildMs: number,
    pairs: { records: PairRecord[]; diagnostics: Diagnostic[] },
    learned: LearnedPairs,
  ) {
    this.#parts = parts;
    this.#edgeCount = edgeCount;
    this.#pairs = pairs;
    this.#learned = learned;
    this.buildMs = buildMs;
  }

  /** Builds the index from the tools of a loaded graph (or a bare store). */
  static build(graph: KnowledgeGraph | QuadStore, options: ToolIndexOptions = {}): ToolIndex {
    const started = performance.now();
    const store = 'store' in graph ? graph.store : graph;
    const params = withOverrides(options.overrides, options.params);
    // Only the fields BM25 weighs are read, tool by tool while BM25 tokenizes them, and not kept.
    const weighted = Object.keys(params.bm25.fields).filter((k) => (params.bm25.fields[k]?.weight ?? 0) > 0);
    const keys = options.vectorTexts === true ? [...new Set([...weighted, ...EMBEDDING_FIELDS])] : weighted;
    const { catalog, docs } = readToolsForIndex(store, keys);
    const bm25 = Bm25Index.build(docs, params.bm25);
    const texts = options.vectorTexts === true ? docs.map((doc, i) => toolEmbeddingText(catalog.tools[i]!.name, (key) => doc.get(key))) : undefined;
    const adjacency = arrayTable(buildAdjacency(catalog, params.expansion));
    const profiles = arrayTable(toolProfiles(catalog, bm25));
    const pairs = readPairRecords(store);
    return ToolIndex.#assemble(catalog, catalog.edges.length, bm25, adjacency, profiles, params, options, started, texts, pairs);
  }

  /**
   * An index from a snapshot of one built with the same parameters (search/persist/ keys the file by
   * them): no graph, no tokenizing, only the vocabulary for typo correction is rebuilt.
   */
  static fromSnapshot(snapshot: IndexSnapshot, options: ToolIndexOptions = {}): ToolIndex {
    const started = performance.now();
    const params = withOverrides(options.overrides, options.params);
    const bm25 = Bm25Index.fromState(unpackBm25(snapshot.bm25));
    const catalog: ToolCatalog = { tools: unpackTools(snapshot.tools), edges: [], groups: new Map() };
    const profiles = profilesTable(catalog.tools, snapshot.actions, bm25);
    const pairs = snapshot.pairs ?? { records: [], diagnostics: [] };
    return ToolIndex.#assemble(catalog, snapshot.edgeCount, bm25, stepsTable(snapshot.steps), profiles, params, options, started, snapshot.texts, pairs);
  }

  static #assemble(
    catalog: ToolCatalog,
    edgeCount: number,
    bm25: Bm25Index,
    adjacency: IndexParts['adjacency'],
    profiles: IndexParts['profiles'],
    params: IndexParts['params'],
    options: ToolIndexOptions,
    started: number,
    texts: readonly string[] | undefined,
    pairs: { records: PairRecord[]; diagnostics: Diagnostic[] },
  ): ToolIndex {
    // The typo vocabulary and the id table are made on first use: most searches need neither.
    const fuzzy = new FuzzyVocabulary(
      () => bm25.vocabulary(),
      (t) => bm25.documentFrequency(t),
    );
    let byId: Map<string, number> | undefined;
    const idTable = (): Map<string, number> => {
      if (byId === undefined) {
        byId = new Map();
        for (const [i, t] of catalog.tools.entries()) byId.set(t.iri, i).set(t.id, i);
      }
      return byId;
    };
    if (options.rerank !== undefined) checkRerankModel(options.rerank);
    const learned = new LearnedPairs(pairs.records, options.learned);
    // With no learned pair of a tool, no source is added: the ranking is the same as without pairs.
    const extra = learned.active.some((p) => p.targetKind === 'tool') ? [pairSource(learned)] : [];
    const parts: IndexParts = {
      catalog,
      bm25,
      fuzzy,
      adjacency,
      profiles,
      params,
      calibration: options.calibration ?? DEFAULT_CALIBRATION,
      get byId() {
        return idTable();
      },
      options: extra.length === 0 ? options : { ...options, extraSources: [...(options.extraSources ?? []), ...extra] },
      normalizerCache: new Map(),
      ...(texts === undefined ? {} : { texts }),
    };
    return new ToolIndex(parts, edgeCount, performance.now() - started, pairs, learned);
  }

  /** The index as data, for search/persist/ to write (shared with the index: never change it). */
  snapshot(): IndexSnapshot {
    const { catalog, bm25, adjacency, profiles, texts } = this.#parts;
    return {
      tools: packTools(catalog.tools),
      edgeCount: this.#edgeCount,
      bm25: packBm25(bm25.state()),
      steps: packSteps(adjacency),
      actions: packActions(profiles),
      ...(texts === undefined ? {} : { texts: [...texts] }),
      ...(this.#pairs.records.length + this.#pairs.diagnostics.length === 0 ? {} : { pairs: this.#pairs }),
    };
  }

  /** The learned pairs in use (expired, stale and orphaned ones left out: see `learnedDiagnostics`). */
  learnedPairs(): LearnedPairs {
    return this.#learned;
  }

  /** Why learned pairs are not used: unreadable (MDKG_PAIR_INVALID), target gone, target changed, expired. */
  get learnedDiagnostics(): Diagnostic[] {
    return [...this.#pairs.diagnostics, ...this.#learned.diagnostics];
  }

  /** Each tool's embedding text, index order (an index built with `vectorTexts`; else undefined). */
  embeddingTexts(): readonly string[] | undefined {
    return this.#parts.texts;
  }

  /** This index with the tools' vectors (vector/tool-vectors.ts embedTools over embeddingTexts()), for the vector strategies. */
  withVectors(vectors: ToolVectors): ToolIndex {
    if (vectors.index.rows !== this.size) throw new MdkgError('MDKG_USAGE', `the vectors are of ${vectors.index.rows} tools, the index has ${this.size}`);
    return new ToolIndex({ ...this.#parts, vectors }, this.#edgeCount, this.buildMs, this.#pairs, this.#learned);
  }

  /** Whether the vector strategies have vectors (else they rank lexically, with a diagnostic). */
  get hasVectors(): boolean {
    return this.#parts.vectors !== undefined;
  }

  /** The effective ranking parameters (defaults with the overrides applied). */
  get params(): IndexParts['params'] {
    return this.#parts.params;
  }

  /** The tools indexed, in index order (shared with the index: never change them). */
  tools(): readonly ToolCatalog['tools'][number][] {
    return this.#parts.catalog.tools;
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
    return this.#edgeCount;
  }

  /** Ranks the tools for a request in plain words. */
  search(query: string, options: SearchOptions = {}): Promise<SearchResult> {
    const strategy = options.strategy ?? 'full';
    if (!ALL_STRATEGIES.includes(strategy)) {
      return Promise.reject(new MdkgError('MDKG_STRATEGY_UNKNOWN', `unknown strategy '${String(strategy)}' (known: ${ALL_STRATEGIES.join(', ')})`));
    }
    const limit = options.limit ?? 5;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return Promise.reject(new MdkgError('MDKG_USAGE', `limit must be an integer from 1 to 100, got ${String(limit)}`));
    }
    const run = (n: number): Promise<SearchResult> =>
      searchIndex(this.#parts, query, {
        strategy,
        limit: n,
        explain: options.explain ?? false,
        rerank: options.rerank ?? true,
        clauses: options.clauses ?? true,
      });
    if (this.#learned.size === 0) return run(limit);
    // A pair that says the whole request puts its target first: it is looked for a little deeper.
    const pin = pinnedPair(this.#learned, query);
    return run(pin === undefined ? limit : Math.min(100, limit + PIN_DEPTH)).then((result) =>
      withPairEvidence(result, this.#learned, pin, limit, this.#parts.params.lowConfidence),
    );
  }
}
