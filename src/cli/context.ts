import type { MdkgConfig } from '../config.js';
import type { Diagnostic } from '../errors.js';
import { loadGraph, type KnowledgeGraph } from '../graph/knowledge-graph.js';
import type { CliIo } from './io.js';
import { diagnosticLine } from './io.js';
import { type GraphFlags, graphRoot } from './graph-root.js';

export { GRAPH_OPTIONS, type GraphFlags } from './graph-root.js';

/** Reads the config and loads the graph folder named by --graphs, the config, or ./graphs. */
export async function openGraph(io: CliIo, flags: GraphFlags, dirArg?: string): Promise<{ kg: KnowledgeGraph; config: MdkgConfig }> {
  const { root, config } = await graphRoot(io, flags, dirArg);
  const progress = io.isTTY ? (done: number, total: number) => io.stderr(`\rloading ${done}/${total} documents`) : undefined;
  const kg = await loadGraph(root, { cache: flags['no-cache'] !== true, ...(progress === undefined ? {} : { onProgress: progress }) });
  if (progress !== undefined) io.stderr('\r\u001b[K');
  return { kg, config };
}

/** Prints load problems to stderr (one line each), so query output on stdout stays clean. */
export function reportLoadProblems(io: CliIo, kg: KnowledgeGraph | { diagnostics: readonly Diagnostic[] }): void {
  const problems = kg.diagnostics.filter((d) => d.severity !== 'info');
  for (const d of problems.slice(0, 20)) io.stderr(`${diagnosticLine(d)}\n`);
  if (problems.length > 20) io.stderr(`… and ${problems.length - 20} more (run 'mdkg validate')\n`);
}
