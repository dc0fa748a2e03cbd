// A test double standing in for ToolIndex: ranks the graph's tools by how many query words are
// words of the tool name (`read_file` -> read, file). Deterministic and trivial to score by hand:
// score = shared words, ties by name, tools sharing nothing left out, confidence = min(1, score / 2).
import { DataFactory } from 'n3';
import type { Searcher } from '../../src/bench/types.js';
import type { KnowledgeGraph } from '../../src/graph/knowledge-graph.js';
import { MDKG, RDF_TYPE } from '../../src/rdf/namespaces.js';
import type { SearchHit, SearchResult, Strategy } from '../../src/search/types.js';

interface Tool {
  iri: string;
  name: string;
  source: string;
}

export function wordOverlapSearcher(graph: KnowledgeGraph, options: { fail?: string } = {}): Searcher {
  const { namedNode } = DataFactory;
  const store = graph.store;
  const tools: Tool[] = store.getQuads(null, namedNode(RDF_TYPE), namedNode(`${MDKG}Tool`)).map((q) => ({
    iri: q.subject.value,
    name: store.getQuads(q.subject, namedNode(`${MDKG}name`))[0]?.object.value ?? '',
    source: store.getQuads(q.subject, namedNode(`${MDKG}source`))[0]?.object.value ?? '',
  }));
  return {
    async search(query: string, { limit, strategy }: { limit: number; strategy: Strategy }): Promise<SearchResult> {
      if (options.fail !== undefined && query === options.fail) throw Object.assign(new Error('index exploded'), { code: 'MDKG_TEST_FAILURE' });
      const words = new Set(
        query
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .filter((w) => w !== ''),
      );
      const scored = tools
        .map((t) => ({ t, score: t.name.split('_').filter((w) => words.has(w)).length }))
        .filter((x) => x.score > 0)
        .sort((a, b) => b.score - a.score || (a.t.name < b.t.name ? -1 : a.t.name > b.t.name ? 1 : 0))
        .slice(0, limit);
      const hits: SearchHit[] = scored.map(({ t, score }) => ({
        id: `tool:${t.source}/${t.name}`,
        iri: t.iri,
        name: t.name,
        source: t.source,
        annotations: {},
        required: [],
        score,
        confidence: Math.min(1, score / 2),
        evidence: [],
        related: [],
        nextSteps: [],
      }));
      return { query, searched: query, intent: 'neutral', strategy, mode: 'test-double', hits, diagnostics: [], sparql: '' };
    },
  };
}
