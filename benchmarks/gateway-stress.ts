// Stress benchmark of `mdkg serve --http` (issue 25, "Done when"): `npm run bench:stress [-- --seconds 60 --clients 20 --quiet 15 --warmup 5 --stress-warmup 10 --pace <n> --without <kind> --profile <dir> --sdk-clients]`.
// Not a unit test. A spawned gateway with a hostile downstream server (tests/fixtures/mcp/hostile-tools.mjs)
// serves concurrent MCP clients over Streamable HTTP (lean-mcp-client.ts), each repeating one kind of call:
//   search_tools; call_tool to a slow tool (500 ms); call_tool to hostile tools (a catastrophic
//   pattern, an unusable schema, a 2 MiB result over the 1 MiB cap, a doubled error prefix,
//   `__proto__` arguments); runaway graph_query (a cartesian COUNT, timeout_ms 2000); index_build.
// Reports per kind: calls, errors, p50/p95/max, and answers over their limit + MARGIN_MS; the
// server's RSS idle, after an unmeasured warm-up of the whole mix (`--stress-warmup`), through the
// measured run and at its end, with its trend; search_tools p95 against quiet runs (as
// many clients searching as in the stress run, nothing else), one before the stress run and one
// after it, pooled: the first alone would hold the gateway's warm-up. Search clients call flat out
// (each sends its next call when the last is answered), or with `--pace <n>` n calls a second each
// on a fixed schedule, a call's time counted from when it was due (no coordinated omission).
// Exit 1 when an answer is over its limit + margin.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { generateTools } from '../src/generate/generate-tools.js';
import { LeanMcpClient } from './lean-mcp-client.js';

const REPO = join(import.meta.dirname, '..');
const BIN = join(REPO, 'bin', 'mdkg.js');
const HOSTILE = join(REPO, 'tests', 'fixtures', 'mcp', 'hostile-tools.mjs');
const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const SECONDS = arg('seconds', 60);
const CLIENTS = arg('clients', 20);
const QUIET_SECONDS = arg('quiet', 15);
const WARMUP_SECONDS = arg('warmup', 5);
/** Seconds of the whole mix before the measured stress run: the SPARQL workers start and their heaps reach their working size. */
const STRESS_WARMUP_SECONDS = arg('stress-warmup', 10);
/** Calls a second of each search client (0: flat out). */
const PACE = arg('pace', 0);
/** Time an answer may take beyond its limit (a loaded 2-core machine, HTTP and JSON on top). */
const MARGIN_MS = 1500;

type Kind = 'search_tools' | 'call_slow' | 'call_hostile' | 'graph_query_runaway' | 'index_build';
/** The limit each kind of call is answered within: its own timeout, or the gateway's bound. */
const LIMIT_MS: Record<Kind, number> = {
  search_tools: 2_000, // no timeout of its own: the bound stated here
  call_slow: 5_000, // the server's timeout_ms
  call_hostile: 5_000,
  graph_query_runaway: 2_000, // timeout_ms of the query
  index_build: 15_000, // the work queue's bound
};
const HOSTILE_CALLS: [string, Record<string, unknown>][] = [
  ['hostile/redos', { s: `${'a'.repeat(49)}!` }],
  ['hostile/recursive', {}],
  ['hostile/bytes', { n: 2 * 1024 * 1024 }],
  ['hostile/mcp_error', {}],
  ['hostile/proto', JSON.parse('{"__proto__":"v"}') as Record<string, unknown>],
];
const QUERIES = ['list files in a folder', 'delete entities from the knowledge graph', 'read a file', 'sleep for a while', 'search code'];

