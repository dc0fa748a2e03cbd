// The gateway's state: its tool index, the tools it names, the graph (loaded on first need: a warm
// start serves search_tools and call_tool from the persisted index alone), and one supervisor per
// downstream server. Built at start and again by index_build.
import { join, resolve } from 'node:path';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ServerConfig } from '../config-sources.js';
import type { MdkgConfig } from '../config.js';
import type { RemoteGraph } from '../store/remote-graph.js';
import type { Diagnostic } from '../errors.js';
import { generateTools, type ToolSource } from '../generate/generate-tools.js';
import { loadGraph, type KnowledgeGraph } from '../graph/knowledge-graph.js';
import { cacheDirProblem } from '../graph/cache-dir.js';
import { openToolIndex } from '../search/open-index.js';
import { ToolIndex } from '../search/tool-index.js';
import { Downstream } from './downstream.js';
import { indexedTools, indexSource, type KnownTool, knownTools } from './known-tools.js';
import { droppedLine, serverLine } from './state-log.js';
import { ChangeSignal, WorkQueue } from './work-queue.js';

export type { KnownTool } from './known-tools.js';

/** One connected client: its MCP server object, and its own sampling rewriter and cache. */
export interface Session {
  server: Server;
  /** Rewrites a request through this client's MCP sampling (set when the client offers it). */
  sampler?: (query: string, signal: AbortSignal) => Promise<string>;
  /** Requests this client's model already rewrote (never shared: one client cannot steer another's searches). */
  normalized: Map<string, string>;
  /** The serve profile of this client (its HTTP token's); undefined: the top level. */
  profile?: string;
  /** Sends `tools/list_changed` when what this client was listed changed (sources, tool counts). */
  refreshTools?: () => void;
}

export interface Gateway {
  graphsDir: string;
  /** Where the tool documents of the servers are (re)generated: `tools_out`, else `<graphs>/tools`. */
  toolsDir: string;
  /** The connected clients (one over stdio, one per HTTP session): told when the graph changed. */
  sessions: Set<Session>;
  cwd: string;
  config: MdkgConfig;
  /** The graph, loaded on the first call that needs it (the same promise after). */
  graph: () => Promise<KnowledgeGraph>;
  /** The graph once loaded (for status lines that must not wait for it). */
  loaded?: KnowledgeGraph;
  index: ToolIndex;
  tools: KnownTool[];
  servers: Map<string, Downstream>;
  builtAt: string;
  buildMs: number;
  diagnostics: Diagnostic[];
  /** The source folder reindex_codebase regenerates (mdkg serve --code-root); without it, that tool is not offered. */
  codeRoot?: string;
  /** Regenerated documents, reloaded config and graph changes, one at a time (work-queue.ts). */
  work: WorkQueue;
  /** Told when a server's state changes or a job starts or ends (searches waiting for the index listen). */
  changes: ChangeSignal;
  /** Servers removed from the config while the gateway runs: their tools are no longer offered (documents kept). */
  hidden: Set<string>;
  /** Servers on their first connection since they were configured (or reset), with its start time. */
  firstConnects: Map<Downstream, number>;
  /** The config as last read live (live-config.ts): its file, and why the last edit was not applied. */
  live: { file?: string; error?: Diagnostic; notes: Diagnostic[] };
  /** Where state lines go (stderr in `mdkg serve`). */
  log: (line: string) => void;
  /** mdkg serve --endpoint/--store: graph_query, graph_schema and graph_search read this SPARQL server. */
  remote?: RemoteGraph;
}

export const DEFAULT_SERVER_TIMEOUT_MS = 15_000;
const DEFAULT_CALL_TIMEOUT_MS = 60_000;

/** The supervisor of one configured server: `timeout_ms` bounds connecting and each call; without it, 15 s to connect and 60 s a call. */
export function makeServer(id: string, config: ServerConfig, cwd: string): Downstream {
  const { timeout_ms: timeout, description: _description, max_result_bytes: cap, ...server } = config;
  return new Downstream(id, server, cwd, timeout ?? DEFAULT_SERVER_TIMEOUT_MS, timeout ?? DEFAULT_CALL_TIMEOUT_MS, cap);
}

