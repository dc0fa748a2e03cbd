/**
 * Code generation benchmark: source files -> tree-sitter -> Markdown-LD code documents.
 *
 *   npm run bench:code                                  # this repository's src/ and node_modules/@comunica
 *   npm run bench:code -- src node_modules/n3/src --json
 *
 * For each folder (relative to the repository root, read in place): a first run into an empty temp
 * folder with no state (every file read, parsed, rendered and written; it includes starting the
 * WebAssembly runtime and loading each grammar once), then a no-change re-run inside the same
 * process with the state the first run wrote (size and modification time match: no file is read),
 * then the same no-change run from the CLI (`node bin/mdkg.js generate code <dir> --out <temp>`, built
 * first: `npm run build`), whole process wall time. Reports files, symbols, files/s of the first run,
 * and the peak RSS of this process. Files changed in the last 2 s are re-hashed, not trusted: run it
 * on a tree that is not being edited. Temp folders are removed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCode } from '../src/generate/generate-code.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'mdkg.js');
const args = process.argv.slice(2);
const json = args.includes('--json');
const folders = args.filter((a) => !a.startsWith('--'));

interface Row {
  folder: string;
  files: number;
  symbols: number;
  firstMs: number;
  filesPerSecond: number;
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
    let t = performance.now();
    const first = await generateCode(options);
    const firstMs = performance.now() - t;
    t = performance.now();
    const again = await generateCode(options);
    const noChangeMs = performance.now() - t;
    if (again.parsed !== 0 || again.unchanged !== first.files) throw new Error(`${folder}: the re-run was not a no-change run (${again.parsed} parsed)`);
    // The CLI keeps its state in <root>/.mdkg/: a first CLI run fills it, the second is timed.
    const cli = (): number => {
      const began = performance.now();
      const r = spawnSync(process.execPath, [BIN, 'generate', 'code', folder, '--out', join(work, 'cli-out'), '--json'], { cwd: ROOT, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`CLI failed: ${r.stderr}`);
      return performance.now() - began;
    };
    cli();
    const cliNoChangeMs = cli();
    return {
      folder,
      files: first.files,
      symbols: first.symbols,
      firstMs: Math.round(firstMs),
      filesPerSecond: Math.round(first.files / (firstMs / 1000)),
      noChangeMs: Math.round(noChangeMs),
      cliNoChangeMs: Math.round(cliNoChangeMs),
      warnings: first.diagnostics.length,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const rows: Row[] = [];
for (const folder of folders.length > 0 ? folders : ['src', 'node_modules/@comunica']) rows.push(await measure(folder));
const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`;
if (json) console.log(JSON.stringify({ machine, date: new Date().toISOString(), peakRssMb, rows }, null, 2));
else {
  console.log(`${machine}; peak RSS ${peakRssMb} MB`);
  console.log('folder | files | symbols | first run | files/s | no-change (in process) | no-change (CLI) | warnings');
  for (const r of rows)
    console.log(`${r.folder} | ${r.files} | ${r.symbols} | ${r.firstMs} ms | ${r.filesPerSecond} | ${r.noChangeMs} ms | ${r.cliNoChangeMs} ms | ${r.warnings}`);
}
