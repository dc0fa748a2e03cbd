// Reads the tools of a loaded graph into flat records for the search indexes, over the store's
// term ids (term-reader.ts): no quad objects, no SPARQL, and only the text the indexes use.
import { namedNode } from './named-node.js';
import { MDKG, RDF_TYPE, SCHEMA, DEFAULT_PREFIXES, compactIri } from '../../rdf/namespaces.js';
import type { QuadStore } from '../../rdf/quad-store.js';
import { ANNOTATION_HINTS } from '../../rdf/tool-hints.js';
import { TermReader, type PredicateTable } from './term-reader.js';
import { ToolFields } from './tool-fields.js';
import { readBindings, type ToolBinding } from './tool-bindings.js';
import { readEdges, type ToolEdge } from './tool-edges.js';
import type { ToolAnnotationsView } from '../types.js';

export { RELATIONS, type EdgeConfidence, type Relation, type ToolEdge } from './tool-edges.js';
export type { ToolBinding } from './tool-bindings.js';
export { ACTION_FIELD, fieldPredicate } from './tool-fields.js';

export interface ToolRecord {
  iri: string;
  /** Compact id (`tool:fs/read_file`). */
  id: string;
  name: string;
  source: string;
  title?: string;
  description?: string;
  annotations: ToolAnnotationsView;
  /** Hints set by inference rather than by the tool's author. */
  inferredHints: Set<keyof ToolAnnotationsView>;
  required: string[];
  groups: string[];
  /** `mdkg:deprecated` as the document states it (true or false), when it states it. */
  deprecated?: boolean;
}

export interface ToolCatalog {
  tools: ToolRecord[];
  edges: ToolEdge[];
  /** Bindings of declared dependencies (absent when the catalog came from a snapshot). */
  bindings?: ToolBinding[];
  /** Group IRI -> label and member tool indexes. */
  groups: Map<string, { label: string; members: number[] }>;
}

const HINTS: readonly (keyof ToolAnnotationsView)[] = ANNOTATION_HINTS;
const m = (local: string): string => `${MDKG}${local}`;

/** A tool's field text by field key (a compact predicate, or `parameter/<p>`, `group/<p>`), read from the store. */
export interface ToolText {
  /** One field; the tool's text is read once for consecutive calls. */
  get(key: string): string[] | undefined;
}

/**
 * Every `mdkg:Tool` of the store with its annotations, edges and groups, and each tool's field text
 * read on demand: for an index build, which tokenizes the text once and keeps none of it.
 */
