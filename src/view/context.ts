// What `mdkg view` answers from: the loaded graph, its tool index (lexical, as `mdkg search`
// without embeddings) and the view's copy of the triples (graph-data.ts), built once at start.
import type { MdkgConfig } from '../config.js';
import type { KnowledgeGraph } from '../graph/knowledge-graph.js';
import { ToolIndex } from '../search/tool-index.js';
import type { ViewContext } from './api.js';
import { graphData } from './build-data.js';
import { GraphIndex } from './neighbourhood.js';

export function viewContext(kg: KnowledgeGraph, config: MdkgConfig): ViewContext {
  const index = ToolIndex.build(kg, {
    ...(config.search === undefined ? {} : { overrides: config.search }),
    ...(config.learned?.ttl_days === undefined ? {} : { learned: { ttlDays: config.learned.ttl_days } }),
  });
  const data = graphData(kg);
  void kg.profile; // computed now, not on the page's first request
  return { kg, index, config, data, graph: new GraphIndex(data) };
}