/** How the gateway builds its index: the config's ranking overrides, and embedding texts when embeddings are configured. */
function indexOptions(config: MdkgConfig): { overrides?: NonNullable<MdkgConfig['search']>; vectorTexts?: boolean; learned?: { ttlDays: number } } {
  return {
    ...(config.search === undefined ? {} : { overrides: config.search }),
    ...(config.embeddings === undefined ? {} : { vectorTexts: true }),
    ...(config.learned?.ttl_days === undefined ? {} : { learned: { ttlDays: config.learned.ttl_days } }),
  };
}

/**
 * The index with its tools' vectors when the config has embeddings (the vectors cached in
 * `<graphs>/.mdkg`); else as it is. Vectors that cannot be made are diagnostics, never a failed start.
 */
async function withVectors(index: ToolIndex, config: MdkgConfig, graphsDir: string, cwd: string): Promise<{ index: ToolIndex; diagnostics: Diagnostic[] }> {
  if (config.embeddings === undefined) return { index, diagnostics: [] };
  const { attachVectors } = await import('../search/attach-vectors.js');
  const cacheDir = join(graphsDir, '.mdkg');
  const usable = (await cacheDirProblem(cacheDir)) === undefined;
  const out = await attachVectors(index, config.embeddings, { configDir: cwd, ...(usable ? { cacheDir } : {}) });
  return { index: out.index, diagnostics: out.diagnostics };
}

/**
 * Opens the index (the persisted one when current, else by loading the graph); the servers are made
 * (not connected) from the config. The graph is loaded when first needed, then its tools (with
 * their document paths) and load problems join the gateway's.
 */
export async function buildGateway(graphsDir: string, config: MdkgConfig, cwd: string, previous?: Gateway): Promise<Gateway> {
  const started = performance.now();
  const opened = await openToolIndex(graphsDir, indexOptions(config));
  const { index, diagnostics: vectorNotes } = await withVectors(opened.index, config, graphsDir, cwd);
  const servers = previous?.servers ?? new Map<string, Downstream>();
  if (previous === undefined) for (const [id, s] of Object.entries(config.servers ?? {})) servers.set(id, makeServer(id, s, cwd));
  const toolsDir = config.tools_out === undefined ? join(graphsDir, 'tools') : resolve(cwd, config.tools_out);
  let graph: Promise<KnowledgeGraph> | undefined;
  const changes = previous?.changes ?? new ChangeSignal();
  const hidden = previous?.hidden ?? new Set<string>();
  // index_build copies this object into the running one: the graph, once loaded, is set on that one.
  const target = (): Gateway => previous ?? gw;
  const gw: Gateway = {
    graphsDir,
    toolsDir,
    cwd,
    config,
    graph: () => {
      graph ??= (opened.graph === undefined ? loadGraph(graphsDir) : Promise.resolve(opened.graph)).then((kg) => {
        const into = target();
        into.loaded = kg;
        into.tools = knownTools(kg, into.hidden);
        // Problems a warm start recorded are the same ones the load finds: keep one copy.
        if (opened.warm) into.diagnostics = [...kg.diagnostics, ...into.diagnostics.filter((d) => !opened.diagnostics.includes(d))];
        return kg;
      });
      return graph;
    },
    ...(opened.graph === undefined ? {} : { loaded: opened.graph }),
    index,
    tools: opened.graph === undefined ? indexedTools(index).filter((t) => !hidden.has(t.source)) : knownTools(opened.graph, hidden),
    servers,
    builtAt: new Date().toISOString(),
    buildMs: Math.round(performance.now() - started),
    diagnostics: [...opened.diagnostics, ...vectorNotes],
    sessions: previous?.sessions ?? new Set(),
    ...(previous?.codeRoot === undefined ? {} : { codeRoot: previous.codeRoot }),
    work: previous?.work ?? new WorkQueue(changes),
    changes,
    hidden,
    firstConnects: previous?.firstConnects ?? new Map(),
    live: previous?.live ?? { notes: [] },
    log: previous?.log ?? (() => undefined),
  };
  // Tools of servers removed while the gateway runs stay out of a rebuilt index too (index_build).
  if (hidden.size > 0) {
    const kg = await gw.graph();
    gw.loaded = kg;
    gw.index = (await withVectors(ToolIndex.build(indexSource(kg, hidden), indexOptions(config)), config, graphsDir, cwd)).index;
    gw.tools = knownTools(kg, hidden);
  }
  return gw;
}

/**
 * Hooks a server to the gateway: each listing of its tools (at connect, after list_changed)
 * regenerates its documents (unchanged tools write nothing) and, when any changed, refreshes the
 * graph and re-indexes, one job at a time on the gateway's queue; each change of state is logged
 * and wakes the searches waiting for the index. A failure is a diagnostic, never a crash.
 */
