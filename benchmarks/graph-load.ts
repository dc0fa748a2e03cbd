/**
 * Graph load benchmark: parse, cold / warm / incremental load, heap per triple, SPARQL latency.
 *
 *   npm run bench:graph                       # N = 1,000 and 10,000
 *   npm run bench:graph -- --sizes 2000 --json
 *
 * Runs under `tsx --expose-gc` (see package.json); without global.gc it enables it through v8 flags.
 * Writes N synthetic tool documents to a temp folder (removed at the end), progress goes to stderr.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadGraph, type KnowledgeGraph } from '../src/graph/knowledge-graph.js';
import { parseDocument } from '../src/markdown-ld/parse.js';
import { documentToQuads } from '../src/rdf/to-quads.js';
import { generateTools, writeTools, type SyntheticTool } from './synthetic-tools.js';
import { progress } from './progress.js';

const TARGET_WARM_MS_PER_DOC = 0.1; // 10,000 documents in <= 1 s
const TARGET_COLD_MS_PER_DOC = 0.5;
const TARGET_HEAP_BYTES_PER_TRIPLE = 1024;

interface Row {
  n: number;
  triples: number;
  parseMsPerDoc: number;
  coldMs: number;
  coldMsPerDoc: number;
  warmMs: number;
  warmMsPerDoc: number;
  /** Warm load in a new process (what a CLI start pays): median of 3 loadGraph() times. */
  warmFreshMs: number;
  refreshMs: number;
  refreshParsed: number;
  heapBytes: number;
  heapBytesPerTriple: number;
  selectiveMs: number;
  containsMs: number;
  containsRows: number;
  sparqlVia: string;
  pass: { warm: boolean; cold: boolean; heap: boolean };
}

function parseArgs(argv: string[]): { sizes: number[]; json: boolean } {
  let sizes = [1000, 10000];
  let json = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--json') json = true;
    else if (arg === '--sizes' || arg.startsWith('--sizes=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[(i += 1)];
      sizes = (value ?? '').split(',').map((s) => Number(s.trim().replace(/_/g, '')));
      if (sizes.some((n) => !Number.isInteger(n) || n < 10)) throw new Error(`--sizes: expected integers >= 10, got ${value}`);
    } else if (arg === '--help' || arg === '-h') {
      process.stdout.write('usage: npm run bench:graph -- [--sizes 1000,10000] [--json]\n');
      process.exit(0);
    } else throw new Error(`unknown argument ${arg}`);
  }
  return { sizes, json };
}

function gcFunction(): () => void {
  const g = (globalThis as { gc?: () => void }).gc;
  if (typeof g === 'function') return g;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
const collect = gcFunction();
function heapAfterGc(): number {
  for (let i = 0; i < 3; i += 1) collect();
  return process.memoryUsage().heapUsed;
}

const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

/** A SPARQL runner: src/sparql/run.ts when it exists, Comunica directly otherwise. Returns the row count. */
type Runner = (graph: KnowledgeGraph, query: string) => Promise<number>;
async function sparqlRunner(): Promise<{ run: Runner; via: string }> {
  const runPath = new URL('../src/sparql/run.ts', import.meta.url);
  if (existsSync(runPath)) {
    try {
      const mod = (await import(runPath.href)) as { runQuery?: (...args: unknown[]) => Promise<unknown> };
      if (typeof mod.runQuery === 'function') {
        const runQuery = mod.runQuery;
        return {
          via: 'runQuery',
          run: async (graph, query) => {
            const result = (await runQuery({ store: graph.store, profile: graph.profile }, query, { timeoutMs: 60_000, limit: 100_000 })) as Record<
              string,
              unknown
            >;
            for (const key of ['rows', 'bindings', 'results']) if (Array.isArray(result?.[key])) return (result[key] as unknown[]).length;
            return Array.isArray(result) ? result.length : -1;
          },
        };
      }
    } catch (error) {
      process.stderr.write(`  src/sparql/run.ts not usable (${(error as Error).message.split('\n')[0]}); using Comunica directly\n`);
    }
  }
  const { QueryEngine } = await import('@comunica/query-sparql');
  const engine = new QueryEngine();
  return {
    via: 'comunica',
    run: async (graph, query) => {
      const stream = await engine.queryBindings(query, { sources: [graph.store], unionDefaultGraph: true });
      return (await stream.toArray()).length;
    },
  };
}

const PREFIXES = 'PREFIX mdkg: <https://w3id.org/mdkg/vocab#>\nPREFIX schema: <https://schema.org/>\nPREFIX tool: <https://w3id.org/mdkg/tool/>\n';

async function timeQuery(runner: Runner, graph: KnowledgeGraph, query: string, warmup: number, runs: number): Promise<{ ms: number; rows: number }> {
  let rows = 0;
  for (let i = 0; i < warmup; i += 1) rows = await runner(graph, query);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    rows = await runner(graph, query);
    times.push(performance.now() - t0);
  }
  return { ms: median(times), rows };
}

