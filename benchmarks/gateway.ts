// Benchmarks of `mdkg serve` (issue 10): run with `npm run bench:gateway [-- --tools 1000 --clients 8 --calls 4000]`.
// 1. Context saved: tokens (gpt-tokenizer, o200k) of the downstream servers' full tools/list against
//    the gateway's meta-tool list plus one typical search_tools answer.
// 2. Throughput: this process runs N concurrent MCP clients over Streamable HTTP against a spawned
//    `mdkg serve --http` on a generated catalog; searches/s, p50/p95, and the server's RSS.
// 3. Start-up: spawn to the first answered search_tools (warm parse cache), on the generated
//    catalog, and on the bundled graph with the three reference servers as downstream.
// 4. With `--soak 100000`: the server's RSS every 10% of that many calls (growth = a leak).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { encode } from 'gpt-tokenizer';
import { generateTools } from '../src/generate/generate-tools.js';
import { syntheticOpenApi } from './synthetic-openapi.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'mdkg.js');
const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const TOOLS = arg('tools', 1000);
const CLIENTS = arg('clients', 8);
const CALLS = arg('calls', 4000);
const SOAK = arg('soak', 0);
const REPO = join(import.meta.dirname, '..');
const tokens = (value: unknown): number => encode(JSON.stringify(value)).length;
const QUERIES = [
  'list all invoices of a customer',
  'delete a shipment',
  'update the notes of an order',
  'create a payment',
  'get one product by id',
  'search users by email',
];

async function contextSaved(): Promise<void> {
  // The bundled graph, run from a temp folder (no config: nothing is regenerated into the repository).
  const work = await mkdtemp(join(tmpdir(), 'mdkg-bench-ctx-'));
  const gateway = new Client({ name: 'bench', version: '1' });
  await gateway.connect(
    new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--graphs', join(REPO, 'graphs')], cwd: work, stderr: 'ignore' }),
  );
  const meta = await gateway.listTools();
  const search = await gateway.callTool({ name: 'search_tools', arguments: { query: 'write text to a new file', limit: 5 } });
  let downstream = 0;
  for (const server of ['server-filesystem/dist/index.js', 'server-memory/dist/index.js', 'server-everything/dist/index.js']) {
    const c = new Client({ name: 'bench', version: '1' });
    const args = [
      join(import.meta.dirname, '..', 'node_modules', '@modelcontextprotocol', server),
      ...(server.startsWith('server-filesystem') ? [tmpdir()] : server.startsWith('server-everything') ? ['stdio'] : []),
    ];
    await c.connect(new StdioClientTransport({ command: process.execPath, args, stderr: 'ignore' }));
    downstream += tokens((await c.listTools()).tools);
    await c.close();
  }
  await gateway.close();
  await rm(work, { recursive: true, force: true });
  const gw = tokens(meta.tools) + tokens(search.content);
  console.log(
    `context: downstream tools/list ${downstream} tokens (3 reference servers, 36 tools); gateway meta-tools ${tokens(meta.tools)} + one search_tools answer ${tokens(search.content)} = ${gw} tokens (${((1 - gw / downstream) * 100).toFixed(0)}% saved)`,
  );
}

