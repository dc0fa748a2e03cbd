// Live config and graph: edits to mdkg.config.yaml and to the graph folder apply without a restart.
// The config's folder is watched (editors replace a file by a rename, so the folder, not the file)
// and the config read again after a short quiet time: servers added, removed or changed are
// connected or ended, the clients hear tools/list_changed (and resources/list_changed when the
// index changed). An edit that does not load keeps the running config, with its coded error on
// stderr and in index_status. Changed documents under the graph folder are reloaded incrementally
// and re-indexed. Every change runs as a job of the gateway's queue, after the jobs before it.
//
// A removed server's tools are no longer offered (search_tools, get_tool_schema, call_tool), but
// their documents stay in the graph folder: they are the user's files, reviewed in git, and a
// server commented out for a moment should not rewrite history. Delete <tools_out>/<source>/ to
// drop them for good.
import { type FSWatcher, watch } from 'node:fs';
import { basename } from 'node:path';
import type { ServerConfig } from '../config-sources.js';
import { loadConfig, type MdkgConfig } from '../config.js';
import { type Diagnostic, isMdkgError } from '../errors.js';
import { escapeForTerminal } from '../util/terminal-text.js';
import { attachServer, DEFAULT_SERVER_TIMEOUT_MS, type Gateway, makeServer, refreshIndex, toolsChanged } from './gateway.js';
import { type FolderWatch, watchFolder } from './graph-watch.js';
import { configLine, redact } from './state-log.js';

const DEBOUNCE_MS = 100;
/** Config file names the folder's events are read for (loadConfig decides which one is used). */
const CONFIG_NAME = /^mdkg\.config\.(?:ya?ml|json)$/;

export interface LiveOptions {
  /** The folder and `--config` as given to `mdkg serve` (loadConfig's arguments). */
  cwd: string;
  explicit?: string;
  /** The config file read at the start, if any. */
  file?: string;
  /** The folder whose events are read for the config file (the config's folder, else cwd). */
  dir: string;
  /** `--graphs` was given: the config's `graphs` key does not apply. */
  graphsFixed: boolean;
  /** Quiet time before a burst of events is acted on (default 100 ms). */
  debounceMs?: number;
}

export interface LiveWatch {
  ready: Promise<void>;
  close(): void;
}

/** A value as text with its keys sorted: equal texts, equal settings. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

/** Every secret value of the configured servers (masked in the lines that quote a config error). */
function secrets(config: MdkgConfig): string[] {
  return Object.values(config.servers ?? {}).flatMap((s: ServerConfig) =>
    Object.values(('env' in s ? s.env : undefined) ?? ('headers' in s ? s.headers : undefined) ?? {}).filter((v) => v.length >= 4),
  );
}

/** An edit that is not applied: the running config stays; the error goes to stderr and index_status. */
function keep(gw: Gateway, diagnostic: Diagnostic): void {
  gw.live.error = diagnostic;
  gw.log(`mdkg serve: ${diagnostic.severity} ${diagnostic.code} ${redact(diagnostic.message, secrets(gw.config))}; the running config is kept`);
}

/** Settings read only at the start: a change is noted, and the running value kept. */
function startOnly(before: MdkgConfig, next: MdkgConfig, options: LiveOptions, notes: Diagnostic[]): MdkgConfig {
  const out: MdkgConfig = { ...next };
  const keys: Array<'graphs' | 'tools_out'> = options.graphsFixed ? ['tools_out'] : ['graphs', 'tools_out'];
  for (const key of keys) {
    if (canonical(before[key]) === canonical(next[key])) continue;
    notes.push({ code: 'MDKG_CONFIG_INVALID', severity: 'warning', message: `'${key}' changed: it applies when mdkg serve is started again` });
    if (before[key] === undefined) delete out[key];
    else out[key] = before[key];
  }
  if (before.serve?.token_env !== next.serve?.token_env) {
    notes.push({ code: 'MDKG_CONFIG_INVALID', severity: 'warning', message: "'serve.token_env' changed: it applies when mdkg serve is started again" });
    const { token_env: _, ...serve } = next.serve ?? {};
    out.serve = before.serve?.token_env === undefined ? serve : { ...serve, token_env: before.serve.token_env };
  }
  return out;
}

