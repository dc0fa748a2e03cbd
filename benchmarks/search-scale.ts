/**
 * Tool search at scale: synthetic catalog -> tool documents -> graph -> ToolIndex -> queries.
 *
 *   npm run bench:search                                   # 1,000 and 10,000 tools, 300 queries
 *   npm run bench:search -- --sizes 2000 --queries 500 --strategy bm25,full --json
 *   npm run bench:search -- --sizes 10000 --strategy bm25 --profile /tmp   # + a CPU profile of the build
 *
 * For each size, a synthetic OpenAPI 3.0 spec of that many operations (benchmarks/synthetic-openapi.ts,
 * seed 7, same spec every run) is written to a temp folder, generated with `generateTools` and
 * loaded with `KnowledgeGraph.load` (no cache), as `mdkg bench` does with a dataset catalog. Then
 * `ToolIndex.build` is timed (heap before and after, after a forced GC when run with --expose-gc),
 * and a few hundred queries are searched with each strategy: one untimed warm-up pass over all
 * queries, then a timed pass (performance.now around each search), reported as nearest-rank
 * p50 / p95 and the maximum.
 *
 * Queries are made from operation summaries ("List the comments of a billing invoice."), seeded:
 * a third as written (lower case, no period), a third without articles, a third with the verb
 * swapped for a synonym. The operation is the expected tool, so Hit@1 / Hit@5 are printed as a
 * sanity check; they say little about quality (the words come from the tool's own summary; the
 * labelled datasets of `mdkg bench` are for that). Progress goes to stderr; temp folders are removed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile, scoreQuery } from '../src/bench/metrics.js';
import { generateTools } from '../src/generate/generate-tools.js';
import { KnowledgeGraph } from '../src/graph/knowledge-graph.js';
import { ToolIndex } from '../src/search/tool-index.js';
import { STRATEGIES, type Strategy } from '../src/search/types.js';
import { progress } from './progress.js';
import { syntheticOpenApi } from './synthetic-openapi.js';
import { prng } from './synthetic-tools.js';

interface Options {
  sizes: number[];
  queries: number;
  strategies: Strategy[];
  json: boolean;
  /** Folder for a CPU profile of each index build (`build-<size>.cpuprofile`). */
  profile?: string;
}

interface Row {
  size: number;
  tools: number;
  generateMs: number;
  loadMs: number;
  triples: number;
  buildMs: number;
  heapBuildMB: number;
  strategy: Strategy;
  queries: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  hit1: number;
  hit5: number;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { sizes: [1000, 10_000], queries: 300, strategies: [...STRATEGIES], json: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const value = (): string => (arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (argv[(i += 1)] ?? ''));
    if (arg === '--json') options.json = true;
    else if (arg.startsWith('--profile')) options.profile = value();
    else if (arg.startsWith('--sizes'))
      options.sizes = value()
        .split(',')
        .map((s) => Number(s.replace(/_/g, '')));
    else if (arg.startsWith('--queries')) options.queries = Number(value());
    else if (arg.startsWith('--strategy')) {
      const names = value().split(',');
      const unknown = names.filter((s) => !(STRATEGIES as readonly string[]).includes(s));
      if (unknown.length > 0) throw new Error(`unknown strategy ${unknown.join(', ')}; valid: ${STRATEGIES.join(', ')}`);
      options.strategies = names as Strategy[];
    } else if (arg === '--help' || arg === '-h') {
      process.stdout.write('usage: npm run bench:search -- [--sizes 1000,10000] [--queries 300] [--strategy s1,s2] [--json] [--profile dir]\n');
      process.exit(0);
    } else throw new Error(`unknown argument ${arg}`);
  }
  if (options.sizes.some((n) => !Number.isInteger(n) || n < 20)) throw new Error('--sizes: integers >= 20');
  if (!Number.isInteger(options.queries) || options.queries < 1) throw new Error('--queries: a positive integer');
  return options;
}

const log = (line: string): void => void process.stderr.write(`${line}\n`);
const gc = (): void => (globalThis as { gc?: () => void }).gc?.();
const SYNONYMS: Record<string, string> = {
  list: 'show all',
  get: 'show',
  create: 'make',
  add: 'attach',
  update: 'change',
  replace: 'overwrite',
  delete: 'remove',
  remove: 'delete',
  read: 'check',
  search: 'find',
  export: 'download',
  archive: 'shelve',
};

/** Seeded queries from the operations that have an operationId (the tool name). */
function makeQueries(spec: Record<string, unknown>, count: number): { query: string; expected: string }[] {
  const ops: { id: string; summary: string }[] = [];
  for (const item of Object.values(spec.paths as Record<string, Record<string, { operationId?: string; summary?: string }>>)) {
    for (const op of Object.values(item)) if (op.operationId !== undefined && op.summary !== undefined) ops.push({ id: op.operationId, summary: op.summary });
  }
  const rand = prng(11);
  const out: { query: string; expected: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const op = ops[Math.floor(rand() * ops.length)] as { id: string; summary: string };
    let words = op.summary.toLowerCase().replace(/[.]$/, '').split(' ');
    const style = Math.floor(rand() * 3);
    if (style === 1) words = words.filter((w) => !['a', 'an', 'the', 'one', 'of', 'from', 'to'].includes(w));
    if (style === 2) words[0] = SYNONYMS[words[0] ?? ''] ?? words[0] ?? '';
    out.push({ query: words.join(' '), expected: op.id });
  }
  return out;
}

