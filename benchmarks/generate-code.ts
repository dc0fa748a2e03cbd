/**
 * Code generation benchmark: source files -> tree-sitter -> Markdown-LD code documents.
 *
 *   npm run bench:code                                  # this repository's src/ and node_modules/@comunica
 *   npm run bench:code -- src node_modules/n3/src --json
 *
 * For each folder (relative to the repository root, read in place): a first run into an empty temp
 * folder with no state (every file read, parsed, rendered and written; it includes starting the
 * WebAssembly runtime and loading each grammar once), then a no-change re-run inside the same
 * process right after it (`rerun`: the output folders the first run wrote are too recent to be
 * trusted, so they are listed again and the state rewritten), then, 2 s later, the median of
 * RUNS no-change runs once the state has settled (`noChange`: the per-folder hash tree matches, no
 * file is read), then the same settled no-change run from the CLI (`node bin/mdkg.js generate code
 * <dir> --out <temp>`, built first: `npm run build`), median whole-process wall time. Reports files,
 * symbols, files/s of the first run, and the peak RSS of this process. Run it on a tree that is not
 * being edited. Temp folders are removed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeRunOptions } from '../src/generate/code-run.js';
import { generateCode } from '../src/generate/generate-code.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'mdkg.js');
const args = process.argv.slice(2);
const json = args.includes('--json');
const folders = args.filter((a) => !a.startsWith('--'));

const RUNS = 5;
/** Longer than RECENT_MS (2 s): times older than that are trusted. */
const SETTLE_MS = 2100;
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

interface Row {
  folder: string;
  files: number;
  symbols: number;
  firstMs: number;
  filesPerSecond: number;
  rerunMs: number;
  noChangeMs: number;
  cliNoChangeMs: number;
  warnings: number;
}

async function measure(folder: string): Promise<Row> {
  const work = await mkdtemp(join(tmpdir(), 'mdkg-bench-code-'));
  try {
    const outDir = join(work, 'out');
    const statePath = join(work, 'state.json');
    const options = { root: ROOT, start: folder, outDir, statePath };
    const t = performance.now();
    const first = await generateCode(options);
    const firstMs = performance.now() - t;
    const timed = async (): Promise<number> => {
      const began = performance.now();
      const again = await generateCode(options);
      if (again.parsed !== 0 || again.unchanged !== first.files) throw new Error(`${folder}: the re-run was not a no-change run (${again.parsed} parsed)`);
      return performance.now() - began;
    };
    const rerunMs = await timed();
    await settle();
    await timed();
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await timed());
    const noChangeMs = median(runs);
    // The CLI keeps its state in <root>/.mdkg/: a first CLI run fills it, the second is timed.
    const cli = (): number => {
      const began = performance.now();
      const r = spawnSync(process.execPath, [BIN, 'generate', 'code', folder, '--out', join(work, 'cli-out'), '--json'], { cwd: ROOT, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`CLI failed: ${r.stderr}`);
      return performance.now() - began;
    };
    cli();
    await settle();
    cli();
    const cliNoChangeMs = median(Array.from({ length: RUNS }, cli));
    return {
      folder,
      files: first.files,
      symbols: first.symbols,
      firstMs: Math.round(firstMs),
      filesPerSecond: Math.round(first.files / (firstMs / 1000)),
      rerunMs: Math.round(rerunMs),
      noChangeMs: Math.round(noChangeMs),
      cliNoChangeMs: Math.round(cliNoChangeMs),
      warnings: first.diagnostics.length,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
    // The CLI's state for that output folder, in the repository's .mdkg/ (code-run.ts names it).
    const cliOut = (await codeRunOptions({ dir: join(ROOT, folder), projectDir: ROOT, graphsDir: join(ROOT, 'graphs'), outDir: join(work, 'cli-out') }))
      .statePath;
    if (cliOut !== undefined) await rm(cliOut, { force: true });
  }
}

const rows: Row[] = [];
for (const folder of folders.length > 0 ? folders : ['src', 'node_modules/@comunica']) rows.push(await measure(folder));
const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`;
if (json) console.log(JSON.stringify({ machine, date: new Date().toISOString(), peakRssMb, rows }, null, 2));
else {
  console.log(`${machine}; peak RSS ${peakRssMb} MB`);
  console.log(
    `folder | files | symbols | first run | files/s | re-run right after | no-change (in process, median of ${RUNS}) | no-change (CLI, median of ${RUNS}) | warnings`,
  );
  for (const r of rows)
    console.log(
      `${r.folder} | ${r.files} | ${r.symbols} | ${r.firstMs} ms | ${r.filesPerSecond} | ${r.rerunMs} ms | ${r.noChangeMs} ms | ${r.cliNoChangeMs} ms | ${r.warnings}`,
    );
}