/** Child mode: one warm loadGraph() in a fresh process, printed as JSON. */
async function childWarm(dir: string): Promise<void> {
  const graph = await loadGraph(dir);
  process.stdout.write(`${JSON.stringify({ ms: graph.stats.ms, reused: graph.stats.reused })}\n`);
}

async function freshWarmLoad(dir: string, n: number, runs: number): Promise<number> {
  const run = promisify(execFile);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    process.stderr.write(`  warm load in a new process ${i + 1}/${runs}\n`);
    const { stdout } = await run(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--child-warm', dir], { maxBuffer: 1 << 20 });
    const result = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { ms: number; reused: number };
    if (result.reused !== n) throw new Error(`fresh warm load reused ${result.reused} of ${n}`);
    times.push(result.ms);
  }
  return median(times);
}

async function parseAll(tools: readonly SyntheticTool[]): Promise<number> {
  const n = tools.length;
  const texts = tools.map((t) => Buffer.from(t.text, 'utf8'));
  for (let i = 0; i < Math.min(200, n); i += 1) await documentToQuads(parseDocument(texts[i] as Buffer, (tools[i] as SyntheticTool).path));
  const bar = progress('parse');
  const p0 = performance.now();
  for (let i = 0; i < n; i += 1) {
    await documentToQuads(parseDocument(texts[i] as Buffer, (tools[i] as SyntheticTool).path));
    if ((i & 255) === 255) bar.tick(i + 1, n);
  }
  const ms = performance.now() - p0;
  bar.end();
  return ms;
}

async function coldLoad(dir: string, n: number): Promise<number> {
  const bar = progress('cold load');
  const t0 = performance.now();
  const graph = await loadGraph(dir, { onProgress: bar.tick });
  const ms = performance.now() - t0;
  bar.end();
  if (graph.stats.parsed !== n) throw new Error(`cold load parsed ${graph.stats.parsed} of ${n}`);
  const errors = graph.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(`cold load: ${errors.length} errors, first: ${errors[0]?.message}`);
  return ms;
}

async function warmLoad(dir: string, n: number): Promise<{ graph: KnowledgeGraph; ms: number }> {
  const bar = progress('warm load');
  const t0 = performance.now();
  const graph = await loadGraph(dir, { onProgress: bar.tick });
  const ms = performance.now() - t0;
  bar.end();
  if (graph.stats.reused !== n) throw new Error(`warm load reused ${graph.stats.reused} of ${n}`);
  return { graph, ms };
}

