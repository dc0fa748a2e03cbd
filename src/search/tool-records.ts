// Reads the tools of a loaded graph into flat records for the search indexes: one pass per
// predicate through the store's index, never a SPARQL query.
import type { Term } from '@rdfjs/types';
import { DataFactory } from 'n3';
import { MDKG, RDF_TYPE, SCHEMA, DEFAULT_PREFIXES, compactIri } from '../rdf/namespaces.js';
import type { QuadStore } from '../rdf/quad-store.js';
import type { ToolAnnotationsView } from './types.js';

export type Relation = 'requires' | 'precedes' | 'relatedTo' | 'nextStep';
export const RELATIONS: readonly Relation[] = ['requires', 'precedes', 'relatedTo', 'nextStep'];
export type EdgeConfidence = 'extracted' | 'inferred' | 'ambiguous';

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
  /** Text per field key (a compact predicate, or `parameter/<predicate>`, `group/<predicate>`). */
  fields: Map<string, string[]>;
  groups: string[];
}

export interface ToolEdge {
  from: number;
  to: number;
  relation: Relation;
  confidence: EdgeConfidence;
  /** Strength in [0, 1] from the generator; 1 for hand-written edges. */
  score: number;
  evidence?: string;
}

export interface ToolCatalog {
  tools: ToolRecord[];
  edges: ToolEdge[];
  /** Group IRI -> label and member tool indexes. */
  groups: Map<string, { label: string; members: number[] }>;
}

const HINTS: readonly (keyof ToolAnnotationsView)[] = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'];
const CONFIDENCES = new Set<string>(['extracted', 'inferred', 'ambiguous']);
const m = (local: string): string => `${MDKG}${local}`;

function byPredicate(store: QuadStore, predicate: string): Map<string, Term[]> {
  const out = new Map<string, Term[]>();
  for (const q of store.getQuads(undefined, DataFactory.namedNode(predicate), undefined, undefined)) {
    const list = out.get(q.subject.value);
    if (list === undefined) out.set(q.subject.value, [q.object]);
    else list.push(q.object);
  }
  return out;
}

/** Literal predicates a field key reads: `p` on the tool, `parameter/p` on its parameters, `group/p` on its groups. */
export function fieldPredicate(key: string): { hop?: 'parameter' | 'group'; predicate: string } {
  const slash = key.indexOf('/');
  const hop = slash < 0 ? undefined : key.slice(0, slash);
  const local = slash < 0 ? key : key.slice(slash + 1);
  const colon = local.indexOf(':');
  const prefix = DEFAULT_PREFIXES[local.slice(0, colon)];
  const predicate = colon > 0 && prefix !== undefined ? prefix + local.slice(colon + 1) : local;
  return hop === 'parameter' || hop === 'group' ? { hop, predicate } : { predicate };
}

function literals(terms: Term[] | undefined): string[] {
  return terms === undefined ? [] : terms.filter((t) => t.termType === 'Literal').map((t) => t.value);
}