function call(kind: Kind, i: number): [string, Record<string, unknown>] {
  if (kind === 'search_tools') return ['search_tools', { query: QUERIES[i % QUERIES.length], limit: 5 }];
  if (kind === 'call_slow') return ['call_tool', { tool: 'hostile/slow', arguments: { ms: 500 } }];
  if (kind === 'call_hostile') {
    const [tool, args] = HOSTILE_CALLS[i % HOSTILE_CALLS.length] as [string, Record<string, unknown>];
    return ['call_tool', { tool, arguments: args }];
  }
  if (kind === 'graph_query_runaway') return ['graph_query', { sparql: 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }', timeout_ms: 2000 }];
  return ['index_build', {}];
}

/** `--profile <dir>`: the gateway writes a CPU profile of its main thread there when it ends. */
const PROFILE = process.argv.includes('--profile') ? ['--cpu-prof', `--cpu-prof-dir=${process.argv[process.argv.indexOf('--profile') + 1]}`] : [];

/** `--sdk-clients`: the SDK's client for every client, instead of the lean one (lean-mcp-client.ts). */
const SDK_CLIENTS = process.argv.includes('--sdk-clients');

interface LoadClient {
  callTool(name: string, args: Record<string, unknown>): Promise<{ isError?: unknown }>;
  close(): Promise<void>;
}

async function connect(url: URL, name: string): Promise<LoadClient> {
  if (!SDK_CLIENTS) {
    const lean = new LeanMcpClient(url, name);
    await lean.connect();
    return { callTool: (tool, args) => lean.callTool(tool, args, 120_000), close: () => lean.close() };
  }
  const client = new Client({ name, version: '1' });
  await client.connect(new StreamableHTTPClientTransport(url));
  return {
    callTool: async (tool, args) => (await client.callTool({ name: tool, arguments: args }, undefined, { timeout: 120_000 })) as { isError?: unknown },
    close: () => client.close(),
  };
}

/** `--without <kind>`: that kind's clients connect and stay idle (what the other clients pay for that kind). */
const WITHOUT = process.argv.includes('--without') ? process.argv[process.argv.indexOf('--without') + 1] : undefined;

/** Kinds of the stress run's clients: 8 in 20 search, 4 slow, 4 hostile, 3 runaway queries, 1 index_build. */
function kindOf(n: number): Kind {
  const slot = n % 20;
  const kind: Kind = slot < 8 ? 'search_tools' : slot < 12 ? 'call_slow' : slot < 16 ? 'call_hostile' : slot < 19 ? 'graph_query_runaway' : 'index_build';
  return kind;
}

async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

const pct = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function run(url: URL, kinds: Kind[], seconds: number): Promise<Map<Kind, { ms: number[]; errors: number; thrown: number }>> {
  const stats = new Map<Kind, { ms: number[]; errors: number; thrown: number }>();
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    kinds.map(async (kind, n) => {
      const s = stats.get(kind) ?? { ms: [], errors: 0, thrown: 0 };
      stats.set(kind, s);
      const client = await connect(url, `stress-${n}`);
      if (kind === WITHOUT) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now())));
        await client.close();
        return;
      }
      const paced = PACE > 0 && kind === 'search_tools';
      const first = performance.now();
      for (let i = n; performance.now() < deadline; i += 1) {
        const [name, args] = call(kind, i);
        // Paced: due at a fixed time; a call answered late delays the next send, never its due time.
        const due = paced ? first + ((i - n) * 1000) / PACE : performance.now();
        if (paced && due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
        if (performance.now() >= deadline) break;
        const start = due;
        try {
          const result = await client.callTool(name, args);
          if (result.isError === true) s.errors += 1;
        } catch {
          s.thrown += 1;
        }
        s.ms.push(performance.now() - start);
      }
      await client.close();
    }),
  );
  return stats;
}

