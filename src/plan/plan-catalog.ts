// What a plan reads of each tool, from the graph: its parameters (name, required, location, type),
// the fields it consumes and produces, and its dependency edges with their rule and evidence (the
// search index keeps neither). Read once per store version over term ids (search/catalog/term-reader.ts).
import { DEFAULT_PREFIXES, MDKG, compactIri } from '../rdf/namespaces.js';
import type { QuadStore } from '../rdf/quad-store.js';
import { namedNode } from '../search/catalog/named-node.js';
import { TermReader } from '../search/catalog/term-reader.js';
import { parseBinding } from '../search/catalog/tool-bindings.js';
import { RELATIONS, type Relation } from '../search/catalog/tool-records.js';
import type { ToolRecord } from '../search/catalog/tool-records.js';

export interface PlanParam {
  name: string;
  required: boolean;
  /** OpenAPI location (`path`, `query`, `header`, `cookie`, `body`); absent for MCP tools. */
  in?: string;
  type?: string;
  /** Allowed values (`mdkg:enumValue`). */
  enum: string[];
  /** The default value as the document writes it (`mdkg:defaultValue`; objects and arrays as JSON text). */
  default?: string;
  /** The field path a binding names: `path.petId` for OpenAPI, the name for MCP tools. */
  field: string;
}

export interface PlanEdge {
  /** Index of the target tool. */
  to: number;
  relation: Relation;
  confidence: string;
  score: number;
  rule: string;
  evidence: string;
  /** Stated by the source or a person (confidence `extracted`, or a `declared…` rule), not detected. */
  declared: boolean;
  /** Declared bindings of a requires edge (`mdkg:binding`): which parameter each producer field fills. */
  bindings?: Array<{ parameter: string; field: string }>;
}

export interface PlanTool {
  id: string;
  name: string;
  readOnly: boolean;
  params: PlanParam[];
  consumes: string[];
  produces: string[];
  /** Outgoing edges, in document order. */
  edges: PlanEdge[];
}

export interface PlanCatalog {
  tools: PlanTool[];
  byKey: Map<string, number>;
}

const m = (local: string): string => `${MDKG}${local}`;
/** A format-2 edge note: `relation target confidence score rule: evidence`. */
const NOTE = /^(\S+) (\S+) (\S+) (\S+) (\S*?):(?: ([\s\S]*))?$/;
const clamp = (raw: string | undefined): number => {
  const n = Number(raw ?? '0.5');
  return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0.5;
};

const cache = new WeakMap<QuadStore, { version: number; count: number; catalog: PlanCatalog }>();

/** The plan's view of the tools of `records` (the index's tools, in index order), read from `store`. */
export function planCatalog(store: QuadStore, records: readonly ToolRecord[]): PlanCatalog {
  const hit = cache.get(store);
  if (hit !== undefined && hit.version === store.version && hit.count === records.length) return hit.catalog;
  const catalog = readCatalog(store, records);
  cache.set(store, { version: store.version, count: records.length, catalog });
  return catalog;
}