/** Every `mdkg:Tool` of the store, with the text of the given fields, its annotations, edges and groups. */
export function readToolCatalog(store: QuadStore, fieldKeys: readonly string[]): ToolCatalog {
  const subjects = store.getQuads(undefined, DataFactory.namedNode(RDF_TYPE), DataFactory.namedNode(m('Tool')), undefined).map((q) => q.subject.value);
  const iris = [...new Set(subjects)].sort();
  const index = new Map(iris.map((iri, i) => [iri, i]));
  const cache = new Map<string, Map<string, Term[]>>();
  const get = (p: string): Map<string, Term[]> => {
    let map = cache.get(p);
    if (map === undefined) cache.set(p, (map = byPredicate(store, p)));
    return map;
  };
  const params = get(m('parameter'));
  const memberOf = get(m('memberOf'));
  const hintSources = get(m('hintSource'));
  const tools = iris.map((iri): ToolRecord => {
    const name = literals(get(m('name')).get(iri))[0] ?? iri.slice(iri.lastIndexOf('/') + 1);
    const annotations: ToolAnnotationsView = {};
    for (const hint of HINTS) {
      const value = literals(get(m(hint)).get(iri))[0];
      if (value === 'true' || value === 'false') annotations[hint] = value === 'true';
    }
    const inferredHints = new Set<keyof ToolAnnotationsView>();
    for (const node of hintSources.get(iri) ?? []) {
      const hint = literals(get(m('hint')).get(node.value))[0];
      if (literals(get(m('origin')).get(node.value))[0] === 'inferred' && HINTS.includes(hint as keyof ToolAnnotationsView)) inferredHints.add(hint as keyof ToolAnnotationsView);
    }
    const paramNodes = (params.get(iri) ?? []).map((t) => t.value);
    const required = paramNodes.filter((p) => literals(get(m('required')).get(p))[0] === 'true').map((p) => literals(get(m('name')).get(p))[0] ?? '').filter((n) => n !== '').sort();
    const groups = (memberOf.get(iri) ?? []).filter((t) => t.termType === 'NamedNode').map((t) => t.value);
    const fields = new Map<string, string[]>();
    for (const key of fieldKeys) {
      const { hop, predicate } = fieldPredicate(key);
      const nodes = hop === undefined ? [iri] : hop === 'parameter' ? paramNodes : groups;
      const values = nodes.flatMap((n) => literals(get(predicate).get(n)));
      if (values.length > 0) fields.set(key, values);
    }
    const title = literals(get(`${SCHEMA}name`).get(iri))[0];
    const description = literals(get(`${SCHEMA}description`).get(iri))[0] ?? literals(get(`${SCHEMA}abstract`).get(iri))[0];
    return {
      iri,
      id: compactIri(iri, DEFAULT_PREFIXES),
      name,
      source: literals(get(m('source')).get(iri))[0] ?? '',
      ...(title === undefined ? {} : { title }),
      ...(description === undefined ? {} : { description }),
      annotations,
      inferredHints,
      required,
      fields,
      groups,
    };
  });
  return { tools, edges: readEdges(get, index), groups: readGroups(tools, get) };
}

function readEdges(get: (p: string) => Map<string, Term[]>, index: Map<string, number>): ToolEdge[] {
  const edges = new Map<string, ToolEdge>();
  // Qualified edges first: they carry confidence, score and evidence.
  for (const [subject, nodes] of get(m('dependency'))) {
    const from = index.get(subject);
    if (from === undefined) continue;
    for (const node of nodes) {
      const relation = get(m('relation')).get(node.value)?.[0]?.value.slice(MDKG.length) as Relation | undefined;
      const to = index.get(get(m('target')).get(node.value)?.[0]?.value ?? '');
      if (relation === undefined || !RELATIONS.includes(relation) || to === undefined || to === from) continue;
      const confidence = literals(get(m('confidence')).get(node.value))[0] ?? 'inferred';
      const score = Number(literals(get(m('score')).get(node.value))[0] ?? '0.5');
      const evidence = literals(get(m('evidence')).get(node.value))[0];
      edges.set(`${from} ${relation} ${to}`, {
        from,
        to,
        relation,
        confidence: CONFIDENCES.has(confidence) ? (confidence as EdgeConfidence) : 'ambiguous',
        score: Number.isFinite(score) ? Math.min(1, Math.max(0, score)) : 0.5,
        ...(evidence === undefined ? {} : { evidence }),
      });
    }
  }
  // Plain edges without a qualifying node were written by a person: extracted, full strength.
  for (const relation of RELATIONS) {
    for (const [subject, targets] of get(m(relation))) {
      const from = index.get(subject);
      if (from === undefined) continue;
      for (const target of targets) {
        const to = index.get(target.value);
        if (to === undefined || to === from || edges.has(`${from} ${relation} ${to}`)) continue;
        edges.set(`${from} ${relation} ${to}`, { from, to, relation, confidence: 'extracted', score: 1 });
      }
    }
  }
  return [...edges.values()];
}

function readGroups(tools: ToolRecord[], get: (p: string) => Map<string, Term[]>): ToolCatalog['groups'] {
  const groups: ToolCatalog['groups'] = new Map();
  tools.forEach((tool, i) => {
    for (const g of tool.groups) {
      let entry = groups.get(g);
      if (entry === undefined) {
        const label = literals(get(`${SCHEMA}name`).get(g))[0] ?? literals(get(m('name')).get(g))[0] ?? g.slice(g.lastIndexOf('/') + 1);
        groups.set(g, (entry = { label, members: [] }));
      }
      entry.members.push(i);
    }
  });
  return groups;
}
