// The neighbourhood of a node: the resources it points to and those pointing to it, with each
// edge's predicate, every node's types and label, and the centre's literal values. Runs on the
// server (/api/node) and in the static page, over GraphData (graph-data.ts).
import { decodeTerm, type GraphData, shortIri } from './graph-data.js';

const RDF_TYPE = 'Ihttp://www.w3.org/1999/02/22-rdf-syntax-ns#type';
/** Predicates whose literal names a node, best first. */
const LABELS = ['Ihttps://schema.org/name', 'Ihttp://www.w3.org/2000/01/rdf-schema#label', 'Ihttp://purl.org/dc/terms/title', 'Ihttps://schema.org/title'];

/** Most edges a neighbourhood has when the request names no limit, and the most it may ask for. */
export const DEFAULT_EDGES = 100;
export const MAX_EDGES = 2000;

export interface NodeView {
  id: string;
  label: string;
  types: string[];
  kind: 'iri' | 'blank';
}

export interface EdgeView {
  source: string;
  target: string;
  predicate: string;
  label: string;
}

export interface Neighbourhood {
  center: string;
  nodes: NodeView[];
  edges: EdgeView[];
  /** The centre's literal values. */
  values: Array<{ predicate: string; label: string; value: string }>;
  /** Edges of the centre not returned (past the limit). */
  more: number;
}

/** GraphData with the triples indexed by subject and by object (term index → triple numbers). */
export class GraphIndex {
  readonly data: GraphData;
  readonly #bySubject = new Map<number, number[]>();
  readonly #byObject = new Map<number, number[]>();
  readonly #termIds = new Map<string, number>();

  constructor(data: GraphData) {
    this.data = data;
    for (const [i, t] of data.terms.entries()) this.#termIds.set(t, i);
    for (let t = 0; t < data.triples.length / 4; t += 1) {
      push(this.#bySubject, data.triples[4 * t]!, t);
      if (data.terms[data.triples[4 * t + 2]!]![0] !== 'L') push(this.#byObject, data.triples[4 * t + 2]!, t);
    }
  }

  /** The term index of an IRI or blank node code, if the graph has it. */
  id(code: string): number | undefined {
    return this.#termIds.get(code);
  }

  out(id: number): readonly number[] {
    return this.#bySubject.get(id) ?? [];
  }

  in(id: number): readonly number[] {
    return this.#byObject.get(id) ?? [];
  }

  /** The node's types (short IRIs) and label (a name literal, else its short IRI). */
  describe(id: number): NodeView {
    const code = this.data.terms[id]!;
    const types: string[] = [];
    let label: string | undefined;
    let rank = LABELS.length;
    for (const t of this.out(id)) {
      const p = this.data.terms[this.data.triples[4 * t + 1]!]!;
      const o = this.data.terms[this.data.triples[4 * t + 2]!]!;
      if (p === RDF_TYPE && o[0] === 'I') types.push(shortIri(o.slice(1), this.data.prefixes));
      const at = LABELS.indexOf(p);
      if (at !== -1 && at < rank && o[0] === 'L') [label, rank] = [decodeTerm(o).value, at];
    }
    const value = code.slice(1);
    return { id: code, label: label ?? shortIri(value, this.data.prefixes), types: [...new Set(types)].sort(), kind: code[0] === 'B' ? 'blank' : 'iri' };
  }
}

function push(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** The neighbourhood of `code` (an `I<iri>` or `B<label>` term), or undefined when the graph lacks it. */
export function neighbourhood(index: GraphIndex, code: string, limit = DEFAULT_EDGES): Neighbourhood | undefined {
  const id = index.id(code);
  if (id === undefined) return undefined;
  const { terms, triples, prefixes } = index.data;
  const nodes = new Map<number, NodeView>([[id, index.describe(id)]]);
  const edges: EdgeView[] = [];
  const values: Neighbourhood['values'] = [];
  const seen = new Set<string>();
  let more = 0;
  const edge = (s: number, p: number, o: number): void => {
    const key = `${s} ${p} ${o}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (edges.length >= limit) {
      more += 1;
      return;
    }
    for (const n of [s, o]) if (!nodes.has(n)) nodes.set(n, index.describe(n));
    const predicate = terms[p]!.slice(1);
    edges.push({ source: terms[s]!, target: terms[o]!, predicate, label: shortIri(predicate, prefixes) });
  };
  for (const t of index.out(id)) {
    const [p, o] = [triples[4 * t + 1]!, triples[4 * t + 2]!];
    if (terms[o]![0] === 'L') {
      const predicate = terms[p]!.slice(1);
      if (values.length < limit) values.push({ predicate, label: shortIri(predicate, prefixes), value: decodeTerm(terms[o]!).value });
    } else edge(id, p, o);
  }
  for (const t of index.in(id)) edge(triples[4 * t]!, triples[4 * t + 1]!, id);
  return { center: code, nodes: [...nodes.values()], edges, values, more };
}