export function readToolsForIndex(store: QuadStore, fieldKeys: readonly string[]): { catalog: ToolCatalog; docs: ToolText[] } {
  const r = new TermReader(store);
  const toolIds = [...new Set(store.pairs(namedNode(RDF_TYPE), namedNode(m('Tool'))).subjects)]
    .map((id) => ({ id, iri: r.value(id) ?? '' }))
    .sort((a, b) => (a.iri < b.iri ? -1 : a.iri > b.iri ? 1 : 0));
  const tool = r.table([
    m('name'),
    m('parameter'),
    m('memberOf'),
    m('hintSource'),
    m('source'),
    `${SCHEMA}name`,
    `${SCHEMA}description`,
    `${SCHEMA}abstract`,
    m('deprecated'),
    m('hintOrigin'),
    ...HINTS.map(m),
  ]);
  const param = r.table([m('required'), m('name')]);
  const hintNode = r.table([m('hint'), m('origin')]);
  const [NAME, PARAMS, MEMBER_OF, HINT_SOURCES, SOURCE, TITLE, DESCRIPTION, ABSTRACT] = [
    m('name'),
    m('parameter'),
    m('memberOf'),
    m('hintSource'),
    m('source'),
    `${SCHEMA}name`,
    `${SCHEMA}description`,
    `${SCHEMA}abstract`,
  ].map((iri) => tool.at(iri)) as [number, number, number, number, number, number, number, number];
  const HINT_SLOTS = HINTS.map((h) => tool.at(m(h)));
  const DEPRECATED = tool.at(m('deprecated'));
  const HINT_ORIGINS = tool.at(m('hintOrigin'));
  // Flag-like literals (`true`, `inferred`, a source name) repeat: decoded once.
  const flag = (t: PredicateTable, k: number): string | undefined => r.cachedValue(r.firstLiteral(t, k));
  const text = (t: PredicateTable, k: number): string | undefined => r.value(r.firstLiteral(t, k));
  const groupIds: (readonly number[])[] = [];
  const tools = toolIds.map(({ id: t, iri }): ToolRecord => {
    r.collect(t, tool);
    const name = text(tool, NAME) ?? iri.slice(iri.lastIndexOf('/') + 1);
    const annotations: ToolAnnotationsView = {};
    HINTS.forEach((hint, h) => {
      const v = flag(tool, HINT_SLOTS[h]!);
      if (v === 'true' || v === 'false') annotations[hint] = v === 'true';
    });
    const title = text(tool, TITLE);
    const description = text(tool, DESCRIPTION) ?? text(tool, ABSTRACT);
    const source = flag(tool, SOURCE) ?? '';
    const deprecated = flag(tool, DEPRECATED);
    const paramNodes = r.objects(tool, PARAMS);
    const groupNodes = r.objects(tool, MEMBER_OF).filter((g) => r.isNamedNode(g));
    const inferredHints = new Set<keyof ToolAnnotationsView>();
    for (const node of r.objects(tool, HINT_SOURCES)) {
      r.collect(node, hintNode);
      const hint = flag(hintNode, 0) as keyof ToolAnnotationsView;
      if (flag(hintNode, 1) === 'inferred' && HINTS.includes(hint)) inferredHints.add(hint);
    }
    // Format 2: one literal per hint, `hint origin [rule]`.
    for (const origin of r.objects(tool, HINT_ORIGINS)) {
      if (!r.isLiteral(origin)) continue;
      const [hint, from] = (r.value(origin) ?? '').split(' ', 2) as [keyof ToolAnnotationsView, string | undefined];
      if (from === 'inferred' && HINTS.includes(hint)) inferredHints.add(hint);
    }
    const required: string[] = [];
    for (const p of paramNodes) {
      r.collect(p, param);
      if (flag(param, 0) !== 'true') continue;
      const n = text(param, 1) ?? '';
      if (n !== '') required.push(n);
    }
    required.sort();
    groupIds.push(groupNodes);
    return {
      iri,
      id: compactIri(iri, DEFAULT_PREFIXES),
      name,
      source,
      ...(title === undefined ? {} : { title }),
      ...(description === undefined ? {} : { description }),
      ...(deprecated === 'true' || deprecated === 'false' ? { deprecated: deprecated === 'true' } : {}),
      annotations,
      inferredHints,
      required,
      groups: groupNodes.map((g) => r.value(g) ?? ''),
    };
  });
  const bySubject = new Map(toolIds.map(({ id }, i) => [id, i]));
  const byIri = new Map(toolIds.map(({ iri }, i) => [iri, i]));
  const catalog = {
    tools,
    edges: readEdges(r, bySubject, byIri),
    bindings: readBindings(r, bySubject, byIri),
    groups: readGroups(r, tools, groupIds),
  };
  const fields = new ToolFields(r, fieldKeys, tools, { parameter: m('parameter'), memberOf: m('memberOf'), source: m('source') }, sourceDocuments(store, r));
  let last: { index: number; text: Map<string, string[]> } | undefined;
  const docs = toolIds.map(
    ({ id }, index): ToolText => ({
      get: (key) => {
        if (last?.index !== index) last = { index, text: fields.read(index, id) };
        return last.text.get(key);
      },
    }),
  );
  return { catalog, docs };
}

function readGroups(r: TermReader, tools: readonly ToolRecord[], groupIds: readonly (readonly number[])[]): ToolCatalog['groups'] {
  const groups: ToolCatalog['groups'] = new Map();
  const labels = r.table([`${SCHEMA}name`, m('name')]);
  tools.forEach((tool, i) => {
    tool.groups.forEach((g, j) => {
      let entry = groups.get(g);
      if (entry === undefined) {
        r.collect(groupIds[i]![j]!, labels);
        const label = r.value(r.firstLiteral(labels, 0)) ?? r.value(r.firstLiteral(labels, 1)) ?? g.slice(g.lastIndexOf('/') + 1);
        groups.set(g, (entry = { label, members: [] }));
      }
      entry.members.push(i);
    });
  });
  return groups;
}

/** The document of each source (type ToolSource) by its `mdkg:source`; the first one in IRI order wins. */
function sourceDocuments(store: QuadStore, r: TermReader): Map<string, number> {
  const docs = [...new Set(store.pairs(namedNode(RDF_TYPE), namedNode(m('ToolSource'))).subjects)].sort((a, b) => {
    const x = r.value(a) ?? '';
    const y = r.value(b) ?? '';
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const table = r.table([m('source')]);
  const out = new Map<string, number>();
  for (const doc of docs) {
    r.collect(doc, table);
    const source = r.value(r.firstLiteral(table, 0));
    if (source !== undefined && !out.has(source)) out.set(source, doc);
  }
  return out;
}