async function main(): Promise<number> {
  const work = await mkdtemp(join(tmpdir(), 'mdkg-stress-'));
  const server = { command: process.execPath, args: [HOSTILE] };
  await generateTools([{ id: 'hostile', kind: 'mcp-server', server, timeoutMs: 10_000 }], { outDir: join(work, 'graphs', 'tools'), cwd: work });
  await writeFile(
    join(work, 'mdkg.config.yaml'),
    `servers:\n  hostile: { command: ${JSON.stringify(server.command)}, args: [${JSON.stringify(HOSTILE)}], timeout_ms: 5000, max_result_bytes: 1048576 }\n`,
  );
  const child = spawn(process.execPath, [...PROFILE, BIN, 'serve', '--http', '127.0.0.1:0', '--graphs', join(work, 'graphs')], {
    cwd: work,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await new Promise<URL>((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /listening on (http:\/\/\S+\/mcp)/.exec(err);
      if (m?.[1] !== undefined) resolve(new URL(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`mdkg serve exited with ${code}: ${err}`)));
  });
  const pid = child.pid as number;
  try {
    // Warm-up, then a quiet run: the stress run's search clients alone; another one after the stress run.
    const searchers = Array.from({ length: CLIENTS }, (_, n) => kindOf(n)).filter((k) => k === 'search_tools');
    const quietRun = async (): Promise<number[]> => (await run(url, searchers, QUIET_SECONDS)).get('search_tools')?.ms.sort((a, b) => a - b) ?? [];
    await run(url, searchers, WARMUP_SECONDS);
    const quietBefore = await quietRun();
    const everyone = Array.from({ length: CLIENTS }, (_, n) => kindOf(n));
    const idle = await rssMiB(pid);
    if (STRESS_WARMUP_SECONDS > 0) await run(url, everyone, STRESS_WARMUP_SECONDS);
    const rss: number[] = [await rssMiB(pid)];
    // One sample a second: the SPARQL workers' heaps swing RSS by hundreds of MiB within seconds, so
    // a trend needs many samples, not ten.
    const sampler = setInterval(() => void rssMiB(pid).then((m) => rss.push(m)), 1000);
    const stress = await run(url, everyone, SECONDS);
    clearInterval(sampler);
    rss.push(await rssMiB(pid));
    const quietAfter = await quietRun();
    const quiet = [...quietBefore, ...quietAfter].sort((a, b) => a - b);
    let over = 0;
    console.log(`mdkg serve --http under ${CLIENTS} clients for ${SECONDS} s (margin ${MARGIN_MS} ms over each limit)\n`);
    console.log('| kind | clients | calls | isError | thrown | p50 ms | p95 ms | max ms | limit ms | over limit + margin |');
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const [kind, s] of stress) {
      const ms = s.ms.sort((a, b) => a - b);
      const late = ms.filter((x) => x > LIMIT_MS[kind] + MARGIN_MS).length;
      over += late;
      const clients = Array.from({ length: CLIENTS }, (_, n) => kindOf(n)).filter((k) => k === kind).length;
      console.log(
        `| ${kind} | ${clients} | ${ms.length} | ${s.errors} | ${s.thrown} | ${pct(ms, 50).toFixed(0)} | ${pct(ms, 95).toFixed(0)} | ${(ms.at(-1) ?? 0).toFixed(0)} | ${LIMIT_MS[kind]} | ${late} |`,
      );
    }
    const searchMs = stress.get('search_tools')?.ms ?? [];
    const searchP95 = pct(searchMs, 95);
    const line = (name: string, ms: number[]): string =>
      `| ${name} | ${ms.length} | ${pct(ms, 50).toFixed(1)} | ${pct(ms, 95).toFixed(1)} | ${(searchP95 / Math.max(1e-9, pct(ms, 95))).toFixed(2)}x |`;
    console.log(`\nsearch_tools, ${searchers.length} clients, ${PACE > 0 ? `${PACE} calls a second each` : 'flat out'} (ms):\n`);
    console.log('| run | calls | p50 | p95 | stress p95 / this p95 |\n|---|---|---|---|---|');
    console.log(
      [
        line(`quiet before (${QUIET_SECONDS} s)`, quietBefore),
        line(`quiet after (${QUIET_SECONDS} s)`, quietAfter),
        line('quiet, both', quiet),
        line(`stress (${SECONDS} s)`, searchMs),
      ].join('\n'),
    );
    console.log(`\nsearch_tools p95 under stress / quiet: ${(searchP95 / Math.max(1e-9, pct(quiet, 95))).toFixed(2)}x`);
    const through = rss.slice(1, -1).sort((a, b) => a - b);
    console.log(
      `server RSS (MiB): idle ${idle}, after ${STRESS_WARMUP_SECONDS} s of the whole mix ${rss[0]}, through the stress run (${through.length} samples, one a second) min ${through[0]}, median ${pct(through, 50)}, max ${through.at(-1)}, end ${rss.at(-1)}`,
    );
    // Growth is the trend through the run (least squares over the samples of the run), not the step from an idle server to a busy one.
    const samples = rss.slice(1);
    const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const xs = samples.map((_, i) => (i * SECONDS) / Math.max(1, samples.length - 1) / 60);
    const [mx, my] = [mean(xs), mean(samples)];
    const slope =
      xs.reduce((a, x, i) => a + (x - mx) * ((samples[i] ?? 0) - my), 0) /
      Math.max(
        1e-9,
        xs.reduce((a, x) => a + (x - mx) ** 2, 0),
      );
    const third = Math.max(1, Math.floor(samples.length / 3));
    console.log(
      `RSS trend through the run: ${slope.toFixed(1)} MiB/min; first third mean ${mean(samples.slice(0, third)).toFixed(0)}, last third mean ${mean(samples.slice(-third)).toFixed(0)} MiB`,
    );
    console.log(over === 0 ? 'every answer within its limit + margin' : `${over} answers over their limit + margin`);
    return over === 0 ? 0 : 1;
  } finally {
    child.kill('SIGTERM');
    await rm(work, { recursive: true, force: true });
  }
}

process.exitCode = await main();
