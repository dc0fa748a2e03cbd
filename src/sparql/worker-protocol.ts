// Messages between a query worker and the pool, and the compact form results travel in.
import { DataFactory } from 'n3';
import type { Quad, Term } from '@rdfjs/types';
import { MdkgError, isMdkgError, type Diagnostic, type MdkgCode } from '../errors.js';
import type { StoreSnapshot } from '../rdf/quad-store.js';
import type { SchemaProfile } from '../rdf/schema-profile.js';
import { decodeTerm, encodeTerm } from '../rdf/term-codec.js';
import { emptyDict } from '../util/own.js';
import { engineMessage } from './engine-errors.js';
import type { QueryResult } from './types.js';

export interface RunRequest {
  query: string;
  timeoutMs: number;
  /** Part of one core's time long queries together get while the host serves other work (long-query-share.ts). */
  share: number;
  /** Time the query runs at full speed before it counts as long (client-history.ts). */
  graceMs: number;
  limit: number;
  allowServices: string[];
}

export type ToWorker = { kind: 'load'; snapshot: StoreSnapshot; profile: SchemaProfile } | ({ kind: 'query' } & RunRequest);

/** A result with its terms as codes (see term-codec); `D` is the default graph. */
export type EncodedResult =
  | { kind: 'bindings'; variables: string[]; rows: Array<Array<[string, string]>>; truncated: boolean; warnings: Diagnostic[] }
  | { kind: 'boolean'; value: boolean; warnings: Diagnostic[] }
  | { kind: 'quads'; quads: string[]; truncated: boolean; warnings: Diagnostic[] };

export type FromWorker =
  /** Sent once, first, when the worker has loaded its code: before it, it must not be ended. */
  | { kind: 'ready' }
  | { kind: 'loaded' }
  /** `sleptMs`: how long the query yielded to other work (task-guard.ts). */
  | { kind: 'result'; result: EncodedResult; sleptMs?: number }
  | { kind: 'error'; code: MdkgCode | undefined; message: string; details: Record<string, unknown>; cause?: string; sleptMs?: number };

const codeOf = (term: Term): string => (term.termType === 'DefaultGraph' ? 'D' : encodeTerm(term));
const termOf = (code: string): Term => (code === 'D' ? DataFactory.defaultGraph() : decodeTerm(code));

export function encodeResult(result: QueryResult): EncodedResult {
  switch (result.kind) {
    case 'bindings':
      return { ...result, rows: result.rows.map((row) => Object.entries(row).map(([v, t]): [string, string] => [v, codeOf(t)])) };
    case 'boolean':
      return result;
    case 'quads':
      return { ...result, quads: result.quads.flatMap((q) => [codeOf(q.subject), codeOf(q.predicate), codeOf(q.object), codeOf(q.graph)]) };
  }
}

export function decodeResult(result: EncodedResult): QueryResult {
  switch (result.kind) {
    case 'bindings':
      return {
        ...result,
        rows: result.rows.map((pairs) => {
          const row = emptyDict<Term>();
          for (const [v, code] of pairs) row[v] = termOf(code);
          return row;
        }),
      };
    case 'boolean':
      return result;
    case 'quads': {
      const quads: Quad[] = [];
      const q = result.quads;
      for (let i = 0; i + 3 < q.length; i += 4) {
        quads.push(
          DataFactory.quad(
            termOf(q[i]!) as Quad['subject'],
            termOf(q[i + 1]!) as Quad['predicate'],
            termOf(q[i + 2]!) as Quad['object'],
            termOf(q[i + 3]!) as Quad['graph'],
          ),
        );
      }
      return { ...result, quads };
    }
  }
}

/** An error as it crosses to the pool: code, message and the plain details. */
export function encodeError(error: unknown): Extract<FromWorker, { kind: 'error' }> {
  if (isMdkgError(error)) {
    const details = emptyDict<unknown>();
    for (const [k, v] of Object.entries(error.details)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) details[k] = v;
    const cause = error.cause instanceof Error ? { cause: error.cause.message } : {};
    return { kind: 'error', code: error.code, message: error.message, details, ...cause };
  }
  return { kind: 'error', code: undefined, message: error instanceof Error ? error.message : String(error), details: {} };
}

export function decodeError(message: Extract<FromWorker, { kind: 'error' }>): MdkgError {
  const text = message.code === undefined ? engineMessage(new Error(message.message)) : message.message;
  const cause = message.cause ?? (message.code === undefined ? message.message : undefined);
  return new MdkgError(message.code ?? 'MDKG_SPARQL_FAILED', text, { ...message.details }, cause === undefined ? undefined : { cause: new Error(cause) });
}
