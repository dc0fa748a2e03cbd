/**
 * Tool generation benchmark: OpenAPI spec -> Markdown-LD tool documents -> graph.
 *
 *   npm run bench:generate                     # Kubernetes core v1 + a synthetic 10,000-operation spec
 *   npm run bench:generate -- --ops 2000 --json
 *   npm run bench:generate -- --first-run-only  # read, render and write only (no regenerate, no load)
 *
 * Catalogs: Kubernetes core v1 (248 operations), read in place from the shared datasets (skipped
 * with a message when missing), and a synthetic OpenAPI 3.0 spec built in memory from a seed
 * (benchmarks/synthetic-openapi.ts). For each, the phases of `generateTools` are timed one by one
 * with the same src functions it calls (wall time, and the process's CPU time, which other busy processes
 * on a shared machine disturb less):
 *   read+parse   readFile + readOpenApi (the synthetic spec is saved to the temp folder first, untimed)
 *   annotate+deps+render   sourceDocuments: hints, annotation inference, dependency detection, rendering
 *   write        writeSourceDocuments into an empty temp folder (every document added)
 * then `regenerate`: generateTools() again on the same spec and folder (every document unchanged; the
 * files are checked byte for byte, and their mtimes), and `load`: loadGraph() of the generated folder
 * with no cache (cold). Throughput (tools/s) is over the three first-run phases.
 * Progress goes to stderr; temp folders are removed (MDKG_BENCH_KEEP=1 keeps them and prints where: on
 * ext4, creating files soon after deleting many is slow, so back-to-back runs can delete later, in one go).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateTools } from '../src/generate/generate-tools.js';
import { sourceDocuments } from '../src/generate/source-documents.js';
import { writeSourceDocuments } from '../src/generate/write-documents.js';
import { loadGraph } from '../src/graph/knowledge-graph.js';
import { readOpenApi } from '../src/ingest/openapi/index.js';
import { syntheticOpenApi } from './synthetic-openapi.js';
import { progress } from './progress.js';

const TARGET_TOOLS_PER_SEC = 2000;
/** Read in place, never copied into the repository (MDKG_GTC_DIR overrides, as in dependency-quality.ts). */
const K8S_SPEC = join(
  process.env.MDKG_GTC_DIR ?? fileURLToPath(new URL('../../shared/datasets/graph-tool-call/benchmarks/', import.meta.url)),
  'specs',
  'k8s_core_v1.json',
);

interface Row {
  catalog: string;
  source: string;
  tools: number;
  /** Tool documents plus group documents. */
  documents: number;
  edges: number;
  specBytes: number;
  outputBytes: number;
  readMs: number;
  renderMs: number;
  writeMs: number;
  /** read + render + write, first run. */
  totalMs: number;
  /** CPU time (user + system, all threads of the process) of the same phases. */
  readCpuMs: number;
  renderCpuMs: number;
  writeCpuMs: number;
  totalCpuMs: number;
  /** Load average (1, 5, 15 min) when the catalog started. */
  loadAverage: number[];
  toolsPerSec: number;
  regenerateMs: number;
  loadMs: number;
  triples: number;
  pass: boolean;
}

interface Options {
  ops: number;
  json: boolean;
  /** Skip the regenerate and load phases (the first run's three phases are the target). */
  firstRunOnly: boolean;
}

function parseArgs(argv: string[]): Options {
  let ops = 10_000;
  let json = false;
  let firstRunOnly = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--json') json = true;
    else if (arg === '--first-run-only') firstRunOnly = true;
    else if (arg === '--ops' || arg.startsWith('--ops=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[(i += 1)];
      ops = Number((value ?? '').replace(/_/g, ''));
      if (!Number.isInteger(ops) || ops < 20) throw new Error(`--ops: expected an integer >= 20, got ${value}`);
    } else if (arg === '--help' || arg === '-h') {
      process.stdout.write('usage: npm run bench:generate -- [--ops 10000] [--json] [--first-run-only]\n');
      process.exit(0);
    } else throw new Error(`unknown argument ${arg}`);
  }
  return { ops, json, firstRunOnly };
}

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

async function timed<T>(label: string, fn: () => Promise<T> | T): Promise<{ value: T; ms: number; cpuMs: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await fn();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  log(`  ${label}: ${ms.toFixed(0)} ms (cpu ${cpuMs.toFixed(0)} ms)`);
  return { value, ms, cpuMs };
}

