import { lstat, mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { confinePath } from '../../code-search/confine-path.js';
import { loadConfig } from '../../config.js';
import { MdkgError } from '../../errors.js';
import { buildGateway, connectAll, watchTools, type Gateway } from '../../gateway/gateway.js';
import { remoteGraph, STORE_OPTIONS, wantsStore } from '../store-target.js';
import { isLoopback, parseListen, serveHttp } from '../../gateway/http.js';
import { watchLive, type LiveOptions } from '../../gateway/live-config.js';
import { createGatewayServer } from '../../gateway/server.js';
import { CheckedStdioTransport } from '../../gateway/stdio-transport.js';
import { closeQueryWorkers } from '../../sparql/worker-pool.js';
import { EXIT, type CliIo } from '../io.js';

/** Largest MCP message the gateway reads on stdio. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** Serves over HTTP until SIGINT/SIGTERM (bin/mdkg.js ends the process). */
async function serveOverHttp(gw: Gateway, listen: { host: string; port: number }, token: string | undefined, log: (line: string) => void): Promise<number> {
  log(`mdkg serve: ${gw.tools.length} tools${gw.loaded === undefined ? ' (persisted index)' : ''}, ${gw.servers.size} downstream servers`);
  void connectAll(gw);
  const http = await serveHttp(gw, listen, token, log);
  await new Promise<void>((done) => http.once('close', () => done()));
  return EXIT.ok;
}

/**
 * The graph folder, created when it is missing (a fresh project: the gateway writes the servers'
 * tool documents there) and its parent exists; anything else in its place is the load's error.
 */
async function ensureGraphFolder(graphs: string, log: (line: string) => void): Promise<void> {
  if ((await lstat(graphs).catch(() => undefined)) !== undefined) return;
  try {
    await mkdir(graphs);
  } catch (error) {
    throw new MdkgError('MDKG_NOT_FOUND', `graph folder ${graphs} does not exist and could not be created: ${(error as Error).message}`, { file: graphs });
  }
  log(`mdkg serve: created the graph folder ${graphs}`);
}

/**
 * `mdkg serve`: the MCP gateway over stdio (or Streamable HTTP with --http). Answers as soon as the
 * graph is loaded; downstream servers connect in the background, each on its own, and the meta-tools
 * that read the tool index wait (bounded by each server's timeout) for their first listing
 * (gateway/readiness.ts). Edits to the config and the graph folder apply while it runs
 * (gateway/live-config.ts). Runs until the client closes stdin. Logs go to stderr (stdout carries
 * the protocol): one line per downstream server state change.
 */
export async function serveCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { graphs: { type: 'string' }, config: { type: 'string' }, http: { type: 'string' }, 'code-root': { type: 'string' }, ...STORE_OPTIONS },
  });
  if (values.graphs !== undefined && values.graphs.trim() === '') throw new MdkgError('MDKG_USAGE', 'the graph folder path is empty (--graphs needs a folder)');
  const { config, dir, file } = await loadConfig(io.cwd, values.config ?? io.configFile);
  const graphs = values.graphs !== undefined ? resolve(io.cwd, values.graphs) : resolve(dir, config.graphs ?? 'graphs');
  const log = (line: string): void => io.stderr(`${line}\n`);
  const listen = values.http === undefined ? undefined : parseListen(values.http);
  const tokenEnv = config.serve?.token_env;
  const token = tokenEnv === undefined ? undefined : process.env[tokenEnv];
  if (tokenEnv !== undefined && (token === undefined || token.length < 16))
    throw new MdkgError('MDKG_USAGE', `serve.token_env names ${tokenEnv}, which must hold a token of at least 16 characters`);
  if (listen !== undefined && !isLoopback(listen.host) && token === undefined) {
    throw new MdkgError(
      'MDKG_USAGE',
      `refusing to listen on ${listen.host} without a bearer token: set serve.token_env in the config to an environment variable holding one`,
    );
  }
  await ensureGraphFolder(graphs, log);
  const gw = await buildGateway(graphs, config, dir);
  gw.log = log;
  if (wantsStore(values)) gw.remote = remoteGraph(io, config, values);
  // With --code-root, reindex_codebase regenerates that folder's code documents (inside the project folder).
  if (values['code-root'] !== undefined) gw.codeRoot = resolve(dir, await confinePath(dir, resolve(io.cwd, values['code-root'])));
  watchTools(gw);
  const liveOptions: LiveOptions = {
    cwd: io.cwd,
    dir,
    graphsFixed: values.graphs !== undefined,
    ...(values.config === undefined ? {} : { explicit: values.config }),
    ...(file === undefined ? {} : { file }),
  };
  const live = watchLive(gw, liveOptions);
  await live.ready;
  try {
    if (listen !== undefined) return await serveOverHttp(gw, listen, token, log);
    log(
      `mdkg serve: ${gw.tools.length} tools${gw.loaded === undefined ? ' (persisted index)' : ''}, ${gw.servers.size} downstream servers; listening on stdio`,
    );
    // Connecting starts before the first request can arrive: a search waits for it rather than finding nothing.
    void connectAll(gw);
    const server = createGatewayServer(gw, log);
    // Messages up to 64 MiB (the SDK's default is 10 MiB: a 10 MB argument would end the session).
    // Malformed messages are answered with a JSON-RPC error (the SDK's transport drops them).
    const transport = new CheckedStdioTransport(process.stdin, process.stdout, MAX_MESSAGE_BYTES);
    const closed = new Promise<void>((done) => {
      transport.onclose = () => done();
    });
    await server.connect(transport);
    process.stdin.once('end', () => void transport.close());
    await closed;
  } finally {
    live.close();
  }
  await Promise.all([...gw.servers.values()].map((s) => s.close()));
  await closeQueryWorkers();
  return EXIT.ok;
}
