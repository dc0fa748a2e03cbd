// How fast mdkg answers at real catalog sizes (issue 13): for each size, synthetic OpenAPI
// operations are generated into tool documents the way users get them (`generateTools`), then each
// step runs in a fresh process, so times include what a person waits for and RSS is the process's
// own peak. CLI rows spawn `node bin/mdkg.js` (needs `npm run build`); in-process rows spawn
// benchmarks/scale-probe.mjs. Medians of `--runs` (default 3) runs after one warm-up where noted.
//
//   npm run bench:scale                         sizes 1000 and 10000
//   npm run bench:scale -- --sizes 1000 --json out.json
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { generateTools } from '../src/generate/generate-tools.js';
import { syntheticOpenApi } from './synthetic-openapi.js';

const REPO = join(import.meta.dirname, '..');
const RSS = join(REPO, 'benchmarks', 'scale-rss.mjs');
const PROBE = join(REPO, 'benchmarks', 'scale-probe.mjs');
const args = process.argv.slice(2);
const value = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
};
const sizes = (value('--sizes') ?? '1000,10000').split(',').map(Number);
const runs = Number(value('--runs') ?? 3);
const jsonOut = value('--json');

interface Measure {
  ms: number;
  rssMb: number;
  out: string;
}

/** Runs node with the RSS hook; wall time from spawn to exit. */
function run(script: string, argv: readonly string[], cwd = REPO): Measure {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', RSS, script, ...argv], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${script} ${argv.join(' ')} failed (${r.status}): ${r.stderr.slice(-500)}`);
  const kb = Number(/mdkg-peak-rss-kb (\d+)/.exec(r.stderr)?.[1] ?? Number.NaN);
  return { ms, rssMb: kb / 1024, out: r.stdout };
}

function median(measures: readonly Measure[]): Measure {
  const sorted = [...measures].sort((a, b) => a.ms - b.ms);
  return sorted[Math.floor(sorted.length / 2)]!;
}
const repeat = (n: number, f: () => Measure): Measure => median(Array.from({ length: n }, f));
const cli = (argv: readonly string[], cwd?: string): Measure => run(join(REPO, 'bin', 'mdkg.js'), argv, cwd);
const probe = (argv: readonly string[]): Measure => run(PROBE, argv);