async function benchSize(n: number, runner: { run: Runner; via: string }): Promise<Row> {
  const dir = await mkdtemp(join(tmpdir(), `mdkg-bench-${n}-`));
  try {
    process.stderr.write(`N = ${n}: generating in ${dir}\n`);
    const tools = generateTools(n, 42);
    await writeTools(dir, tools);

    // 1. Parse only, in-process: parseDocument + documentToQuads over every document.
    const parseMs = await parseAll(tools);

    // 2. Cold load: no cache on disk (the load writes it). In its own function so that no
    // suspended async frame keeps the graph alive during the heap measurement below.
    const coldMs = await coldLoad(dir, n);

    // 3. Warm load: the cache is there and nothing changed; heap measured around it.
    const before = heapAfterGc();
    const warm = await warmLoad(dir, n);
    const heapBytes = heapAfterGc() - before;
    const { graph, ms: warmMs } = warm;
    const triples = graph.stats.triples;
    const warmFreshMs = await freshWarmLoad(dir, n, 3);

    // 4. Incremental: one document changes, refresh() re-reads the folder and replaces its graph.
    const touched = tools[Math.floor(n / 2)] as SyntheticTool;
    await appendFile(join(dir, touched.path), '\nEdited by the benchmark.\n');
    const c0 = performance.now();
    const refreshStats = await graph.refresh();
    const refreshMs = performance.now() - c0;
    if (refreshStats.parsed !== 1) throw new Error(`refresh parsed ${refreshStats.parsed}, expected 1`);

    // 5. SPARQL: a selective lookup by id, and a CONTAINS scan over all titles.
    process.stderr.write('  sparql\n');
    const target = tools[Math.floor(n / 3)] as SyntheticTool;
    const selective = `${PREFIXES}SELECT ?name ?type WHERE { <https://w3id.org/mdkg/tool/${target.source}/${target.name}> mdkg:parameter ?p . ?p mdkg:name ?name ; mdkg:valueType ?type . }`;
    const sel = await timeQuery(runner.run, graph, selective, 3, 20);
    if (sel.rows !== 2 && sel.rows !== -1) throw new Error(`selective query returned ${sel.rows} rows, expected 2`);
    const contains = `${PREFIXES}SELECT ?s ?title WHERE { ?s schema:name ?title . FILTER(CONTAINS(LCASE(?title), "archived issue")) }`;
    const scan = await timeQuery(runner.run, graph, contains, 1, 5);
    const expected = tools.filter((t) => t.title.toLowerCase().includes('archived issue')).length;
    if (scan.rows !== expected && scan.rows !== -1) throw new Error(`CONTAINS query returned ${scan.rows} rows, expected ${expected}`);

    const row: Row = {
      n,
      triples,
      parseMsPerDoc: parseMs / n,
      coldMs,
      coldMsPerDoc: coldMs / n,
      warmMs,
      warmMsPerDoc: warmMs / n,
      warmFreshMs,
      refreshMs,
      refreshParsed: refreshStats.parsed,
      heapBytes,
      heapBytesPerTriple: heapBytes / triples,
      selectiveMs: sel.ms,
      containsMs: scan.ms,
      containsRows: scan.rows,
      sparqlVia: runner.via,
      pass: {
        warm: warmFreshMs / n <= TARGET_WARM_MS_PER_DOC,
        cold: coldMs / n <= TARGET_COLD_MS_PER_DOC,
        heap: heapBytes / triples <= TARGET_HEAP_BYTES_PER_TRIPLE,
      },
    };
    // Keep the cache size on record: it is what a warm load reads.
    const cacheText = await readFile(join(dir, '.mdkg', 'graph-cache.json'), 'utf8').catch(() => '');
    process.stderr.write(`  cache file ${(Buffer.byteLength(cacheText) / 1e6).toFixed(1)} MB\n`);
    return row;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function table(rows: Row[]): string {
  const header = [
    'N',
    'triples',
    'parse ms/doc',
    'cold total',
    'cold ms/doc',
    'cold<=0.5',
    'warm in-proc',
    'warm new proc',
    'warm ms/doc',
    'warm<=1s/10k',
    'refresh 1 doc',
    'heap B/triple',
    'heap<=1KB',
    'SPARQL by id',
    'CONTAINS scan',
  ];
  const ms = (v: number): string => (v >= 100 ? `${Math.round(v)} ms` : `${v.toFixed(1)} ms`);
  const pf = (ok: boolean): string => (ok ? 'PASS' : 'FAIL');
  const lines = rows.map((r) => [
    r.n.toLocaleString('en-US'),
    r.triples.toLocaleString('en-US'),
    r.parseMsPerDoc.toFixed(3),
    ms(r.coldMs),
    r.coldMsPerDoc.toFixed(3),
    pf(r.pass.cold),
    ms(r.warmMs),
    ms(r.warmFreshMs),
    (r.warmFreshMs / r.n).toFixed(3),
    pf(r.pass.warm),
    ms(r.refreshMs),
    Math.round(r.heapBytesPerTriple).toString(),
    pf(r.pass.heap),
    ms(r.selectiveMs),
    ms(r.containsMs),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padStart(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [fmt(header), fmt(widths.map((w) => '-'.repeat(w))), ...lines.map(fmt)].join('\n');
}

async function main(): Promise<void> {
  const childAt = process.argv.indexOf('--child-warm');
  if (childAt !== -1) return childWarm(process.argv[childAt + 1] ?? '.');
  const { sizes, json } = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const runner = await sparqlRunner();
  const rows: Row[] = [];
  for (const n of sizes) rows.push(await benchSize(n, runner));
  const meta = {
    node: process.version,
    cpus: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    sparql: runner.via,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  if (json) {
    process.stdout.write(
      `${JSON.stringify({ meta, targets: { warmMsPerDoc: TARGET_WARM_MS_PER_DOC, coldMsPerDoc: TARGET_COLD_MS_PER_DOC, heapBytesPerTriple: TARGET_HEAP_BYTES_PER_TRIPLE }, rows }, null, 2)}\n`,
    );
    return;
  }
  process.stdout.write(`${table(rows)}\n\n`);
  process.stdout.write(
    `node ${meta.node}, ${meta.cpus} x ${meta.cpu}; SPARQL via ${meta.sparql} (selective: median of 20; CONTAINS: median of 5); ${meta.seconds} s\n`,
  );
  process.stdout.write(
    'parse = parseDocument + documentToQuads in-process; cold = loadGraph without .mdkg cache (writes it); warm = cache present, nothing changed, in this process\n(JIT warm) and in a new process (median of 3; the PASS/FAIL uses it);\n',
  );
  process.stdout.write(
    'refresh = graph.refresh() after appending a line to 1 document; heap = heapUsed after gc with the warm graph loaded minus before, / triples.\n',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
