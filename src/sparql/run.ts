import { MdkgError, isMdkgError, type Diagnostic } from '../errors.js';
import { checkQuery, type CheckedQuery } from './check.js';
import { executeQuery, type ExecuteResult } from './engine.js';
import { toExecutable } from './executable.js';
import { createGuardedFetch } from './fetch-guard.js';
import { DEFAULT_LIMIT, DEFAULT_TIMEOUT_MS, type QueryOptions, type QueryResult, type QueryTarget } from './types.js';

export type { QueryOptions, QueryResult, QueryTarget } from './types.js';

/** Longer query texts are refused before parsing: no real query is this long. */
export const MAX_QUERY_CHARS = 1_000_000;

function positiveInteger(value: number, name: string, allowZero: boolean): number {
  if (!Number.isInteger(value) || value < (allowZero ? 0 : 1)) {
    throw new MdkgError('MDKG_USAGE', `${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer, got ${value}`, { [name]: value });
  }
  return value;
}

/** Projection order: the query's; for `SELECT *` the engine's set in order of first appearance. */
function orderVariables(checked: CheckedQuery, engineVariables: string[]): string[] {
  if (!checked.wildcard) return checked.variables;
  const fromEngine = new Set(engineVariables);
  const ordered = checked.variables.filter((v) => fromEngine.has(v));
  const rest = engineVariables.filter((v) => !ordered.includes(v)).sort();
  return [...ordered, ...rest];
}

function shape(checked: CheckedQuery, raw: ExecuteResult, askAsSelect: boolean, denials: readonly MdkgError[]): QueryResult {
  // A SERVICE SILENT whose request was refused yields no solutions instead of failing: say so.
  const refused = denials.map((d): Diagnostic => ({ code: d.code, severity: 'warning', message: d.message }));
  const warnings = [...checked.warnings, ...refused];
  if (askAsSelect && raw.kind === 'bindings') return { kind: 'boolean', value: raw.rows.length > 0, warnings };
  switch (raw.kind) {
    case 'bindings': {
      const variables = orderVariables(checked, raw.variables);
      return { kind: 'bindings', variables, rows: raw.rows, truncated: raw.truncated, warnings };
    }
    case 'boolean':
      return { kind: 'boolean', value: raw.value, warnings };
    case 'quads':
      return { kind: 'quads', quads: raw.quads, truncated: raw.truncated, warnings };
  }
}

function mapEngineError(error: unknown, denials: readonly MdkgError[]): MdkgError {
  // A refusal of the guarded fetch may reach us wrapped (or re-created) by the engine.
  const denial = denials[0];
  if (denial !== undefined) return denial;
  if (isMdkgError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new MdkgError('MDKG_SPARQL_FAILED', `SPARQL evaluation failed: ${message}`, {}, { cause: error });
}

/**
 * Runs a read-only SPARQL query (SELECT, ASK, CONSTRUCT, DESCRIBE) against a graph. Default
 * prefixes need no PREFIX lines. Updates, unknown syntax and SERVICE targets outside
 * `allowServices` are refused before anything runs; every HTTP request goes through a guarded
 * fetch. Terms the graph does not contain come back as warnings; the query still runs.
 */
export async function runQuery(target: QueryTarget, query: string, options: QueryOptions = {}): Promise<QueryResult> {
  if (query.length > MAX_QUERY_CHARS) {
    throw new MdkgError('MDKG_USAGE', `the query is ${query.length} characters long, over the limit of ${MAX_QUERY_CHARS}`, { length: query.length });
  }
  const timeoutMs = positiveInteger(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 'timeoutMs', false);
  const limit = positiveInteger(options.limit ?? DEFAULT_LIMIT, 'limit', true);
  const allow = options.allowServices ?? [];
  const checked = checkQuery(target.profile, query, { allowServices: allow });
  const executable = toExecutable(checked.text, checked);
  const denials: MdkgError[] = [];
  const guardedFetch = createGuardedFetch(allow, timeoutMs, { onDenied: (e) => denials.push(e) });
  let raw: ExecuteResult;
  try {
    raw = await executeQuery(target.store, executable.text, {
      timeoutMs,
      limit: executable.askAsSelect ? 1 : limit,
      fetch: guardedFetch,
    });
  } catch (error) {
    throw mapEngineError(error, denials);
  }
  return shape(checked, raw, executable.askAsSelect, denials);
}