/** Every file under dir (skipping `.mdkg`): relative path -> sha256, size and mtime. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string, rel: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (entry.name === '.mdkg') continue;
      const path = join(d, entry.name);
      const r = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(path, r);
      else {
        const st = statSync(path);
        out.set(r, `${createHash('sha256').update(readFileSync(path)).digest('hex')} ${st.size} ${st.mtimeMs} ${st.ino}`);
      }
    }
  };
  walk(dir, '');
  return out;
}

async function benchCatalog(catalog: string, source: string, specFile: string, tmp: string, firstRunOnly: boolean): Promise<Row> {
  const outDir = join(tmp, 'graphs');
  const loadAverage = loadavg().map((l) => Math.round(l * 100) / 100);
  log(`${catalog}: generating into ${outDir} (load average ${loadAverage.join(' ')})`);

  // First run, one phase at a time (what generateTools does for an OpenAPI file source).
  const read = await timed('read+parse', async () => {
    const text = await readFile(specFile, 'utf8');
    return { result: readOpenApi(text, { source, file: specFile }), bytes: Buffer.byteLength(text) };
  });
  const { result } = read.value;
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0 || result.tools.length === 0)
    throw new Error(`${catalog}: ${result.tools.length} tools, ${errors.length} errors: ${errors[0]?.message}`);
  const render = await timed('annotate+deps+render', () => sourceDocuments(result.tools, {}));
  const { documents, edges } = render.value;
  const write = await timed('write', () => writeSourceDocuments(outDir, source, documents));
  const w = write.value;
  if (w.added.length !== documents.size || w.updated.length + w.removed.length + w.kept.length > 0) {
    throw new Error(
      `${catalog}: first write added ${w.added.length} of ${documents.size} (updated ${w.updated.length}, removed ${w.removed.length}, kept ${w.kept.length})`,
    );
  }
  const before = snapshot(outDir);
  let outputBytes = 0;
  for (const [path] of before) outputBytes += statSync(join(outDir, path)).size;
  const totalMs = read.ms + render.ms + write.ms;
  const firstRun = {
    catalog,
    source,
    tools: result.tools.length,
    documents: documents.size,
    edges,
    specBytes: read.value.bytes,
    outputBytes,
    readMs: read.ms,
    renderMs: render.ms,
    writeMs: write.ms,
    totalMs,
    readCpuMs: read.cpuMs,
    renderCpuMs: render.cpuMs,
    writeCpuMs: write.cpuMs,
    totalCpuMs: read.cpuMs + render.cpuMs + write.cpuMs,
    loadAverage,
    toolsPerSec: (result.tools.length / totalMs) * 1000,
  };
  const pass = firstRun.toolsPerSec >= TARGET_TOOLS_PER_SEC;
  if (firstRunOnly) return { ...firstRun, regenerateMs: Number.NaN, loadMs: Number.NaN, triples: Number.NaN, pass };

  // Second run through the public entry point: nothing may change on disk.
  const regen = await timed('regenerate (unchanged)', () => generateTools([{ id: source, kind: 'openapi', file: specFile }], { outDir, cwd: tmp }));
  const report = regen.value[0];
  if (
    report === undefined ||
    !report.ok ||
    report.unchanged !== documents.size ||
    report.added.length + report.updated.length + report.removed.length + report.kept.length > 0
  ) {
    throw new Error(
      `${catalog}: regenerate was not a no-op: ${JSON.stringify({ ok: report?.ok, unchanged: report?.unchanged, added: report?.added.length, updated: report?.updated.length, removed: report?.removed.length, kept: report?.kept.length })}`,
    );
  }
  const after = snapshot(outDir);
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((p) => before.get(p) !== after.get(p));
  if (changed.length > 0) throw new Error(`${catalog}: regenerate changed ${changed.length} files, first ${changed[0]}`);

  // Load the generated folder, cold: no .mdkg cache yet (the load writes it).
  if (existsSync(join(outDir, '.mdkg'))) throw new Error(`${catalog}: a cache exists before the cold load`);
  const bar = progress('load');
  const t0 = performance.now();
  const graph = await loadGraph(outDir, { onProgress: bar.tick });
  const loadMs = performance.now() - t0;
  bar.end();
  log(`  load (cold): ${loadMs.toFixed(0)} ms, ${graph.stats.triples} triples`);
  if (graph.stats.parsed !== documents.size) throw new Error(`${catalog}: load parsed ${graph.stats.parsed} of ${documents.size} documents`);
  const loadErrors = graph.diagnostics.filter((d) => d.severity === 'error');
  if (loadErrors.length > 0) throw new Error(`${catalog}: load reported ${loadErrors.length} errors, first: ${loadErrors[0]?.message}`);

  return { ...firstRun, regenerateMs: regen.ms, loadMs, triples: graph.stats.triples, pass };
}

function table(rows: Row[]): string {
  const header = ['catalog', 'tools', 'total ms', 'tools/s', '>=2000/s', 'read+parse', 'annotate+deps+render', 'write', 'regenerate', 'load (cold)', 'triples'];
  const ms = (v: number): string => (Number.isNaN(v) ? '-' : v >= 100 ? `${Math.round(v)}` : v.toFixed(1));
  const int = (v: number): string => (Number.isNaN(v) ? '-' : Math.round(v).toLocaleString('en-US'));
  const lines = rows.map((r) => [
    r.catalog,
    int(r.tools),
    ms(r.totalMs),
    int(r.toolsPerSec),
    r.pass ? 'PASS' : 'FAIL',
    ms(r.readMs),
    ms(r.renderMs),
    ms(r.writeMs),
    ms(r.regenerateMs),
    ms(r.loadMs),
    int(r.triples),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [fmt(header), fmt(widths.map((w) => '-'.repeat(w))), ...lines.map(fmt)].join('\n');
}

async function main(): Promise<void> {
  const { ops, json, firstRunOnly } = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const rows: Row[] = [];
  const skipped: string[] = [];

  const tmp = await mkdtemp(join(tmpdir(), 'mdkg-bench-generate-'));
  try {
    if (existsSync(K8S_SPEC)) {
      // Temp folders are removed at the end only: on ext4, creating files soon after deleting many
      // is slower (the allocator skips recently freed inodes), which would blur the write phase.
      rows.push(await benchCatalog('k8s core v1', 'k8s', K8S_SPEC, join(tmp, 'k8s'), firstRunOnly));
    } else {
      const message = `k8s core v1 skipped: ${K8S_SPEC} not found`;
      skipped.push(message);
      log(message);
    }

    log(`synthetic: building a ${ops}-operation spec (seed 7)`);
    const synthetic = syntheticOpenApi(ops, 7);
    const dir = join(tmp, 'synthetic');
    const specFile = join(dir, 'synthetic-openapi.json');
    await mkdir(dir, { recursive: true });
    await writeFile(specFile, JSON.stringify(synthetic.spec));
    rows.push(await benchCatalog(`synthetic ${synthetic.operations.toLocaleString('en-US')}`, 'synthetic', specFile, dir, firstRunOnly));
  } finally {
    if (process.env.MDKG_BENCH_KEEP === '1') log(`kept ${tmp}`);
    else await rm(tmp, { recursive: true, force: true });
  }

  const meta = {
    node: process.version,
    cpus: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    seconds: Math.round((performance.now() - started) / 100) / 10,
    skipped,
  };
  if (json) {
    process.stdout.write(`${JSON.stringify({ meta, targets: { toolsPerSec: TARGET_TOOLS_PER_SEC }, rows }, null, 2)}\n`);
    return;
  }
  process.stdout.write(`${table(rows)}\n\n`);
  for (const r of rows) {
    process.stdout.write(
      `${r.catalog}: cpu ms read+parse ${Math.round(r.readCpuMs)}, annotate+deps+render ${Math.round(r.renderCpuMs)}, write ${Math.round(r.writeCpuMs)}, total ${Math.round(r.totalCpuMs)}; load average ${r.loadAverage.join(' ')}\n` +
        `${r.catalog}: spec ${(r.specBytes / 1e6).toFixed(1)} MB (${Math.round(r.specBytes / r.tools).toLocaleString('en-US')} B/operation); ${r.documents.toLocaleString('en-US')} documents (${(r.documents - r.tools).toLocaleString('en-US')} groups), ${r.edges.toLocaleString('en-US')} edges, ${(r.outputBytes / 1e6).toFixed(1)} MB written (${(r.outputBytes / r.documents / 1024).toFixed(1)} KB/document)\n`,
    );
  }
  for (const s of skipped) process.stdout.write(`${s}\n`);
  process.stdout.write(`node ${meta.node}, ${meta.cpus} x ${meta.cpu}; ${meta.seconds} s\n`);
  process.stdout.write('all times in ms; total = read+parse + annotate+deps+render + write (first run, empty folder); tools/s = tools / total;\n');
  process.stdout.write(
    'regenerate = generateTools() again, every document unchanged (checked byte for byte); load = loadGraph() of the generated folder, no cache.\n',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
