// GraphData (graph-data.ts) from a loaded graph: one pass over the store.
import type { KnowledgeGraph } from '../graph/knowledge-graph.js';
import { encodeTerm, type GraphData, type ViewDocument } from './graph-data.js';

export function graphData(kg: KnowledgeGraph): GraphData {
  const ids = new Map<string, number>();
  const terms: string[] = [];
  const id = (code: string): number => {
    let at = ids.get(code);
    if (at === undefined) {
      at = terms.length;
      terms.push(code);
      ids.set(code, at);
    }
    return at;
  };
  const triples: number[] = [];
  for (const q of kg.store.readQuads(null, null, null, null))
    triples.push(id(encodeTerm(q.subject)), id(encodeTerm(q.predicate)), id(encodeTerm(q.object)), id(encodeTerm(q.graph)));
  const documents: ViewDocument[] = kg
    .documents()
    .filter((d) => d.loaded)
    .map((d) => ({ iri: d.iri, path: d.path, ...(d.title === undefined ? {} : { title: d.title }) }));
  return { terms, triples, documents, prefixes: kg.prefixes };
}