async function bytesUnder(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
    files += 1;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/** `mdkg serve` over stdio: spawn to the first answered search_tools, in ms. */
async function gatewayFirstSearch(graphs: string, cwd: string): Promise<number> {
  const t0 = performance.now();
  const client = new Client({ name: 'bench-scale', version: '0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [join(REPO, 'bin', 'mdkg.js'), 'serve', '--graphs', graphs], cwd, stderr: 'ignore' }),
  );
  await client.callTool({ name: 'search_tools', arguments: { query: 'list all orders', limit: 5 } });
  const ms = performance.now() - t0;
  await client.close();
  return ms;
}

type Row = { what: string; cells: Record<number, string>; json: Record<number, unknown> };
const rows: Row[] = [];
const put = (what: string, size: number, cell: string, json: unknown): void => {
  let row = rows.find((r) => r.what === what);
  if (row === undefined) rows.push((row = { what, cells: {}, json: {} }));
  row.cells[size] = cell;
  row.json[size] = json;
};
const fmt = (m: Measure): string => `${m.ms >= 1000 ? `${(m.ms / 1000).toFixed(2)} s` : `${m.ms.toFixed(0)} ms`}, ${m.rssMb.toFixed(0)} MB`;

async function main(): Promise<void> {
  process.stderr.write(`bench:scale on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}\n`);
  const help = repeat(runs, () => cli(['--help']));
  const helpSearch = repeat(runs, () => cli(['help', 'search']));
  cli(['search', 'delete entities from the knowledge graph']); // warm-up: builds the bundled graph's caches
  const bundled = repeat(runs, () => cli(['search', 'delete entities from the knowledge graph']));
  for (const size of sizes) {
    process.stderr.write(`${size} tools: generating…\n`);
    const tmp = await mkdtemp(join(tmpdir(), 'mdkg-scale-'));
    try {
      const { spec } = syntheticOpenApi(size, 7);
      const file = join(tmp, 'spec.json');
      await writeFile(file, JSON.stringify(spec));
      const graphs = join(tmp, 'graphs');
      const t0 = performance.now();
      const [report] = await generateTools([{ id: 'synthetic', kind: 'openapi', file }], { outDir: join(graphs, 'tools'), cwd: tmp });
      if (report === undefined || !report.ok) throw new Error(`generation failed: ${JSON.stringify(report?.diagnostics.slice(0, 3))}`);
      const generateMs = performance.now() - t0;
      const docs = await bytesUnder(graphs);
      put('tools generated', size, `${report.tools} in ${(generateMs / 1000).toFixed(1)} s`, { tools: report.tools, ms: generateMs });
      put('documents on disk', size, `${(docs.bytes / 1e6).toFixed(0)} MB (${(docs.bytes / docs.files / 1024).toFixed(1)} KB each)`, docs);
      process.stderr.write(`${size} tools: cold load…\n`);
      await rm(join(graphs, '.mdkg'), { recursive: true, force: true });
      const cold = probe(['load', graphs]);
      put('in-process: cold load (no .mdkg/)', size, fmt(cold), { ...cold, out: JSON.parse(cold.out) });
      const triples = (JSON.parse(cold.out) as { triples: number }).triples;
      put('triples in the graph', size, `${triples} (${(triples / report.tools).toFixed(1)} per tool)`, { triples, perTool: triples / report.tools });
      const warm = repeat(runs, () => probe(['load', graphs]));
      put('in-process: warm load (parse cache)', size, fmt(warm), { ...warm, out: JSON.parse(warm.out) });
      process.stderr.write(`${size} tools: search…\n`);
      probe(['search', graphs]); // writes the persisted index (the documents are older than 2 s by now)
      const search = repeat(runs, () => probe(['search', graphs]));
      const s = JSON.parse(search.out) as { warm: boolean; openMs: number; searchMs: number };
      put(
        'in-process: open index + one search (warm)',
        size,
        `${fmt(search)} (open ${s.openMs.toFixed(0)} ms, search ${s.searchMs.toFixed(1)} ms${s.warm ? '' : ', NOT warm'})`,
        { ...search, out: s },
      );
      const cliSearch = repeat(runs, () => cli(['search', 'list all orders', '--graphs', graphs], tmp));
      put('CLI: mdkg search (warm caches)', size, fmt(cliSearch), cliSearch);
      const serve: number[] = [];
      for (let i = 0; i < runs; i += 1) serve.push(await gatewayFirstSearch(graphs, tmp));
      const serveMs = serve.sort((a, b) => a - b)[Math.floor(serve.length / 2)]!;
      put('gateway: spawn → first search_tools (warm)', size, `${serveMs >= 1000 ? `${(serveMs / 1000).toFixed(2)} s` : `${serveMs.toFixed(0)} ms`}`, serve);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  }
  const header = ['what', ...sizes.map((n) => `${n.toLocaleString('en')} tools`)];
  const lines = [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    `| CLI: mdkg --help | ${fmt(help)} | |`,
    `| CLI: mdkg help search | ${fmt(helpSearch)} | |`,
    `| CLI: mdkg search, bundled 36-tool graph (warm) | ${fmt(bundled)} | |`,
    ...rows.map((r) => `| ${r.what} | ${sizes.map((n) => r.cells[n] ?? '').join(' | ')} |`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (jsonOut !== undefined) {
    const data = { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model, date: new Date().toISOString(), help, helpSearch, bundled, rows };
    await writeFile(jsonOut, `${JSON.stringify(data, null, 2)}\n`);
  }
}

await main();
