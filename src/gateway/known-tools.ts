// The tools the gateway names: every mdkg:Tool of the graph (or of the persisted index, before the
// graph is loaded) with its source and name, and the store the search index is built from (without
// the documents of servers a live config edit removed).
import { DataFactory } from 'n3';
import type { KnowledgeGraph } from '../graph/knowledge-graph.js';
import { MDKG, RDF_TYPE } from '../rdf/namespaces.js';
import { QuadStore } from '../rdf/quad-store.js';
import type { ToolIndex } from '../search/tool-index.js';

export interface KnownTool {
  iri: string;
  id: string;
  source: string;
  name: string;
  /** Path of its document, relative to the graph folder. */
  path?: string;
}

/** Every mdkg:Tool of the graph with its source and name (not those of `hidden` sources). */
export function knownTools(kg: KnowledgeGraph, hidden: ReadonlySet<string> = new Set()): KnownTool[] {
  const { namedNode } = DataFactory;
  const name = namedNode(`${MDKG}name`);
  const source = namedNode(`${MDKG}source`);
  const paths = new Map(kg.documents().map((d) => [d.iri, d.path]));
  const out: KnownTool[] = [];
  for (const q of kg.store.getQuads(null, namedNode(RDF_TYPE), namedNode(`${MDKG}Tool`), null)) {
    const s = q.subject;
    const n = kg.store.getQuads(s, name, null, null)[0]?.object.value;
    const src = kg.store.getQuads(s, source, null, null)[0]?.object.value;
    if (n === undefined || src === undefined || hidden.has(src)) continue;
    const path = paths.get(s.value);
    out.push({ iri: s.value, id: `tool:${src}/${n}`, source: src, name: n, ...(path === undefined ? {} : { path }) });
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The tools of an index (no document paths: those come with the graph). */
export function indexedTools(index: ToolIndex): KnownTool[] {
  return index
    .tools()
    .map((t) => ({ iri: t.iri, id: t.id, source: t.source, name: t.name }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The store to index: the graph's, or (with servers removed live) a copy without the documents of
 * their tools, so that search_tools never offers them.
 */
export function indexSource(kg: KnowledgeGraph, hidden: ReadonlySet<string>): KnowledgeGraph | QuadStore {
  if (hidden.size === 0) return kg;
  const gone = knownTools(kg).filter((t) => hidden.has(t.source));
  if (gone.length === 0) return kg;
  const store = QuadStore.fromSnapshot(kg.store.snapshot());
  for (const t of gone) store.deleteGraph(DataFactory.namedNode(t.iri));
  return store;
}
