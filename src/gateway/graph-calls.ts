// graph_schema, graph_query, graph_search, index_status and index_build: the knowledge graph itself.
import { basename } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isMdkgError } from '../errors.js';
import { exportGraph, type ExportFormat } from '../graph/export.js';
import { serializeQuads } from '../rdf/serialize.js';
import { graphSearch } from '../search/graph-search/graph-search.js';
import { formatBindings } from '../sparql/format.js';
import { queryWaitingCount, queryWorkerCount, queryWorkerStats } from '../sparql/worker-pool.js';
import type { QueryOptions } from '../sparql/types.js';
import { exportRemote } from '../store/export.js';
import type { RemoteGraph } from '../store/remote-graph.js';
import type { Downstream, ServerStatus } from './downstream.js';
import { buildGateway, DEFAULT_SERVER_TIMEOUT_MS, type Gateway } from './gateway.js';
import { liveStatus } from './health.js';
import { errorText } from './state-log.js';
import { fail, ok } from './tool-calls.js';
import { checkArguments } from './validate.js';

/** Each listed tool whose input schema cannot be used (compiled now, once per schema), with why. */
function unusableSchemas(gw: Gateway): { tool: string; reason: string }[] {
  const found: { tool: string; reason: string }[] = [];
  for (const server of gw.servers.values())
    for (const [name, tool] of server.tools) {
      const checked = checkArguments(`${server.source}/${name}`, tool.inputSchema, {});
      if ('unusable' in checked) found.push({ tool: `tool:${server.source}/${name}`, reason: checked.unusable });
    }
  return found;
}

const QUERY_TIMEOUT_MS = 10_000;
const QUERY_LIMIT = 1000;

export async function graphSchema(gw: Gateway): Promise<CallToolResult> {
  if (gw.remote !== undefined) {
    try {
      const { profile: p, warnings } = await gw.remote.info(QUERY_TIMEOUT_MS);
      return ok({
        documents: p.documents,
        triples: p.triples,
        classes: p.classes,
        predicates: p.predicates,
        prefixes: p.prefixes,
        store: gw.remote.client.target.queryUrl,
        warnings,
      });
    } catch (error) {
      if (isMdkgError(error)) return fail(`${error.code} ${error.message}`, { code: error.code });
      throw error;
    }
  }
  const kg = await gw.graph();
  const p = kg.profile;
  return ok({ documents: kg.documents().length, triples: kg.store.size, classes: p.classes, predicates: p.predicates, prefixes: p.prefixes });
}

export async function graphQuery(gw: Gateway, args: { sparql: string; limit?: number; timeout_ms?: number }, client?: object): Promise<CallToolResult> {
  try {
    const kg = gw.remote ?? (await gw.graph());
    const share = gw.config.sparql?.long_query_share;
    const result = await kg.query(args.sparql, {
      limit: args.limit ?? QUERY_LIMIT,
      timeoutMs: args.timeout_ms ?? QUERY_TIMEOUT_MS,
      allowServices: gw.config.sparql?.allow_services ?? [],
      ...(share === undefined ? {} : { longQueryShare: share }),
      ...(client === undefined ? {} : { client }),
    });
    if (result.kind === 'quads')
      return ok({
        format: 'application/n-quads',
        data: await serializeQuads(result.quads, 'nquads', kg.prefixes),
        truncated: result.truncated,
        warnings: result.warnings,
      });
    const json = JSON.parse(formatBindings(result, 'json', kg.prefixes)) as Record<string, unknown>;
    return ok({ ...json, ...(result.kind === 'bindings' ? { truncated: result.truncated } : {}), warnings: result.warnings });
  } catch (error) {
    if (isMdkgError(error)) return fail(`${error.code} ${error.message}`, { code: error.code });
    throw error;
  }
}

export async function graphSearchCall(gw: Gateway, args: { query: string; limit?: number }): Promise<CallToolResult> {
  const remote = gw.remote;
  // With a store, the words are matched against the local graph's text index and the compiled query runs on the server.
  const run = remote === undefined ? {} : { run: (sparql: string, o: QueryOptions) => remote.query(sparql, o) };
  const result = await graphSearch(await gw.graph(), args.query, { limit: args.limit ?? 10, allowServices: gw.config.sparql?.allow_services ?? [], ...run });
  return ok({ query: result.query, words: result.words, matches: result.matches, sparql: result.sparql, diagnostics: result.diagnostics });
}

/** Largest export returned by graph_export (characters). */
const MAX_EXPORT_CHARS = 1_000_000;

