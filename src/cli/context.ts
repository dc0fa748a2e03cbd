import { resolve } from 'node:path';
import { loadConfig, type MdkgConfig } from '../config.js';
import { MdkgError } from '../errors.js';
import { loadGraph, type KnowledgeGraph } from '../graph/knowledge-graph.js';
import type { CliIo } from './io.js';
import { diagnosticLine } from './io.js';

export interface GraphFlags {
  graphs?: string | undefined;
  config?: string | undefined;
  'no-cache'?: boolean | undefined;
}

export const GRAPH_OPTIONS = {
  graphs: { type: 'string' },
  config: { type: 'string' },
  'no-cache': { type: 'boolean' },
} as const;

/** Reads the config and loads the graph folder named by --graphs, the config, or ./graphs. */
export async function openGraph(io: CliIo, flags: GraphFlags, dirArg?: string): Promise<{ kg: KnowledgeGraph; config: MdkgConfig }> {
  const { config, dir } = await loadConfig(io.cwd, flags.config);
  const graphs = dirArg ?? flags.graphs;
  if (graphs !== undefined && graphs.trim() === '') throw new MdkgError('MDKG_USAGE', 'the graph folder path is empty (--graphs needs a folder)');
  const root = graphs !== undefined ? resolve(io.cwd, graphs) : resolve(dir, config.graphs ?? 'graphs');
  const progress = io.isTTY ? (done: number, total: number) => io.stderr(`\rloading ${done}/${total} documents`) : undefined;
  const kg = await loadGraph(root, { cache: flags['no-cache'] !== true, ...(progress === undefined ? {} : { onProgress: progress }) });
  if (progress !== undefined) io.stderr('\r\u001b[K');
  return { kg, config };
}

/** Prints load problems to stderr (one line each), so query output on stdout stays clean. */
export function reportLoadProblems(io: CliIo, kg: KnowledgeGraph): void {
  const problems = kg.diagnostics.filter((d) => d.severity !== 'info');
  for (const d of problems.slice(0, 20)) io.stderr(`${diagnosticLine(d)}\n`);
  if (problems.length > 20) io.stderr(`… and ${problems.length - 20} more (run 'mdkg validate')\n`);
}
