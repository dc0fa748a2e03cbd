import { createHash } from 'node:crypto';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { generateCode, type CodeReport } from '../../generate/generate-code.js';
import { cacheDirProblem } from '../../graph/cache-dir.js';
import { escapeForTerminal } from '../../util/terminal-text.js';
import { renderTable } from '../../util/table.js';
import { diagnosticLine, EXIT, type CliIo } from '../io.js';

export interface GenerateCodeArgs {
  /** The folder to index, as given (default: the project folder). */
  dir?: string;
  out?: string;
  json: boolean;
  /** The project folder (where the config is, else the current folder) and its graph folder. */
  projectDir: string;
  graphs: string;
}

/** Where the walk starts and what paths are relative to: the project folder when `dir` lies in it, else `dir` itself. */
function roots(cwd: string, projectDir: string, dir: string | undefined): { root: string; start: string } {
  const target = dir === undefined ? projectDir : resolve(cwd, dir);
  const rel = relative(projectDir, target);
  if (rel === '') return { root: projectDir, start: '' };
  if (rel.startsWith('..') || isAbsolute(rel)) return { root: target, start: '' };
  return { root: projectDir, start: rel.split(sep).join('/') };
}

/** `mdkg generate code [dir]`: code documents for the source files under dir, incrementally. */
export async function generateCodeCommand(args: GenerateCodeArgs, io: CliIo): Promise<number> {
  const { root, start } = roots(io.cwd, args.projectDir, args.dir);
  const outDir = args.out !== undefined ? resolve(io.cwd, args.out) : resolve(args.projectDir, args.graphs, 'code');
  const cache = join(root, '.mdkg');
  // One state per output folder: runs into other folders (a benchmark, a preview) do not evict it.
  const key = createHash('sha256').update(outDir).digest('hex').slice(0, 12);
  const statePath = (await cacheDirProblem(cache)) === undefined ? join(cache, `code-state-${key}.json`) : undefined;
  const began = performance.now();
  // The graph folder holds the knowledge graph, not sources: its Markdown is not read as text blocks.
  const exclude = [resolve(args.projectDir, args.graphs)];
  const report: CodeReport = await generateCode({ root, start, outDir, exclude, ...(statePath === undefined ? {} : { statePath }) });
  const ms = Math.round(performance.now() - began);
  for (const d of report.diagnostics) io.stderr(`${diagnosticLine(d)}\n`);
  const counts = { added: report.added.length, updated: report.updated.length, removed: report.removed.length, unchanged: report.unchanged };
  if (args.json) {
    io.stdout(`${JSON.stringify({ ...report, counts, ms }, null, 2)}\n`);
  } else {
    const row = [report.files, report.parsed, report.symbols, counts.added, counts.updated, counts.removed, counts.unchanged, report.kept.length].map(String);
    io.stdout(renderTable(['files', 'parsed', 'symbols', 'added', 'updated', 'removed', 'unchanged', 'kept'], [row]));
    io.stdout(`out: ${escapeForTerminal(relative(io.cwd, outDir) || '.')} (${ms} ms)\n`);
    for (const path of report.removed) io.stdout(`removed ${escapeForTerminal(path)}\n`);
  }
  return report.diagnostics.some((d) => d.severity === 'error') ? EXIT.failed : EXIT.ok;
}