/** graph_export with a store: the server's graphs (ttl, nq), as `mdkg export --endpoint` writes them. */
async function remoteExport(remote: RemoteGraph, args: { format: ExportFormat; node?: string }): Promise<string | CallToolResult> {
  const format = args.format;
  if (format !== 'ttl' && format !== 'nq') return fail(`from a SPARQL server, format must be ttl or nq (got ${format})`);
  try {
    return await exportRemote(remote.client, format, args.node);
  } catch (error) {
    if (isMdkgError(error)) return fail(`${error.code} ${error.message}`, { code: error.code });
    throw error;
  }
}

export async function graphExport(gw: Gateway, args: { format: ExportFormat; node?: string }): Promise<CallToolResult> {
  if (gw.remote !== undefined) {
    const text = await remoteExport(gw.remote, args);
    return typeof text === 'string' ? cutExport(text, args.format) : text;
  }
  const kg = await gw.graph();
  if (args.node !== undefined && kg.document(args.node) === undefined)
    return fail(`no document '${args.node}' in the graph (give a document id such as concept:… or tool:<source>/<name>)`);
  return cutExport(await exportGraph(kg, args.format, args.node), args.format);
}

/** At most MAX_EXPORT_CHARS of an export, saying so when it was cut. */
function cutExport(text: string, format: ExportFormat): CallToolResult {
  const cut = text.length > MAX_EXPORT_CHARS;
  return ok({
    format,
    data: cut ? text.slice(0, MAX_EXPORT_CHARS) : text,
    truncated: cut,
    ...(cut
      ? {
          diagnostics: [
            {
              code: 'MDKG_QUERY_TRUNCATED',
              severity: 'warning',
              message: `the export has ${text.length} characters; the first ${MAX_EXPORT_CHARS} are returned (export one node, or use the CLI)`,
            },
          ],
        }
      : {}),
  });
}

/** The server graph_query reads and its last push (the manifest, read afresh), or why it cannot be read. */
async function storeStatus(remote: RemoteGraph): Promise<Record<string, unknown>> {
  const url = remote.client.target.queryUrl;
  try {
    const info = await remote.info(QUERY_TIMEOUT_MS, { fresh: true });
    return { url, lastPush: info.pushedAt ?? null, documents: info.profile.documents, triples: info.profile.triples };
  } catch (error) {
    if (isMdkgError(error)) return { url, error: `${error.code} ${error.message}` };
    throw error;
  }
}

/**
 * A server's status as any client of the gateway may see it, as /health does: the program's name
 * or the URL without its query, never the arguments, env or headers (tokens live there), and the
 * last error with their values masked.
 */
export function publicStatus(s: Downstream): ServerStatus {
  const { lastError: _raw, ...status } = s.status();
  const lastError = errorText(s);
  let server: string;
  if ('url' in s.server) {
    try {
      const url = new URL(String(s.server.url));
      server = `${url.origin}${url.pathname}`;
    } catch {
      server = 'http';
    }
  } else server = basename(s.server.command);
  return { ...status, server, ...(lastError === undefined ? {} : { lastError }) };
}

export async function indexStatus(gw: Gateway): Promise<CallToolResult> {
  const kg = await gw.graph();
  const perSource = new Map<string, number>();
  for (const t of gw.tools) perSource.set(t.source, (perSource.get(t.source) ?? 0) + 1);
  const errors = gw.diagnostics.filter((d) => d.severity === 'error').length;
  return ok({
    documents: kg.documents().length,
    triples: kg.store.size,
    tools: gw.tools.length,
    toolsPerSource: Object.fromEntries(perSource),
    servers: [...gw.servers.values()].map((s) => publicStatus(s)),
    builtAt: gw.builtAt,
    buildMs: gw.buildMs,
    loadErrors: errors,
    empty: gw.tools.length === 0,
    // Tools whose input schema was found unusable (they refuse calls with MDKG_SCHEMA_UNUSABLE).
    unusableSchemas: unusableSchemas(gw),
    // The SPARQL workers of this process: threads now, queries waiting, and since the start the
    // workers started, the runaways whose worker lived on, and the time long queries yielded.
    queries: { workers: queryWorkerCount(), waiting: queryWaitingCount(), ...queryWorkerStats() },
    ...liveStatus(gw),
    ...(gw.remote === undefined ? {} : { store: await storeStatus(gw.remote) }),
  });
}

/** Reloads and re-indexes into `gw` (same object, so the server sees it; after the queued writes), then lists every server's tools again (see Downstream.refresh). */
export async function indexBuild(gw: Gateway): Promise<CallToolResult> {
  await gw.work.run('index_build', DEFAULT_SERVER_TIMEOUT_MS, async () => {
    Object.assign(gw, await buildGateway(gw.graphsDir, gw.config, gw.cwd, gw));
  });
  await Promise.all([...gw.servers.values()].map((s) => s.refresh()));
  const status = (await indexStatus(gw)).structuredContent ?? {};
  return ok({ ...status, diagnostics: gw.diagnostics.filter((d) => d.severity !== 'info').slice(0, 100) });
}
