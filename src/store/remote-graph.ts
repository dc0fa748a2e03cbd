// Queries on a SPARQL server with the rules of the in-process path: the same checks (syntax,
// read-only, SERVICE allowlist, schema terms against the profile the last push recorded) run before
// anything is sent, the time limit aborts the request, and at most `limit` rows or triples come
// back. Only the query endpoint is ever sent a query; writes are the Graph Store requests of a push.
import { Generator, type Query, Wildcard } from 'sparqljs';
import { type Diagnostic, isMdkgError, MdkgError } from '../errors.js';
import { DEFAULT_PREFIXES } from '../rdf/namespaces.js';
import type { SchemaProfile } from '../rdf/schema-profile.js';
import { checkQuery } from '../sparql/check.js';
import { MAX_QUERY_CHARS, MAX_TIMEOUT_MS } from '../sparql/run.js';
import { DEFAULT_LIMIT, DEFAULT_TIMEOUT_MS, type QueryOptions, type QueryResult } from '../sparql/types.js';
import { MANIFEST_GRAPH, MANIFEST_ROOT, parseProfile, STORE_NS } from './manifest.js';
import { sendQuery } from './protocol.js';
import { parseGraphAnswer, parseResultsJson } from './results.js';
import type { StoreClient } from './store-client.js';

const RESULTS_JSON = 'application/sparql-results+json';
const GRAPH_ACCEPT = 'application/n-triples, text/turtle;q=0.9';

/** What the server holds, learnt on first use. */
export interface RemoteInfo {
  /** When the last push finished (the manifest's time); undefined when nothing was pushed. */
  pushedAt: string | undefined;
  profile: SchemaProfile;
  warnings: Diagnostic[];
}

const EMPTY_PROFILE: SchemaProfile = { classes: [], predicates: [], prefixes: {}, documents: 0, triples: 0, graphs: 0 };

function integerIn(value: number, name: string, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new MdkgError('MDKG_USAGE', `${name} must be an integer from ${min} to ${max}, got ${value}`, { [name]: value });
  return value;
}

/**
 * The text sent: every name a full IRI (the server need not know mdkg's default prefixes), LIMIT
 * at most `limit + 1` (one more row tells a cut result), and ASK sent as `SELECT * … LIMIT 1`
 * (Virtuoso 7 answers ASK in JSON as a one-row table, the in-process engine does the same).
 */
export function remoteText(checked: Query, limit: number): string {
  const ast = { ...checked, prefixes: {} } as Query & { limit?: number };
  if (ast.queryType === 'ASK') return new Generator().stringify({ ...ast, queryType: 'SELECT', variables: [new Wildcard()], limit: 1 } as Query);
  if (limit < Number.MAX_SAFE_INTEGER) ast.limit = Math.min(ast.limit ?? Number.POSITIVE_INFINITY, limit + 1);
  return new Generator().stringify(ast);
}

/** A SPARQL server as a query target. */
export class RemoteGraph {
  readonly client: StoreClient;
  #info: Promise<RemoteInfo> | undefined;

  constructor(client: StoreClient) {
    this.client = client;
  }

  /** Prefixes for compact output: mdkg's defaults, as for the local graph. */
  get prefixes(): Record<string, string> {
    return { ...DEFAULT_PREFIXES };
  }