function readCatalog(store: QuadStore, records: readonly ToolRecord[]): PlanCatalog {
  const r = new TermReader(store);
  const byKey = new Map<string, number>();
  records.forEach((t, i) => {
    for (const key of [t.iri, t.id, `${t.source}/${t.name}`]) byKey.set(key, i);
  });
  // A bare name names a tool when only one tool has it.
  const names = new Map<string, number>();
  for (const [i, t] of records.entries()) names.set(t.name, names.has(t.name) ? -1 : i);
  for (const [name, i] of names) if (i >= 0 && !byKey.has(name)) byKey.set(name, i);
  const prefixed = (target: string): string => {
    const colon = target.indexOf(':');
    const base = colon > 0 ? DEFAULT_PREFIXES[target.slice(0, colon)] : undefined;
    return base === undefined ? target : `${base}${target.slice(colon + 1)}`;
  };
  const toolOf = (value: string | undefined): number | undefined => (value === undefined ? undefined : (byKey.get(value) ?? byKey.get(prefixed(value))));
  const tool = r.table([m('parameter'), m('consumes'), m('produces'), m('dependency'), m('edgeNote'), m('binding'), ...RELATIONS.map(m)]);
  const param = r.table([m('name'), m('required'), m('location'), m('valueType'), m('enumValue'), m('defaultValue')]);
  const dep = r.table([m('relation'), m('target'), m('confidence'), m('score'), m('rule'), m('evidence')]);
  const text = (t: typeof tool, k: number): string | undefined => r.value(r.firstLiteral(t, k));
  const tools = records.map((record): PlanTool => {
    const subject = store.termId(namedNode(record.iri));
    const out: PlanTool = {
      id: record.id,
      name: record.name,
      readOnly: record.annotations.readOnlyHint === true,
      params: [],
      consumes: [],
      produces: [],
      edges: [],
    };
    if (subject === undefined) return out;
    r.collect(subject, tool);
    r.literals(tool, 1, out.consumes);
    r.literals(tool, 2, out.produces);
    const paramNodes = r.objects(tool, 0);
    const depNodes = r.objects(tool, 3);
    const notes: string[] = [];
    r.literals(tool, 4, notes);
    const bindings: string[] = [];
    r.literals(tool, 5, bindings);
    const plain = RELATIONS.map((_, k) => r.objects(tool, 6 + k).map((o) => r.value(o)));
    for (const node of paramNodes) {
      r.collect(node, param);
      const name = text(param, 0);
      if (name === undefined || name === '') continue;
      const where = text(param, 2);
      const type = text(param, 3);
      const field = where === undefined ? name : name.startsWith(`${where}.`) ? name : `${where}.${name}`;
      const values: string[] = [];
      r.literals(param, 4, values);
      const fallback = text(param, 5);
      out.params.push({
        name,
        required: text(param, 1) === 'true',
        ...(where === undefined ? {} : { in: where }),
        ...(type === undefined ? {} : { type }),
        enum: values,
        ...(fallback === undefined ? {} : { default: fallback }),
        field,
      });
    }
    const seen = new Set<string>();
    const add = (relation: string | undefined, target: string | undefined, confidence: string, score: number, rule: string, evidence: string): void => {
      const to = toolOf(target);
      if (!RELATIONS.includes(relation as Relation) || to === undefined || to === byKey.get(record.iri)) return;
      const key = `${relation} ${to}`;
      if (seen.has(key)) return;
      seen.add(key);
      const declared = confidence === 'extracted' || rule.startsWith('declared');
      out.edges.push({ to, relation: relation as Relation, confidence, score, rule, evidence, declared });
    };
    // Format 1 nodes, else format 2 notes (a document uses one form), then plain edges written by a person.
    for (const node of depNodes) {
      r.collect(node, dep);
      const relation = r.value(r.objects(dep, 0)[0])?.slice(MDKG.length);
      const target = r.value(r.objects(dep, 1)[0]);
      add(relation, target, text(dep, 2) ?? 'inferred', clamp(text(dep, 3)), text(dep, 4) ?? '', text(dep, 5) ?? '');
    }
    if (depNodes.length === 0) {
      for (const note of notes) {
        const match = NOTE.exec(note);
        if (match !== null) add(match[1], match[2], match[3] as string, clamp(match[4]), match[5] as string, match[6] ?? '');
      }
    }
    RELATIONS.forEach((relation, k) => {
      for (const target of plain[k] ?? [])
        add(
          relation,
          target,
          'extracted',
          1,
          'hand-written',
          `${record.name} ${relation} ${compactIri(target ?? '', DEFAULT_PREFIXES)} (stated in its document)`,
        );
    });
    // Declared bindings join their requires edge; a binding without one declares it.
    for (const literal of bindings) {
      const parsed = parseBinding(literal);
      const to = parsed === undefined ? undefined : toolOf(parsed.producer);
      if (parsed === undefined || to === undefined || to === byKey.get(record.iri)) continue;
      const binding = { parameter: parsed.parameter, field: parsed.field };
      let edge = out.edges.find((e) => e.relation === 'requires' && e.to === to);
      if (edge === undefined) {
        edge = { to, relation: 'requires', confidence: 'extracted', score: 1, rule: parsed.rule, evidence: literal, declared: true };
        out.edges.push(edge);
      }
      edge.bindings = [...(edge.bindings ?? []), binding];
    }
    return out;
  });
  return { tools, byKey };
}
