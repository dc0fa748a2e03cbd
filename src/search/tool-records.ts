// Reads the tools of a loaded graph into flat records for the search indexes: one pass per
// predicate through the store's index, never a SPARQL query.
import type { Term } from '@rdfjs/types';
import { DataFactory } from 'n3';
import { MDKG, RDF_TYPE, SCHEMA, DEFAULT_PREFIXES, compactIri } from '../rdf/namespaces.js';
import type { QuadStore } from '../rdf/quad-store.js';
import { splitIdentifier } from '../ingest/words.js';
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

const NO_STRINGS: readonly string[] = [];

function literals(terms: Term[] | undefined): readonly string[] {
  if (terms === undefined) return NO_STRINGS;
  const out: string[] = [];
  for (const t of terms) if (t.termType === 'Literal') out.push(t.value);
  return out;
}

function firstLiteral(terms: Term[] | undefined): string | undefined {
  if (terms !== undefined) for (const t of terms) if (t.termType === 'Literal') return t.value;
  return undefined;
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
  const names = get(m('name'));
  const requiredOf = get(m('required'));
  const hintOf = get(m('hint'));
  const originOf = get(m('origin'));
  const hintMaps = HINTS.map((h) => get(m(h)));
  const titles = get(`${SCHEMA}name`);
  const descriptions = get(`${SCHEMA}description`);
  const abstracts = get(`${SCHEMA}abstract`);
  const sources = get(m('source'));
  const fieldSpecs = fieldKeys.filter((k) => k !== ACTION_FIELD).map((key) => ({ key, ...fieldPredicate(key) })).map((f) => ({ ...f, map: get(f.predicate) }));
  const tools = iris.map((iri): ToolRecord => {
    const name = firstLiteral(names.get(iri)) ?? iri.slice(iri.lastIndexOf('/') + 1);
    const annotations: ToolAnnotationsView = {};
    for (const [h, hint] of HINTS.entries()) {
      const value = firstLiteral(hintMaps[h]!.get(iri));
      if (value === 'true' || value === 'false') annotations[hint] = value === 'true';
    }
    const inferredHints = new Set<keyof ToolAnnotationsView>();
    for (const node of hintSources.get(iri) ?? []) {
      const hint = firstLiteral(hintOf.get(node.value));
      if (firstLiteral(originOf.get(node.value)) === 'inferred' && HINTS.includes(hint as keyof ToolAnnotationsView)) inferredHints.add(hint as keyof ToolAnnotationsView);
    }
    const paramNodes = (params.get(iri) ?? []).map((t) => t.value);
    const required = paramNodes.filter((p) => firstLiteral(requiredOf.get(p)) === 'true').map((p) => firstLiteral(names.get(p)) ?? '').filter((n) => n !== '').sort();
    const groups = (memberOf.get(iri) ?? []).filter((t) => t.termType === 'NamedNode').map((t) => t.value);
    const fields = new Map<string, string[]>();
    for (const { key, hop, map } of fieldSpecs) {
      if (hop === undefined) {
        const values = literals(map.get(iri));
        if (values.length > 0) fields.set(key, values as string[]);
        continue;
      }
      const values: string[] = [];
      for (const n of hop === 'parameter' ? paramNodes : groups) values.push(...literals(map.get(n)));
      if (values.length > 0) fields.set(key, values);
    }
    const title = firstLiteral(titles.get(iri));
    const description = firstLiteral(descriptions.get(iri)) ?? firstLiteral(abstracts.get(iri));
    return {
      iri,
      id: compactIri(iri, DEFAULT_PREFIXES),
      name,
      source: firstLiteral(sources.get(iri)) ?? '',
      ...(title === undefined ? {} : { title }),
      ...(description === undefined ? {} : { description }),
      annotations,
      inferredHints,
      required,
      fields,
      groups,
    };
  });
  if (fieldKeys.includes(ACTION_FIELD)) addActionField(tools);
  return { tools, edges: readEdges(get, index), groups: readGroups(tools, get) };
}

/** A derived field: the action word of a tool's name (see addActionField). */
export const ACTION_FIELD = 'action';

/**
 * The action of a tool is the first word of its name (`list` in listCoreV1NamespacedPod,
 * `create` in create_issue), skipping a namespace prefix: a first word that at least half of the
 * source's tools share (`browser_` in browser_navigate, `git_` in git_status).
 */
function addActionField(tools: ToolRecord[]): void {
  const words = tools.map((t) => splitIdentifier(t.name));
  const firstBySource = new Map<string, Map<string, number>>();
  const sizes = new Map<string, number>();
  tools.forEach((t, i) => {
    sizes.set(t.source, (sizes.get(t.source) ?? 0) + 1);
    const first = words[i]![0];
    if (first === undefined) return;
    let counts = firstBySource.get(t.source);
    if (counts === undefined) firstBySource.set(t.source, (counts = new Map()));
    counts.set(first, (counts.get(first) ?? 0) + 1);
  });
  tools.forEach((t, i) => {
    const w = words[i]!;
    const size = sizes.get(t.source) ?? 0;
    const shared = size >= 4 && (firstBySource.get(t.source)?.get(w[0] ?? '') ?? 0) >= size / 2;
    const action = shared && w.length > 1 ? w[1] : w[0];
    if (action !== undefined) t.fields.set(ACTION_FIELD, [action]);
  });
}

function readEdges(get: (p: string) => Map<string, Term[]>, index: Map<string, number>): ToolEdge[] {
  const edges = new Map<number, ToolEdge>();
  const n = index.size;
  const key = (from: number, relation: Relation, to: number): number => (from * RELATIONS.length + RELATIONS.indexOf(relation)) * n + to;
  const relationOf = get(m('relation'));
  const targetOf = get(m('target'));
  const confidenceOf = get(m('confidence'));
  const scoreOf = get(m('score'));
  const evidenceOf = get(m('evidence'));
  // Qualified edges first: they carry confidence, score and evidence.
  for (const [subject, nodes] of get(m('dependency'))) {
    const from = index.get(subject);
    if (from === undefined) continue;
    for (const node of nodes) {
      const relation = relationOf.get(node.value)?.[0]?.value.slice(MDKG.length) as Relation | undefined;
      const to = index.get(targetOf.get(node.value)?.[0]?.value ?? '');
      if (relation === undefined || !RELATIONS.includes(relation) || to === undefined || to === from) continue;
      const confidence = firstLiteral(confidenceOf.get(node.value)) ?? 'inferred';
      const score = Number(firstLiteral(scoreOf.get(node.value)) ?? '0.5');
      const evidence = firstLiteral(evidenceOf.get(node.value));
      edges.set(key(from, relation, to), {
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
        if (to === undefined || to === from || edges.has(key(from, relation, to))) continue;
        edges.set(key(from, relation, to), { from, to, relation, confidence: 'extracted', score: 1 });
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
        const label = firstLiteral(get(`${SCHEMA}name`).get(g)) ?? firstLiteral(get(m('name')).get(g)) ?? g.slice(g.lastIndexOf('/') + 1);
        groups.set(g, (entry = { label, members: [] }));
      }
      entry.members.push(i);
    }
  });
  return groups;
}