  /**
   * On first use: the manifest (profile, last push) and the check that the default graph is the
   * union of the named graphs: a manifest triple must be visible without GRAPH (MDKG_STORE_NO_UNION).
   */
  info(timeoutMs?: number, options: { fresh?: boolean } = {}): Promise<RemoteInfo> {
    if (options.fresh === true) this.#info = undefined;
    this.#info ??= this.#learn(timeoutMs);
    this.#info.catch(() => {
      this.#info = undefined;
    });
    return this.#info;
  }

  async #learn(timeoutMs?: number): Promise<RemoteInfo> {
    const select = async (text: string) => {
      const answer = await sendQuery(this.client, text, RESULTS_JSON, timeoutMs);
      return parseResultsJson(answer.body, answer.headers.get('content-type'), 100);
    };
    // Read without GRAPH: the answer comes only through the union default graph.
    const root = await select(`SELECT ?p ?o WHERE { <${MANIFEST_ROOT}> ?p ?o }`);
    const fields = new Map(root.kind === 'bindings' ? root.rows.map((r) => [r.p?.value ?? '', r.o?.value ?? '']) : []);
    if (fields.size > 0) {
      const profile = parseProfile(fields.get(`${STORE_NS}profile`)) ?? EMPTY_PROFILE;
      return { pushedAt: fields.get(`${STORE_NS}pushedAt`), profile, warnings: [] };
    }
    const named = await select(`SELECT ?p WHERE { GRAPH <${MANIFEST_GRAPH}> { <${MANIFEST_ROOT}> ?p ?o } } LIMIT 1`);
    if (named.total > 0)
      throw new MdkgError(
        'MDKG_STORE_NO_UNION',
        `${this.client.target.queryUrl} does not answer queries over the union of its named graphs (the manifest graph is not in the default graph); mdkg needs the union as the default graph (docs/sparql-server.md)`,
        { url: this.client.target.queryUrl },
      );
    const message = `${this.client.target.queryUrl} holds no mdkg manifest (${MANIFEST_GRAPH}): nothing was pushed, so queries are checked against an empty schema; run mdkg push`;
    return { pushedAt: undefined, profile: EMPTY_PROFILE, warnings: [{ code: 'MDKG_STORE_NO_MANIFEST', severity: 'warning', message }] };
  }

  /** Runs a read-only query on the server (see runQuery for the rules; `arrivedAt` counts the same way). */
  async query(query: string, options: QueryOptions = {}): Promise<QueryResult> {
    const arrivedAt = options.arrivedAt ?? performance.now();
    if (query.length > MAX_QUERY_CHARS) throw new MdkgError('MDKG_USAGE', `the query is ${query.length} characters long, over the limit of ${MAX_QUERY_CHARS}`);
    const timeoutMs = integerIn(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 'timeoutMs', 1, MAX_TIMEOUT_MS);
    const limit = integerIn(options.limit ?? DEFAULT_LIMIT, 'limit', 0, Number.MAX_SAFE_INTEGER);
    const left = (): number => Math.max(1, Math.floor(timeoutMs - (performance.now() - arrivedAt)));
    try {
      const info = await this.info(left());
      const checked = checkQuery(info.profile, query, { allowServices: options.allowServices ?? [] });
      const warnings = [...info.warnings, ...checked.warnings];
      const graphForm = checked.form === 'CONSTRUCT' || checked.form === 'DESCRIBE';
      const response = await sendQuery(this.client, remoteText(checked.ast, limit), graphForm ? GRAPH_ACCEPT : RESULTS_JSON, left());
      const type = response.headers.get('content-type');
      if (graphForm) {
        const quads = parseGraphAnswer(response.body, type);
        return { kind: 'quads', quads: quads.slice(0, limit), truncated: quads.length > limit, warnings };
      }
      if (checked.form === 'ASK') {
        const parsed = parseResultsJson(response.body, type, 1);
        return { kind: 'boolean', value: parsed.kind === 'boolean' ? parsed.value : parsed.total > 0, warnings };
      }
      const parsed = parseResultsJson(response.body, type, limit);
      if (parsed.kind === 'boolean') return { kind: 'boolean', value: parsed.value, warnings };
      const variables = checked.wildcard ? parsed.variables : checked.variables;
      return { kind: 'bindings', variables, rows: parsed.rows, truncated: parsed.total > limit, warnings };
    } catch (error) {
      if (isMdkgError(error) && error.code === 'MDKG_STORE_UNREACHABLE' && (error.details as { timeout?: boolean }).timeout === true)
        throw new MdkgError('MDKG_SPARQL_TIMEOUT', `the query on ${this.client.target.queryUrl} did not finish within ${timeoutMs} ms; it was aborted`, {
          timeoutMs,
        });
      throw error;
    }
  }
}
