import { isMdkgError, MdkgError } from '../errors.js';
import { ClientHistory } from './client-history.js';
import { checkShare, DEFAULT_LONG_QUERY_SHARE } from './long-query-share.js';
import { DEFAULT_LIMIT, DEFAULT_TIMEOUT_MS, type QueryOptions, type QueryResult, type QueryTarget } from './types.js';
import { runInWorker } from './worker-pool.js';

export type { QueryOptions, QueryResult, QueryTarget } from './types.js';

/** Longer query texts are refused before parsing: no real query is this long. */
export const MAX_QUERY_CHARS = 1_000_000;
/** The longest timeout a timer can hold (2^31 - 1 ms, about 24.8 days). */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Clients whose last query ran out of time (their next queries start yielding at once). */
const history = new ClientHistory();
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function integerIn(value: number, name: string, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new MdkgError('MDKG_USAGE', `${name} must be an integer from ${min} to ${max}, got ${value}`, { [name]: value });
  }
  return value;
}

/**
 * Runs a read-only SPARQL query (SELECT, ASK, CONSTRUCT, DESCRIBE) against a graph. Default
 * prefixes need no PREFIX lines. Updates, unknown syntax and SERVICE targets outside
 * `allowServices` are refused before anything runs; every HTTP request goes through a guarded
 * fetch. Terms the graph does not contain come back as warnings; the query still runs.
 *
 * Parsing and evaluation run in a worker thread that is ended when the timeout passes, so a query
 * returns within its timeout plus a small bound and leaves no work behind (see worker-pool.ts).
 * The timeout counts from `arrivedAt` (default: now), waiting for a worker included; when too many
 * queries wait already, the call fails at once with MDKG_BUSY.
 */
export async function runQuery(target: QueryTarget, query: string, options: QueryOptions = {}): Promise<QueryResult> {
  const arrivedAt = options.arrivedAt ?? performance.now();
  if (!Number.isFinite(arrivedAt)) throw new MdkgError('MDKG_USAGE', `arrivedAt must be a performance.now() reading, got ${arrivedAt}`);
  if (query.length > MAX_QUERY_CHARS) {
    throw new MdkgError('MDKG_USAGE', `the query is ${query.length} characters long, over the limit of ${MAX_QUERY_CHARS}`, { length: query.length });
  }
  if (LONE_SURROGATE.test(query)) throw new MdkgError('MDKG_USAGE', 'the query is not valid Unicode text (a lone surrogate)');
  const timeoutMs = integerIn(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 'timeoutMs', 1, MAX_TIMEOUT_MS);
  const limit = integerIn(options.limit ?? DEFAULT_LIMIT, 'limit', 0, Number.MAX_SAFE_INTEGER);
  const share = checkShare(options.longQueryShare ?? DEFAULT_LONG_QUERY_SHARE, 'longQueryShare');
  const { client } = options;
  const graceMs = history.graceFor(client, performance.now());
  try {
    const result = await runInWorker(target, { query, timeoutMs, limit, share, graceMs, allowServices: [...(options.allowServices ?? [])] }, arrivedAt);
    history.note(client, false, performance.now());
    return result;
  } catch (error) {
    // Only a timeout demotes, and only an answer in time restores: another error changes nothing.
    if (isMdkgError(error) && error.code === 'MDKG_SPARQL_TIMEOUT') history.note(client, true, performance.now());
    throw error;
  }
}
