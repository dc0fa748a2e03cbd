import { relative, resolve } from 'node:path';
import { codeRunOptions } from '../../generate/code-run.js';
import { generateCode, type CodeReport } from '../../generate/generate-code.js';
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

/** `mdkg generate code [dir]`: code documents for the source files under dir, incrementally. */
export async function generateCodeCommand(args: GenerateCodeArgs, io: CliIo): Promise<number> {
  const options = await codeRunOptions({
    ...(args.dir === undefined ? {} : { dir: resolve(io.cwd, args.dir) }),
    projectDir: args.projectDir,
    // The graph folder holds the knowledge graph, not sources: its Markdown is not read as text blocks.
    graphsDir: resolve(args.projectDir, args.graphs),
    ...(args.out === undefined ? {} : { outDir: resolve(io.cwd, args.out) }),
  });
  const outDir = options.outDir;
  const began = performance.now();
  const report: CodeReport = await generateCode(options);
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