export function attachServer(gw: Gateway, server: Downstream): void {
  server.onTools = (tools) => {
    void gw.work
      .run(
        `tools of "${server.source}"`,
        server.timeoutMs,
        async () => {
          // A server removed (or replaced) by the config meanwhile writes nothing.
          if (gw.servers.get(server.source) !== server) return;
          // What the server said about itself in `initialize`, and what the config says about it.
          const description = gw.config.servers?.[server.source]?.description;
          const source: ToolSource = {
            id: server.source,
            kind: 'mcp-listed',
            tools,
            ...(server.words === undefined ? {} : { words: server.words }),
            ...(description === undefined ? {} : { description }),
          };
          const [report] = await generateTools([source], { outDir: gw.toolsDir, cwd: gw.cwd });
          if (report === undefined) return;
          if (!report.ok) {
            gw.diagnostics.push(...report.diagnostics);
            return;
          }
          if (report.added.length + report.updated.length + report.removed.length === 0) return;
          await refreshIndex(gw);
        },
        server.source,
      )
      .catch((error: unknown) => {
        gw.diagnostics.push({
          code: 'MDKG_SOURCE_FAILED',
          severity: 'error',
          message: `tool documents of "${server.source}" not regenerated: ${(error as Error).message}`,
        });
      });
  };
  // A message the server sent that was dropped unread (over the result cap, answering no request).
  server.onDiagnostic = (s, message) => {
    if (gw.servers.get(s.source) === s) gw.log(droppedLine(s, message));
  };
  server.onChange = (s, event) => {
    if (event === 'connecting' && !gw.firstConnects.has(s) && s.failures === 0 && s.listChanges === 0 && s.tools.size === 0)
      gw.firstConnects.set(s, Date.now());
    if (event === 'connected' || event === 'down' || event === 'idle') gw.firstConnects.delete(s);
    if (gw.servers.get(s.source) === s) gw.log(serverLine(s, event));
    gw.changes.notify();
    // search_tools' sources line names each server's state and tool count.
    refreshTools(gw);
  };
}

/** Hooks every configured server (see attachServer). */
export function watchTools(gw: Gateway): void {
  for (const server of gw.servers.values()) attachServer(gw, server);
}

/** Tells every client that the tools the gateway offers changed (tools/list_changed). */
export function toolsChanged(gw: Gateway): void {
  for (const session of gw.sessions) void session.server.sendToolListChanged().catch(() => undefined);
}

/**
 * Reloads the changed documents of the graph (`refresh`, unless they were just reloaded) and
 * rebuilds the search index; the clients are told that the documents (resources) changed, and the
 * tools too when the set of tools offered changed. Runs inside a job of the queue.
 */
export async function refreshIndex(gw: Gateway, options: { refresh?: boolean } = {}): Promise<void> {
  const kg = await gw.graph();
  if (options.refresh !== false) await kg.refresh();
  const before = gw.tools.map((t) => t.id).join('\n');
  const rebuilt = await withVectors(ToolIndex.build(indexSource(kg, gw.hidden), indexOptions(gw.config)), gw.config, gw.graphsDir, gw.cwd);
  gw.index = rebuilt.index;
  gw.diagnostics.push(...rebuilt.diagnostics);
  gw.tools = knownTools(kg, gw.hidden);
  for (const session of gw.sessions) void session.server.sendResourceListChanged().catch(() => undefined);
  if (gw.tools.map((t) => t.id).join('\n') !== before) toolsChanged(gw);
  else refreshTools(gw);
}

/** Each client whose tool list (search_tools' sources and counts) changed is sent tools/list_changed. */
export function refreshTools(gw: Gateway): void {
  for (const session of gw.sessions) session.refreshTools?.();
}

/** Reloads the changed documents of the graph and rebuilds the search index (a learned pair), after the jobs already queued. */
export function reindex(gw: Gateway): Promise<void> {
  return gw.work.run('reindex', DEFAULT_SERVER_TIMEOUT_MS, () => refreshIndex(gw));
}

/** Connects every server in parallel, each on its own; never throws (failures are server states). */
export function connectAll(gw: Gateway): Promise<void> {
  return Promise.allSettled([...gw.servers.values()].map((s) => s.connect())).then(() => undefined);
}