/** Applies a config that loaded: servers added, removed or changed; the index rebuilt when what it shows changed. */
async function apply(gw: Gateway, next: MdkgConfig, options: LiveOptions): Promise<void> {
  const notes: Diagnostic[] = [];
  const before = gw.config;
  const config = startOnly(before, next, options, notes);
  const was = before.servers ?? {};
  const now = config.servers ?? {};
  const removed = Object.keys(was).filter((id) => now[id] === undefined);
  const added = Object.keys(now).filter((id) => was[id] === undefined);
  const changed = Object.keys(now).filter((id) => was[id] !== undefined && canonical(was[id]) !== canonical(now[id]));
  const indexed = new Set(gw.tools.map((t) => t.source));
  // The index is rebuilt when tools leave it or come back, or when its settings changed.
  let rebuild = removed.some((id) => indexed.has(id)) || added.some((id) => gw.hidden.has(id));
  rebuild ||= ['search', 'embeddings', 'learned'].some((k) => canonical(before[k as keyof MdkgConfig]) !== canonical(config[k as keyof MdkgConfig]));
  gw.config = config;
  const ending: Promise<void>[] = [];
  for (const id of [...removed, ...changed]) {
    const server = gw.servers.get(id);
    if (server === undefined) continue;
    gw.servers.delete(id);
    gw.firstConnects.delete(server);
    server.onTools = undefined;
    ending.push(server.close());
    if (removed.includes(id)) {
      gw.hidden.add(id);
      gw.log(configLine(id, 'removed'));
    }
  }
  await Promise.all(ending);
  for (const id of [...changed, ...added]) {
    gw.hidden.delete(id);
    const server = makeServer(id, now[id] as ServerConfig, gw.cwd);
    gw.servers.set(id, server);
    attachServer(gw, server);
    gw.log(configLine(id, changed.includes(id) ? 'changed' : 'added'));
    void server.connect();
  }
  gw.live.notes = notes;
  for (const note of notes) gw.log(`mdkg serve: ${note.severity} ${note.code} ${note.message}`);
  if (rebuild) await refreshIndex(gw, { refresh: false });
  gw.log(
    `mdkg serve: config reloaded${removed.length + added.length + changed.length === 0 ? '' : ` (servers ${[...added.map((id) => `+${id}`), ...removed.map((id) => `-${id}`), ...changed.map((id) => `~${id}`)].map((s) => escapeForTerminal(s)).join(' ')})`}`,
  );
  toolsChanged(gw);
}

/** Reads the config again; applies it when it loads and differs from the running one. */
async function reload(gw: Gateway, options: LiveOptions, state: { text: string }): Promise<void> {
  let loaded: Awaited<ReturnType<typeof loadConfig>>;
  try {
    loaded = await loadConfig(options.cwd, options.explicit);
  } catch (error) {
    const message = (error as Error).message;
    return keep(gw, { code: isMdkgError(error) ? error.code : 'MDKG_CONFIG_INVALID', severity: 'error', message });
  }
  if (gw.live.file !== undefined && loaded.file === undefined)
    return keep(gw, { code: 'MDKG_CONFIG_INVALID', severity: 'error', message: `${gw.live.file} was removed`, file: gw.live.file });
  const text = canonical(loaded.config);
  const recovered = gw.live.error !== undefined;
  delete gw.live.error;
  if (loaded.file !== undefined) gw.live.file = loaded.file;
  if (text === state.text) {
    if (recovered) gw.log('mdkg serve: the config loads again (unchanged from the running one)');
    return;
  }
  state.text = text;
  await apply(gw, loaded.config, options);
}

/**
 * Watches the config file and the graph folder of a running gateway; changes are applied as jobs
 * of its queue. Close it before the gateway ends.
 */
export function watchLive(gw: Gateway, options: LiveOptions): LiveWatch {
  const state = { text: canonical(gw.config) };
  if (options.file !== undefined) gw.live.file = options.file;
  const bound = DEFAULT_SERVER_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const configChanged = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (gw.work.waiting('config')) return;
      void gw.work
        .run('config', bound, () => reload(gw, options, state))
        .catch((error: unknown) => gw.log(`mdkg serve: config reload failed: ${(error as Error).message}`));
    }, options.debounceMs ?? DEBOUNCE_MS);
  };
  let configWatch: FSWatcher | undefined;
  try {
    configWatch = watch(options.dir, { persistent: false }, (_event, name) => {
      if (name === null || CONFIG_NAME.test(name.toString()) || (options.file !== undefined && basename(options.file) === name.toString())) configChanged();
    });
    configWatch.on('error', (error) => gw.log(`mdkg serve: the config folder is no longer watched: ${error.message}`));
  } catch (error) {
    gw.log(`mdkg serve: the config is not watched (${(error as Error).message}): edits apply at the next start`);
  }
  const graphChanged = (): void => {
    if (gw.work.waiting('graph')) return;
    void gw.work
      .run('graph', bound, async () => {
        const first = gw.loaded === undefined;
        const kg = await gw.graph();
        const stats = await kg.refresh();
        // Nothing new (the gateway's own writes were reloaded by the job that wrote them): no rebuild, no notification.
        if (!first && stats.parsed + stats.removed === 0) return;
        await refreshIndex(gw, { refresh: false });
        gw.log(`mdkg serve: graph reloaded: ${stats.parsed} documents read, ${stats.removed} removed; ${gw.tools.length} tools`);
      })
      .catch((error: unknown) => gw.log(`mdkg serve: graph reload failed: ${(error as Error).message}`));
  };
  const graph: FolderWatch = watchFolder(gw.graphsDir, graphChanged, {
    log: gw.log,
    ...(options.debounceMs === undefined ? {} : { debounceMs: options.debounceMs }),
  });
  return {
    ready: graph.ready,
    close() {
      clearTimeout(timer);
      configWatch?.close();
      graph.close();
    },
  };
}
