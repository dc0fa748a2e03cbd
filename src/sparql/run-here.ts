// The query pipeline in the current thread: check, rewrite, evaluate, shape the result.
import { MdkgError, isMdkgError, type Diagnostic } from '../errors.js';
import { checkQuery, type CheckedQuery } from './check.js';
import { engineMessage } from './engine-errors.js';
import { executeQuery, type ExecuteResult } from './engine.js';
import { toExecutable } from './executable.js';
import { createGuardedFetch } from './fetch-guard.js';
import type { QueryOptions, QueryResult, QueryTarget } from './types.js';

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

function mapEngineError(error: unknown, denials: readonly MdkgError[], failures: readonly MdkgError[]): MdkgError {
  // A refusal or failure of the guarded fetch may reach us wrapped (or re-created) by the engine.
  const known = denials[0] ?? failures[0];
  if (known !== undefined) return known;
  if (isMdkgError(error)) return error;
  return new MdkgError('MDKG_SPARQL_FAILED', engineMessage(error), {}, { cause: error });
}

/**
 * Runs a checked-in-place query in this thread (see run.ts for the public entry, which runs it in
 * a worker that can be stopped). Options are already validated.
 */
export async function runQueryHere(
  target: QueryTarget,
  query: string,
  options: Required<Omit<QueryOptions, 'arrivedAt' | 'longQueryShare' | 'client'>>,
): Promise<QueryResult> {
  const { timeoutMs, limit } = options;
  const allow = options.allowServices;
  const checked = checkQuery(target.profile, query, { allowServices: allow });
  const executable = toExecutable(checked.text, checked);
  const denials: MdkgError[] = [];
  const failures: MdkgError[] = [];
  const guardedFetch = createGuardedFetch(allow, timeoutMs, { onDenied: (e) => denials.push(e), onFailed: (e) => failures.push(e) });
  let raw: ExecuteResult;
  try {
    raw = await executeQuery(target.store, executable.text, {
      timeoutMs,
      limit: executable.askAsSelect ? 1 : limit,
      fetch: guardedFetch,
    });
  } catch (error) {
    throw mapEngineError(error, denials, failures);
  }
  return shape(checked, raw, executable.askAsSelect, denials);
}
