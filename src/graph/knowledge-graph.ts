import { resolve } from 'node:path';
import { MdkgError, type Diagnostic } from '../errors.js';
import { DEFAULT_PREFIXES } from '../rdf/namespaces.js';
import type { QuadStore } from '../rdf/quad-store.js';
import { computeSchemaProfile, type SchemaProfile } from '../rdf/schema-profile.js';
import { runQuery, type QueryOptions, type QueryResult } from '../sparql/run.js';
import { emptyState, syncState, type GraphState } from './load.js';
import type { DocumentInfo, LoadOptions, LoadStats } from './types.js';

/** A loaded graph folder: the N3 store (one named graph per document), its documents and schema. */
export class KnowledgeGraph {
  readonly #state: GraphState;
  readonly #options: LoadOptions;
  #profile: SchemaProfile | undefined;
  #lastLoad: LoadStats;

  private constructor(state: GraphState, options: LoadOptions, stats: LoadStats) {
    this.#state = state;
    this.#options = options;
    this.#lastLoad = stats;
  }

  /** Loads every `*.md` under `dir` (see loadGraph). */
  static async load(dir: string, options: LoadOptions = {}): Promise<KnowledgeGraph> {
    // resolve('') is the current folder: an empty path is a mistake, not a request for it.
    if (dir.trim() === '') throw new MdkgError('MDKG_USAGE', 'the graph folder path is empty');
    const state = emptyState(resolve(dir));
    const stats = await syncState(state, options);
    return new KnowledgeGraph(state, options, stats);
  }

  /** Absolute path of the graph folder. */
  get root(): string {
    return this.#state.root;
  }

  /** The quads: one named graph per loaded document (an RDF/JS Source, n3-like methods). */
  get store(): QuadStore {
    return this.#state.store;
  }

  /** Every problem found in the last load: documents, links, ids, cache. */
  get diagnostics(): readonly Diagnostic[] {
    return this.#state.diagnostics;
  }

  /** Counts of the last load or refresh. */
  get stats(): LoadStats {
    return this.#lastLoad;
  }

  /** Prefixes known to every query and export. */
  get prefixes(): Record<string, string> {
    return { ...DEFAULT_PREFIXES };
  }

  /** All documents found, loaded or not, sorted by path. */
  documents(): DocumentInfo[] {
    return [...this.#state.docs.values()];
  }

  /** The document with this path, IRI or id-like name (`tool:x`), if any. */
  document(ref: string): DocumentInfo | undefined {
    const byPath = this.#state.docs.get(ref) ?? this.#state.docs.get(`${ref}.md`);
    if (byPath !== undefined) return byPath;
    for (const doc of this.#state.docs.values()) if (doc.loaded && (doc.iri === ref || doc.names[0] === ref)) return doc;
    return undefined;
  }

  /** What the graph actually contains; computed once per load. */
  get profile(): SchemaProfile {
    this.#profile ??= computeSchemaProfile(this.store, this.prefixes, this.documents().filter((d) => d.loaded).length);
    return this.#profile;
  }

  /** Runs a read-only SPARQL query (see runQuery): schema warnings, SERVICE allowlist, timeout, limit. */
  query(sparql: string, options: QueryOptions = {}): Promise<QueryResult> {
    return runQuery(this, sparql, options);
  }

  /** Re-reads the folder and replaces only the named graphs of changed, new and deleted documents. */
  async refresh(): Promise<LoadStats> {
    this.#lastLoad = await syncState(this.#state, this.#options);
    this.#profile = undefined;
    return this.#lastLoad;
  }
}

/** Loads every `*.md` under `dir` into an N3 store, reusing the `.mdkg/` cache for unchanged files. */
export function loadGraph(dir: string, options: LoadOptions = {}): Promise<KnowledgeGraph> {
  return KnowledgeGraph.load(dir, options);
}
