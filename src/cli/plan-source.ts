// The index and the loaded graph a plan reads (mdkg plan, mdkg search --prerequisites): the
// persisted index when current, and the graph (loaded once; the cold index path already has it).
import type { MdkgConfig } from '../config.js';
import type { OpenedIndex } from '../search/open-index.js';
import type { PlanSource } from '../plan/types.js';
import { type CliIo, reportLoadProblems } from './io.js';

/** Opens the index of `root` (reporting load problems) and the graph a plan needs. */
export async function openPlanSource(io: CliIo, root: string, config: MdkgConfig, cache: boolean, opened?: OpenedIndex): Promise<PlanSource> {
  let index = opened;
  if (index === undefined) {
    const { openToolIndex } = await import('../search/open-index.js');
    index = await openToolIndex(root, {
      cache,
      ...(config.search === undefined ? {} : { overrides: config.search }),
      ...(config.learned?.ttl_days === undefined ? {} : { learned: { ttlDays: config.learned.ttl_days } }),
    });
    reportLoadProblems(io, index);
  }
  if (index.graph !== undefined) return { index: index.index, graph: index.graph };
  const { loadGraph } = await import('../graph/knowledge-graph.js');
  return { index: index.index, graph: await loadGraph(root, { cache }) };
}