/** Starts the V8 CPU profiler in this process (100 µs sampling); `stop` returns the profile. */
async function startProfile(): Promise<{ stop(): Promise<unknown> }> {
  const session = new Session();
  session.connect();
  const post = (method: string, params: object = {}): Promise<unknown> =>
    new Promise((resolve, reject) => session.post(method, params, (error, result) => (error === null ? resolve(result) : reject(error))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 100 });
  await post('Profiler.start');
  return {
    async stop() {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      session.disconnect();
      return profile;
    },
  };
}

async function benchSize(size: number, options: Options, tmp: string): Promise<Row[]> {
  const { spec, operations } = syntheticOpenApi(size, 7);
  log(`synthetic ${operations.toLocaleString('en-US')} operations`);
  const file = join(tmp, `spec-${size}.json`);
  await writeFile(file, JSON.stringify(spec));
  const outDir = join(tmp, `graph-${size}`);
  let t0 = performance.now();
  const [report] = await generateTools([{ id: 'synthetic', kind: 'openapi', file }], { outDir, cwd: tmp });
  const generateMs = performance.now() - t0;
  if (report === undefined || !report.ok) throw new Error(`generation failed: ${JSON.stringify(report?.diagnostics.slice(0, 3))}`);
  log(`  generate: ${generateMs.toFixed(0)} ms, ${report.tools} tools`);
  const bar = progress('load');
  t0 = performance.now();
  const graph = await KnowledgeGraph.load(outDir, { cache: false, onProgress: bar.tick });
  const loadMs = performance.now() - t0;
  bar.end();
  log(`  load: ${loadMs.toFixed(0)} ms, ${graph.stats.triples} triples`);
  gc();
  const profiler = options.profile === undefined ? undefined : await startProfile();
  const heapBefore = process.memoryUsage().heapUsed;
  t0 = performance.now();
  const index = ToolIndex.build(graph);
  const buildMs = performance.now() - t0;
  if (profiler !== undefined && options.profile !== undefined) {
    const file = join(options.profile, `build-${size}.cpuprofile`);
    await writeFile(file, JSON.stringify(await profiler.stop()));
    log(`  profile: ${file} (summarize with benchmarks/cpuprofile-summary.ts)`);
  }
  gc();
  const heapBuildMB = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  log(`  index: ${buildMs.toFixed(0)} ms, ${index.size} tools, heap +${heapBuildMB.toFixed(1)} MB`);
  const queries = makeQueries(spec, options.queries);
  const rows: Row[] = [];
  for (const strategy of options.strategies) {
    const warm = progress(`${strategy} warm-up`);
    for (const [j, q] of queries.entries()) {
      await index.search(q.query, { limit: 10, strategy });
      warm.tick(j + 1, queries.length);
    }
    warm.end();
    const timed = progress(`${strategy} timed`);
    const latencies: number[] = [];
    let hit1 = 0;
    let hit5 = 0;
    for (const [j, q] of queries.entries()) {
      const start = performance.now();
      const result = await index.search(q.query, { limit: 10, strategy });
      latencies.push(performance.now() - start);
      const m = scoreQuery(result.hits, [q.expected], 'all');
      hit1 += m.hit1;
      hit5 += m.hit5;
      timed.tick(j + 1, queries.length);
    }
    timed.end();
    const row: Row = {
      size: operations,
      tools: index.size,
      generateMs,
      loadMs,
      triples: graph.stats.triples,
      buildMs,
      heapBuildMB,
      strategy,
      queries: queries.length,
      p50Ms: percentile(latencies, 50) ?? 0,
      p95Ms: percentile(latencies, 95) ?? 0,
      maxMs: Math.max(...latencies),
      hit1: hit1 / queries.length,
      hit5: hit5 / queries.length,
    };
    log(`  ${strategy}: p50 ${row.p50Ms.toFixed(2)} ms, p95 ${row.p95Ms.toFixed(2)} ms`);
    rows.push(row);
  }
  return rows;
}

function table(rows: Row[]): string {
  const header = ['tools', 'generate ms', 'load ms', 'triples', 'build ms', 'heap MB', 'strategy', 'queries', 'p50 ms', 'p95 ms', 'max ms', 'Hit@1', 'Hit@5'];
  const int = (v: number): string => Math.round(v).toLocaleString('en-US');
  const lines = rows.map((r) => [
    int(r.tools),
    int(r.generateMs),
    int(r.loadMs),
    int(r.triples),
    int(r.buildMs),
    r.heapBuildMB.toFixed(1),
    r.strategy,
    String(r.queries),
    r.p50Ms.toFixed(2),
    r.p95Ms.toFixed(2),
    r.maxMs.toFixed(2),
    r.hit1.toFixed(3),
    r.hit5.toFixed(3),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]): string => cells.map((c, i) => (i === 6 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [fmt(header), fmt(widths.map((w) => '-'.repeat(w))), ...lines.map(fmt)].join('\n');
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const started = performance.now();
  const tmp = await mkdtemp(join(tmpdir(), 'mdkg-bench-search-'));
  const rows: Row[] = [];
  try {
    for (const size of options.sizes) rows.push(...(await benchSize(size, options, tmp)));
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  const meta = {
    node: process.version,
    cpus: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    gc: typeof (globalThis as { gc?: unknown }).gc === 'function',
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ meta, rows }, null, 2)}\n`);
    return;
  }
  process.stdout.write(`${table(rows)}\n\n`);
  process.stdout.write(`node ${meta.node}, ${meta.cpus} x ${meta.cpu}; ${meta.seconds} s${meta.gc ? '' : ' (no --expose-gc: heap MB includes garbage)'}\n`);
  process.stdout.write(
    'build = ToolIndex.build; heap = heapUsed after the build minus before; p50/p95 = nearest rank over the timed pass, after a warm-up pass; limit 10.\n',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
