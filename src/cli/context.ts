import type { MdkgConfig } from '../config.js';
import { loadGraph, type KnowledgeGraph } from '../graph/knowledge-graph.js';
import type { CliIo } from './io.js';
import { type GraphFlags, graphRoot } from './graph-root.js';

export { GRAPH_OPTIONS, type GraphFlags } from './graph-root.js';
export { reportLoadProblems } from './io.js';

/** Reads the config and loads the graph folder named by --graphs, the config, or ./graphs. */
export async function openGraph(io: CliIo, flags: GraphFlags, dirArg?: string): Promise<{ kg: KnowledgeGraph; config: MdkgConfig }> {
  const { root, config } = await graphRoot(io, flags, dirArg);
  const progress = io.isTTY ? (done: number, total: number) => io.stderr(`\rloading ${done}/${total} documents`) : undefined;
  const kg = await loadGraph(root, { cache: flags['no-cache'] !== true, ...(progress === undefined ? {} : { onProgress: progress }) });
  if (progress !== undefined) io.stderr('\r\u001b[K');
  return { kg, config };
}
