import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MdkgError } from '../../errors.js';
import { closeQueryWorkers, warmQueryWorkers } from '../../sparql/worker-pool.js';
import { viewContext } from '../../view/context.js';
import { assetsDir, serveView, viewUrl } from '../../view/server.js';
import { writeStaticView } from '../../view/static-site.js';
import { GRAPH_OPTIONS, openGraph, reportLoadProblems } from '../context.js';
import { EXIT, type CliIo } from '../io.js';

/** Opens a URL in the desktop's browser; a failure is only reported. */
function openBrowser(url: string, io: CliIo): void {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  child.on('error', (error) => io.stderr(`mdkg view: could not open a browser (${error.message}); open ${url}\n`));
  child.unref();
}

/**
 * `mdkg view`: the graph in a browser on 127.0.0.1 (SPARQL box, tool search, neighbourhoods,
 * documents with the line of each triple, schema), until SIGINT/SIGTERM; or, with --static <dir>,
 * the same page with the graph embedded, written into a folder.
 */
export async function viewCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { ...GRAPH_OPTIONS, port: { type: 'string' }, open: { type: 'boolean' }, static: { type: 'string' } } });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!/^\d{1,5}$/.test(values.port ?? '0') || port > 65535)
    throw new MdkgError('MDKG_USAGE', `--port must be an integer from 0 to 65535, got '${values.port}'`);
  if (values.static !== undefined && values.static.trim() === '') throw new MdkgError('MDKG_USAGE', '--static needs a folder');
  if (values.static !== undefined && (values.port !== undefined || values.open === true))
    throw new MdkgError('MDKG_USAGE', '--static writes files: it takes neither --port nor --open');
  // The page's first query would otherwise wait for a query worker to load the engine.
  if (values.static === undefined) warmQueryWorkers();
  const { kg, config } = await openGraph(io, values);
  reportLoadProblems(io, kg);
  const ctx = viewContext(kg, config);
  if (values.static !== undefined) {
    const written = await writeStaticView(ctx, resolve(io.cwd, values.static), assetsDir());
    io.stdout(`mdkg view: wrote ${written.dir}/index.html (${written.documents} documents, ${Math.round(written.bytes / 1024)} KiB)\n`);
    return EXIT.ok;
  }
  const tokenEnv = config.serve?.token_env;
  const token = tokenEnv === undefined ? undefined : process.env[tokenEnv];
  if (tokenEnv !== undefined && (token === undefined || token.length < 16))
    throw new MdkgError('MDKG_USAGE', `serve.token_env names ${tokenEnv}, which must hold a token of at least 16 characters`);
  const log = (line: string): void => io.stderr(`${line}\n`);
  const http = await serveView(ctx, { port, ...(token === undefined ? {} : { token }), log });
  const url = viewUrl(http);
  io.stdout(`mdkg view: ${url}${token === undefined ? '' : `#token=<the token in $${tokenEnv}>`}\n`);
  if (values.open === true) openBrowser(url, io);
  await new Promise<void>((done) => http.once('close', () => done()));
  await closeQueryWorkers();
  return EXIT.ok;
}
