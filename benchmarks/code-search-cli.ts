/**
 * End-to-end time of `mdkg search-code` from the CLI (issue 28): a project of about 5,000 symbols
 * (by default the Java, Rust and Python sources of the code-search sets, copied into a temp folder:
 * benchmarks/code-sources.ts installs them), its code documents generated once, then
 *   - cold: the first call (loads the graph, builds and writes the persisted code index),
 *   - warm: each next call (reads the persisted index; no graph load),
 *   - without the code index: the file removed before each call (the graph read from its parse cache
 *     and indexed every call, as before the persisted index, plus writing the index).
 * Wall time of each process (spawned with the CLI in dist/: run `npm run build` first), median and
 * p90 over --runs (default 15), with the load average, and the child processes' CPU time.
 *
 *   npx tsx benchmarks/code-search-cli.ts [--runs 15] [--source <dir>]...
 * hyperfine gives the same with its statistics:
 *   hyperfine -N --warmup 2 'node <repo>/bin/mdkg.js search-code "pool of idle connections"'  (in the project folder printed)
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { CODE_INDEX_FILE } from '../src/code-search/code-index-cache.js';
import { JDK_SOURCES, ROOT } from './code-sets.js';

const args = process.argv.slice(2);
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) || 15 : 15;
const given = args.flatMap((a, i) => (args[i - 1] === '--source' ? [a] : []));
const sources =
  given.length > 0 ? given : [join(JDK_SOURCES, 'java.net.http'), '/usr/share/cargo/registry/serde_json-1.0.87', '/usr/lib/python3/dist-packages/click'];
const missing = sources.filter((s) => !existsSync(s));
if (missing.length > 0) {
  console.log(`skipped: missing ${missing.join(', ')} (npx tsx benchmarks/code-sources.ts --install)`);
  process.exit(0);
}
const bin = join(ROOT, 'bin', 'mdkg.js');
const project = mkdtempSync(join(tmpdir(), 'mdkg-bench-code-cli-'));
try {
  for (const s of sources) cpSync(s, join(project, 'src', basename(s)), { recursive: true });
  writeFileSync(join(project, 'mdkg.config.yaml'), 'graphs: graphs\n');
  const run = (...argv: string[]): { ms: number; out: string } => {
    const began = performance.now();
    const r = spawnSync(process.execPath, [bin, ...argv], { cwd: project, encoding: 'utf8' });
    const ms = performance.now() - began;
    if (r.status !== 0) throw new Error(`mdkg ${argv.join(' ')} failed: ${r.stderr}`);
    return { ms, out: r.stdout };
  };
  const generated = run('generate', 'code', 'src');
  console.log(`node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? '?'}; project ${project}; generate ${generated.ms.toFixed(0)} ms`);
  console.log(generated.out.trim().split('\n').slice(-3).join('\n'));
  const query = ['search-code', 'pool of idle connections'];
  const stat = (xs: number[]): string => {
    const s = [...xs].sort((a, b) => a - b);
    return `median ${s[Math.floor((s.length - 1) / 2)]!.toFixed(0)} ms, p90 ${s[Math.min(s.length - 1, Math.ceil(s.length * 0.9) - 1)]!.toFixed(0)} ms, min ${s[0]!.toFixed(0)} ms`;
  };
  const cold = run(...query);
  console.log(`cold (graph loaded, code index built and written): ${cold.ms.toFixed(0)} ms`);
  const series = (label: string, argv: string[], before?: () => void): void => {
    const load = loadavg()[0]!;
    const times = Array.from({ length: runs }, () => {
      before?.();
      return run(...argv).ms;
    });
    console.log(`${label} (${runs} runs, load average ${load.toFixed(2)}): ${stat(times)}`);
  };
  series('warm (persisted code index)', query);
  // As before the persisted index: the graph read from its parse cache and indexed on every call (plus the index's write).
  series('without the code index (removed before each call)', query, () => rmSync(join(project, 'graphs', '.mdkg', CODE_INDEX_FILE), { force: true }));
  series('mdkg --version (process start alone)', ['--version']);
} finally {
  rmSync(project, { recursive: true, force: true });
}
