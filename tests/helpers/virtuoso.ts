// A real Virtuoso (Debian's virtuoso-opensource-7-bin) for the store tests: the configuration kept
// in tests/fixtures/virtuoso/ copied to a temp folder, two free ports, started in the foreground,
// ready when its SPARQL endpoint answers (polled under a deadline), and a user `mdkg` made with the
// SPARQL_UPDATE grant: pushes go through the digest-authenticated Graph Store endpoint
// (/sparql-graph-crud-auth) while the anonymous /sparql stays read-only, so even a query that got
// past mdkg's guard could not write. Stopped (killed) and its folder removed after.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { REPO } from './cli.js';

const INI = join(REPO, 'tests', 'fixtures', 'virtuoso', 'virtuoso.ini');
const READY_WITHIN_MS = 60_000;

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const file = join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {}
  }
  return undefined;
}

const SERVER = onPath('virtuoso-t');
const ISQL = onPath('isql-vt') ?? onPath('isql');
export const virtuosoAvailable = SERVER !== undefined && ISQL !== undefined;
if (!virtuosoAvailable)
  console.warn('store tests against Virtuoso skipped: virtuoso-t or isql-vt is not on PATH (apt-get install virtuoso-opensource-7-bin; .ci/run installs it)');

/** A free TCP port on 127.0.0.1 (a server on port 0, closed again). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface Virtuoso {
  /** http://127.0.0.1:<port>/sparql */
  queryUrl: string;
  graphStoreUrl: string;
  user: string;
  password: string;
  /** Runs SQL through isql-vt as dba (within `timeoutMs`, default 30 s). */
  sql(statements: string, timeoutMs?: number): Promise<string>;
  /** Kills the server at once (SIGKILL) without removing its folder, for crash tests; start() brings it back on the same data. */
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

async function ready(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const until = performance.now() + READY_WITHIN_MS;
  while (performance.now() < until) {
    if (child.exitCode !== null) throw new Error(`virtuoso-t exited with ${child.exitCode}: ${log()}`);
    const ok = await fetch(`${url}?query=${encodeURIComponent('ASK {}')}`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`virtuoso-t was not ready within ${READY_WITHIN_MS} ms: ${log()}`);
}

export async function startVirtuoso(): Promise<Virtuoso> {
  if (SERVER === undefined || ISQL === undefined) throw new Error('Virtuoso is not installed');
  const dir = await mkdtemp(join(tmpdir(), 'mdkg-virtuoso-'));
  const [sqlPort, httpPort] = [await freePort(), await freePort()];
  const ini = (await readFile(INI, 'utf8'))
    .replace('ServerPort = 127.0.0.1:1111', `ServerPort = 127.0.0.1:${sqlPort}`)
    .replace('ServerPort = 127.0.0.1:8890', `ServerPort = 127.0.0.1:${httpPort}`);
  await writeFile(join(dir, 'virtuoso.ini'), ini);
  const origin = `http://127.0.0.1:${httpPort}`;
  let child: ChildProcess | undefined;
  let output = '';
  const run = promisify(execFile);
  const sql = async (statements: string, timeoutMs = 30_000): Promise<string> =>
    (await run(ISQL, [`127.0.0.1:${sqlPort}`, 'dba', 'dba', `exec=${statements}`], { timeout: timeoutMs })).stdout;
  const start = async (): Promise<void> => {
    const proc = spawn(SERVER, ['+foreground', '+configfile', join(dir, 'virtuoso.ini')], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    const keep = (chunk: Buffer): void => {
      output = (output + chunk.toString()).slice(-4000);
    };
    proc.stdout?.on('data', keep);
    proc.stderr?.on('data', keep);
    await ready(`${origin}/sparql`, proc, () => output);
  };
  const kill = async (): Promise<void> => {
    const proc = child;
    child = undefined;
    if (proc === undefined || proc.exitCode !== null) return;
    const gone = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await gone;
  };
  await start();
  const password = `pw-${process.pid}-${httpPort}`;
  await sql(`DB.DBA.USER_CREATE('mdkg', '${password}'); GRANT SPARQL_UPDATE TO "mdkg";`);
  return {
    queryUrl: `${origin}/sparql`,
    graphStoreUrl: `${origin}/sparql-graph-crud-auth`,
    user: 'mdkg',
    password,
    sql,
    kill,
    start,
    stop: async () => {
      await kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
