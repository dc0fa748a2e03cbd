// The documents of a loaded graph as the named graphs a push sends: one document, one graph, named
// by the document's IRI (the graph name it has in process too, so GRAPH ?g answers the same on
// both sides). Each body is the graph's N-Triples, sorted, so its hash changes only with its triples.
import { createHash } from 'node:crypto';
import { DataFactory } from 'n3';
import type { KnowledgeGraph } from '../graph/knowledge-graph.js';
import { termToNTriples } from '../rdf/serialize.js';

export interface LocalGraph {
  /** The graph name: the document IRI. */
  iri: string;
  /** The document's path under the graph folder. */
  path: string;
  /** `sha256:<hex>` of `body`. */
  hash: string;
  triples: number;
  /** N-Triples, one triple a line, sorted. */
  body: string;
}

export function contentHash(text: string): string {
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}

/** One LocalGraph per loaded document, sorted by IRI. */
export function localGraphs(kg: KnowledgeGraph): LocalGraph[] {
  const out: LocalGraph[] = [];
  for (const doc of kg.documents()) {
    if (!doc.loaded) continue;
    const lines: string[] = [];
    for (const q of kg.store.readQuads(null, null, null, DataFactory.namedNode(doc.iri)))
      lines.push(`${termToNTriples(q.subject)} ${termToNTriples(q.predicate)} ${termToNTriples(q.object)} .\n`);
    lines.sort();
    const body = lines.join('');
    out.push({ iri: doc.iri, path: doc.path, hash: contentHash(body), triples: lines.length, body });
  }
  return out.sort((a, b) => (a.iri < b.iri ? -1 : a.iri > b.iri ? 1 : 0));
}

/** The graphs as N-Quads: each line of each body with its graph name (for the server's bulk loader). */
export function toNQuads(graphs: readonly LocalGraph[]): string {
  const parts: string[] = [];
  for (const g of graphs) {
    const name = ` <${g.iri}> .\n`;
    for (const line of g.body.split('\n')) if (line !== '') parts.push(`${line.slice(0, -2)}${name}`);
  }
  return parts.join('');
}
