import jsonldLib from 'jsonld';
import { DataFactory } from 'n3';
import type { Quad } from '@rdfjs/types';
import { MdkgError } from '../errors.js';
import { DEFAULT_CONTEXT_URL, offlineDocumentLoader } from '../rdf/context.js';
import { namesOf, toDot, toMermaid } from '../rdf/diagram.js';
import { SCHEMA } from '../rdf/namespaces.js';
import { serializeQuads } from '../rdf/serialize.js';
import type { KnowledgeGraph } from './knowledge-graph.js';

export const EXPORT_FORMATS = ['ttl', 'nq', 'jsonld', 'mermaid', 'dot'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const jsonld = jsonldLib as unknown as {
  fromRDF(input: string, options: { format: string }): Promise<unknown>;
  compact(input: unknown, context: string, options: { documentLoader: (url: string) => Promise<unknown> }): Promise<unknown>;
};

/** The quads of the whole graph, or of one document (by id, IRI or path). */
function exportQuads(kg: KnowledgeGraph, doc?: string): Quad[] {
  if (doc === undefined) return kg.store.getQuads(null, null, null, null);
  const info = kg.document(doc);
  if (info === undefined || !info.loaded) throw new MdkgError('MDKG_NOT_FOUND', `no loaded document '${doc}' (give its id, IRI or path)`, { doc });
  return kg.store.getQuads(null, null, null, DataFactory.namedNode(info.iri));
}

/** Serializes the graph (or one document's graph) in an export format. Output is deterministic. */
export async function exportGraph(kg: KnowledgeGraph, format: ExportFormat, doc?: string): Promise<string> {
  const quads = exportQuads(kg, doc);
  switch (format) {
    case 'ttl': {
      const triples = quads.map((q) => DataFactory.quad(q.subject, q.predicate, q.object));
      return serializeQuads(triples, 'turtle', kg.prefixes);
    }
    case 'nq':
      return serializeQuads(quads, 'nquads', kg.prefixes);
    case 'jsonld': {
      const nquads = await serializeQuads(quads, 'nquads', kg.prefixes);
      const expanded = await jsonld.fromRDF(nquads, { format: 'application/n-quads' });
      const compacted = await jsonld.compact(expanded, DEFAULT_CONTEXT_URL, { documentLoader: offlineDocumentLoader('export') });
      return `${JSON.stringify(compacted, null, 2)}\n`;
    }
    case 'mermaid':
    case 'dot': {
      // Nodes from other documents are labelled with their names too.
      const names = namesOf(kg.store.getQuads(null, DataFactory.namedNode(`${SCHEMA}name`), null, null));
      return format === 'mermaid' ? toMermaid(quads, kg.prefixes, names) : toDot(quads, kg.prefixes, names);
    }
  }
}
