import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadConfig } from '../../config.js';
import { MdkgError } from '../../errors.js';
import { buildGateway, connectAll } from '../../gateway/gateway.js';
import { createGatewayServer } from '../../gateway/server.js';
import { closeQueryWorkers } from '../../sparql/worker-pool.js';
import { EXIT, type CliIo } from '../io.js';

/** Largest MCP message the gateway reads on stdio. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/**
 * `mdkg serve`: the MCP gateway over stdio. Answers as soon as the graph is loaded; downstream
 * servers connect in the background, each on its own. Runs until the client closes stdin. Logs go
 * to stderr (stdout carries the protocol).
 */
export async function serveCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { graphs: { type: 'string' }, config: { type: 'string' }, http: { type: 'string' } } });
  if (values.http !== undefined) throw new MdkgError('MDKG_USAGE', '--http is not available yet: mdkg serve speaks MCP over stdio');
  if (values.graphs !== undefined && values.graphs.trim() === '') throw new MdkgError('MDKG_USAGE', 'the graph folder path is empty (--graphs needs a folder)');
  const { config, dir } = await loadConfig(io.cwd, values.config);
  const graphs = values.graphs !== undefined ? resolve(io.cwd, values.graphs) : resolve(dir, config.graphs ?? 'graphs');
  const log = (line: string): void => io.stderr(`${line}\n`);
  const gw = await buildGateway(graphs, config, dir);
  log(`mdkg serve: ${gw.kg.documents().length} documents, ${gw.tools.length} tools, ${gw.servers.size} downstream servers; listening on stdio`);
  const server = createGatewayServer(gw, log);
  // Messages up to 64 MiB (the SDK's default is 10 MiB: a 10 MB argument would end the session).
  const transport = new StdioServerTransport(process.stdin, process.stdout, { maxBufferSize: MAX_MESSAGE_BYTES });
  const closed = new Promise<void>((done) => {
    transport.onclose = () => done();
  });
  await server.connect(transport);
  void connectAll(gw).then(() => {
    for (const s of gw.servers.values()) log(`mdkg serve: server "${s.source}" ${s.state}${s.lastError === undefined ? '' : `: ${s.lastError}`}`);
  });
  process.stdin.once('end', () => void transport.close());
  await closed;
  await Promise.all([...gw.servers.values()].map((s) => s.close()));
  await closeQueryWorkers();
  return EXIT.ok;
}
