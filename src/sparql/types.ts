import type { Quad, Source, Term } from '@rdfjs/types';
import type { Diagnostic } from '../errors.js';
import type { SchemaProfile } from '../rdf/schema-profile.js';

/** What a query runs against: the store and the profile of what it contains. */
export interface QueryTarget {
  /** Any RDF/JS Source: mdkg's QuadStore, an n3 Store, … */
  store: Source;
  profile: SchemaProfile;
}

export interface QueryOptions {
  /** Wall-clock budget for the whole query, remote requests included. Default 30 000 ms. */
  timeoutMs?: number;
  /** Most rows (SELECT) or quads (CONSTRUCT, DESCRIBE) returned. Default 10 000. */
  limit?: number;
  /** SPARQL endpoints a SERVICE clause may call. Default: none. */
  allowServices?: readonly string[];
  /**
   * When the request arrived, as a `performance.now()` reading: the timeout counts from it,
   * waiting for a query worker included. Default: when runQuery is called.
   */
  arrivedAt?: number;
  /**
   * Part of one core's time (above 0, at most 1) that long queries (past their first 250 ms)
   * together run while the host serves other work: `mdkg serve` notes every request that is not a
   * graph_query, and a long query sleeps between slices of its work to leave the rest to them.
   * Default 0.25; 1 never yields. A host that notes no other work runs every query at full speed.
   */
  longQueryShare?: number;
  /**
   * Who asks (any object, held weakly: `mdkg serve` passes the client's session). A client whose
   * last query ran out of time within the last minute gets no full-speed first 250 ms for its next
   * ones, until one of them answers in time. Default: nobody in particular.
   */
  client?: object;
}

export type QueryForm = 'SELECT' | 'ASK' | 'CONSTRUCT' | 'DESCRIBE';

export type QueryResult =
  | {
      kind: 'bindings';
      /** Projected variables in the query's order (for `SELECT *`: order of first appearance). */
      variables: string[];
      /** One record per solution; unbound variables are absent. */
      rows: Array<Record<string, Term>>;
      /** True when more solutions existed than `limit`. */
      truncated: boolean;
      warnings: Diagnostic[];
    }
  | { kind: 'boolean'; value: boolean; warnings: Diagnostic[] }
  | { kind: 'quads'; quads: Quad[]; truncated: boolean; warnings: Diagnostic[] };

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_LIMIT = 10_000;