function startServer(dir: string): Promise<{ child: ChildProcess; url: string; started: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'serve', '--http', '127.0.0.1:0', '--graphs', join(dir, 'graphs')], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /listening on (http:\/\/\S+\/mcp)/.exec(err);
      if (m?.[1] !== undefined) resolve({ child, url: m[1], started });
    });
    child.once('exit', (code) => reject(new Error(`mdkg serve exited with ${code}: ${err}`)));
  });
}

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function throughput(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'mdkg-bench-gw-'));
  try {
    await writeFile(join(dir, 'spec.json'), JSON.stringify(syntheticOpenApi(TOOLS).spec));
    await generateTools([{ id: 'synthetic', kind: 'openapi', file: 'spec.json' }], { outDir: join(dir, 'graphs', 'tools'), cwd: dir });
    // First start builds the parse cache; the measured start is warm.
    const cold = await startServer(dir);
    cold.child.kill('SIGTERM');
    await new Promise((done) => cold.child.once('exit', done));
    const { child, url, started } = await startServer(dir);
    const clients = await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        const c = new Client({ name: 'bench', version: '1' });
        await c.connect(new StreamableHTTPClientTransport(new URL(url)));
        return c;
      }),
    );
    await clients[0]!.callTool({ name: 'search_tools', arguments: { query: QUERIES[0]!, limit: 5 } });
    const firstAnswer = performance.now() - started;
    const times: number[] = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      clients.map(async (c) => {
        while (next < CALLS) {
          const q = QUERIES[next++ % QUERIES.length]!;
          const s = performance.now();
          await c.callTool({ name: 'search_tools', arguments: { query: q, limit: 5 } });
          times.push(performance.now() - s);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    times.sort((a, b) => a - b);
    const p = (q: number): string => (times[Math.floor(q * (times.length - 1))] ?? 0).toFixed(1);
    console.log(
      `throughput: ${TOOLS} tools, ${CLIENTS} clients, ${CALLS} search_tools over HTTP: ${(CALLS / seconds).toFixed(0)} searches/s, p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, server RSS ${(await rssOf(child.pid ?? 0)).toFixed(0)} MB`,
    );
    console.log(`start-up: spawn to first answered search_tools (warm cache, ${TOOLS} tools): ${firstAnswer.toFixed(0)} ms`);
    if (SOAK > 0) await soak(clients, child.pid ?? 0);
    await Promise.all(clients.map((c) => c.close()));
    child.kill('SIGTERM');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** SOAK more calls, RSS every tenth: a leak shows as growth after the first tenth. */
async function soak(clients: Client[], pid: number): Promise<void> {
  const rss: string[] = [];
  let next = 0;
  for (let tenth = 1; tenth <= 10; tenth += 1) {
    const until = Math.round((SOAK * tenth) / 10);
    await Promise.all(
      clients.map(async (c) => {
        while (next < until) {
          const i = next++;
          await c.callTool({ name: 'search_tools', arguments: { query: `${QUERIES[i % QUERIES.length]!} ${i % 97}`, limit: 5 } });
        }
      }),
    );
    rss.push((await rssOf(pid)).toFixed(0));
  }
  console.log(`soak: ${SOAK} more search_tools; server RSS (MB) after each tenth: ${rss.join(', ')}`);
}

/** Spawn to the first answered search_tools on the bundled graph, with the reference servers as downstream. */
async function startWithServers(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'mdkg-bench-start-'));
  try {
    const modules = join(REPO, 'node_modules', '@modelcontextprotocol');
    const server = (path: string, ...args: string[]): string =>
      `{ command: ${JSON.stringify(process.execPath)}, args: ${JSON.stringify([join(modules, path), ...args])} }`;
    await writeFile(
      join(work, 'mdkg.config.yaml'),
      `tools_out: tools\nservers:\n  filesystem: ${server('server-filesystem/dist/index.js', work)}\n  memory: ${server('server-memory/dist/index.js')}\n  everything: ${server('server-everything/dist/index.js', 'stdio')}\n`,
    );
    const times: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      const c = new Client({ name: 'bench', version: '1' });
      await c.connect(
        new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--graphs', join(REPO, 'graphs')], cwd: work, stderr: 'ignore' }),
      );
      await c.callTool({ name: 'search_tools', arguments: { query: QUERIES[0]!, limit: 5 } });
      times.push(performance.now() - started);
      await c.close();
    }
    console.log(`start-up with the 3 reference servers as downstream (bundled graph): ${times.map((t) => t.toFixed(0)).join(', ')} ms (runs 1-3)`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await contextSaved();
await startWithServers();
await throughput();
