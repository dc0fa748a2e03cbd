// JSON-LD → RDF without the jsonld library, for documents that use only the default context's
// plain shapes (plain-context.ts): node objects with ids, types, terms and compact IRIs, strings,
// booleans, numbers and nested node objects. It gives the quads `jsonld.toRDF` gives, in its order
// and with its blank node labels (expansion keys in sorted order, node-map labels in depth-first
// order, subjects and properties sorted), and declines — returns undefined — for anything else:
// keywords other than @id/@type, unknown keys, lists, value objects, relative IRIs other than
// `#fragment`, an inline @context. A declined document takes the full path, which reports what is
// wrong. Tested against the full path on every fixture and on generated catalogs.
import { compilePlainContext, isObject, type PlainContext, type PlainTerm, withScoped } from './plain-context.js';

/** A term as `jsonld.toRDF` returns it. */
export interface PlainTermOut {
  termType: 'NamedNode' | 'BlankNode' | 'Literal';
  value: string;
  datatype?: { value: string };
}
export interface PlainQuad {
  subject: PlainTermOut;
  predicate: PlainTermOut;
  object: PlainTermOut;
}

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const XSD = 'http://www.w3.org/2001/XMLSchema#';
const ABSOLUTE_IRI = /^([A-Za-z][A-Za-z0-9+\-.]*|_):[^\s]*$/;
/** A base that jsonld's RFC 3986 resolution gives back unchanged before a `#fragment`. */
const PLAIN_BASE = /^[A-Za-z][A-Za-z0-9+\-.]*:\/\/[^/?#\s]+(?:\/[^?#\s]*)?(?:\?[^#\s]*)?$/;
const MAX_DEPTH = 32;

/** An expanded value: a node (IRI or blank, with its own properties) or a literal. */
type Value = { node: Node } | { literal: string | number | boolean; datatype?: string };
interface Node {
  id?: string;
  types: string[];
  properties: Map<string, Value[]>;
}

class Decline extends Error {}
const decline = (): never => {
  throw new Decline();
};

let compiled: PlainContext | null | undefined;

/**
 * The quads of `{"@context": <default>, "@graph": nodes}` with base `base`, as `jsonld.toRDF`
 * returns them, or undefined when the nodes need the full JSON-LD path.
 */
export function plainToRdf(nodes: readonly unknown[], base: string, defaultContext: () => unknown): PlainQuad[] | undefined {
  if (compiled === undefined) compiled = compilePlainContext(defaultContext()) ?? null;
  if (compiled === null || !PLAIN_BASE.test(base.split('#')[0]!)) return undefined;
  try {
    const expanded = nodes.map((n) => expandNode(n, compiled!, base.split('#')[0]!, 0));
    return toQuads(expanded);
  } catch (error) {
    if (error instanceof Decline) return undefined;
    throw error;
  }
}

function expandNode(input: unknown, active: PlainContext, base: string, depth: number): Node {
  if (!isObject(input) || depth > MAX_DEPTH) return decline();
  const node: Node = { types: [], properties: new Map() };
  for (const key of Object.keys(input).sort()) {
    const value = input[key];
    const term = active.get(key);
    const iri = key === '@id' || key === '@type' ? key : (term?.iri ?? compactIri(active, key));
    if (iri === '@id') {
      if (node.id !== undefined || typeof value !== 'string') return decline();
      node.id = nodeIri(active, value, base);
    } else if (iri === '@type') {
      for (const t of Array.isArray(value) ? value : [value]) {
        if (typeof t !== 'string') return decline();
        node.types.push(vocabIri(active, t));
      }
    } else {
      if (iri === undefined || iri.startsWith('@')) return decline();
      const inner = withScoped(active, term?.scoped);
      const list = node.properties.get(iri) ?? [];
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item === null) continue;
        if (Array.isArray(item)) return decline();
        list.push(expandValue(item, term, inner, base, depth));
      }
      if (list.length > 0) node.properties.set(iri, list);
    }
  }
  if (node.properties.size === 0 && node.types.length === 0) return decline();
  return node;
}

function expandValue(item: unknown, term: PlainTerm | undefined, active: PlainContext, base: string, depth: number): Value {
  if (isObject(item)) {
    if (Object.keys(item).some((k) => k.startsWith('@') && k !== '@id' && k !== '@type')) return decline();
    const keys = Object.keys(item).filter((k) => item[k] !== null);
    // A reference: only an id.
    if (keys.length === 1 && (active.get(keys[0]!)?.iri === '@id' || keys[0] === '@id') && typeof item[keys[0]!] === 'string') {
      return { node: { id: nodeIri(active, item[keys[0]!] as string, base), types: [], properties: new Map() } };
    }
    return { node: expandNode(item, active, base, depth + 1) };
  }
  const coerce = term?.coerce;
  if (coerce === '@id' || coerce === '@vocab') {
    if (typeof item !== 'string') return decline();
    const id = coerce === '@id' ? nodeIri(active, item, base) : vocabIri(active, item);
    return { node: { id, types: [], properties: new Map() } };
  }
  if (typeof item === 'number' && !Number.isFinite(item)) return decline();
  if (typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean') return decline();
  return coerce === undefined ? { literal: item } : { literal: item, datatype: coerce };
}

/** A key or value as a compact IRI with a known prefix, or an absolute IRI; else undefined. */
function compactIri(active: PlainContext, value: string): string | undefined {
  const colon = value.indexOf(':');
  if (colon <= 0) return undefined;
  const prefix = value.slice(0, colon);
  const suffix = value.slice(colon + 1);
  if (prefix === '_' || suffix.startsWith('//')) return ABSOLUTE_IRI.test(value) && prefix !== '_' ? value : undefined;
  const mapping = active.get(prefix);
  if (mapping?.prefix === true) return mapping.iri + suffix;
  return ABSOLUTE_IRI.test(value) ? value : undefined;
}

/** An @id or @id-coerced value: compact or absolute IRI, or `#fragment` against the base. */
function nodeIri(active: PlainContext, value: string, base: string): string {
  const iri = value.startsWith('#') ? base + value : compactIri(active, value);
  if (iri === undefined || !ABSOLUTE_IRI.test(iri) || iri.startsWith('_:') || value.startsWith('@')) return decline();
  return iri;
}

/** An @type or @vocab-coerced value: a term, a compact or an absolute IRI. */
function vocabIri(active: PlainContext, value: string): string {
  const term = active.get(value);
  const iri = term !== undefined ? term.iri : compactIri(active, value);
  if (iri === undefined || iri.startsWith('@') || !ABSOLUTE_IRI.test(iri) || iri.startsWith('_:')) return decline();
  return iri;
}

/** jsonld's node map (labels in depth-first order, duplicate values merged) and its quad order. */
function toQuads(roots: readonly Node[]): PlainQuad[] {
  let next = 0;
  const subjects = new Map<string, Map<string, PlainTermOut[]>>();
  const seen = new Map<string, Set<string>>();
  const visit = (node: Node): string => {
    const name = node.id ?? `_:b${next++}`;
    let props = subjects.get(name);
    if (props === undefined) subjects.set(name, (props = new Map()));
    const add = (property: string, object: PlainTermOut, key: string): void => {
      const dedup = `${name}\u0000${property}`;
      let keys = seen.get(dedup);
      if (keys === undefined) seen.set(dedup, (keys = new Set()));
      if (keys.has(key)) return;
      keys.add(key);
      const list = props.get(property);
      if (list === undefined) props.set(property, [object]);
      else list.push(object);
    };
    for (const t of node.types) add('@type', { termType: 'NamedNode', value: t }, `i${t}`);
    for (const property of [...node.properties.keys()].sort()) {
      for (const value of node.properties.get(property)!) {
        if ('node' in value) {
          const id = value.node.id === undefined || value.node.properties.size > 0 || value.node.types.length > 0 ? visit(value.node) : value.node.id;
          add(property, id.startsWith('_:') ? { termType: 'BlankNode', value: id.slice(2) } : { termType: 'NamedNode', value: id }, `i${id}`);
        } else {
          add(property, literalTerm(value.literal, value.datatype), `v${typeof value.literal}\u0000${String(value.literal)}\u0000${value.datatype ?? ''}`);
        }
      }
    }
    return name;
  };
  for (const root of roots) visit(root);
  const quads: PlainQuad[] = [];
  for (const id of [...subjects.keys()].sort()) {
    const props = subjects.get(id)!;
    const subject: PlainTermOut = id.startsWith('_:') ? { termType: 'BlankNode', value: id.slice(2) } : { termType: 'NamedNode', value: id };
    for (const property of [...props.keys()].sort()) {
      const predicate: PlainTermOut = { termType: 'NamedNode', value: property === '@type' ? RDF_TYPE : property };
      for (const object of props.get(property)!) quads.push({ subject, predicate, object });
    }
  }
  return quads;
}

/** jsonld's literal forms: booleans and numbers in their canonical XSD lexical form. */
function literalTerm(value: string | number | boolean, datatype: string | undefined): PlainTermOut {
  const literal = (text: string, type: string): PlainTermOut => ({ termType: 'Literal', value: text, datatype: { value: type } });
  if (typeof value === 'boolean') return literal(String(value), datatype ?? `${XSD}boolean`);
  const isDouble = typeof value === 'number' && (String(value).includes('.') || Math.abs(value) >= 1e21);
  if (isDouble || datatype === `${XSD}double`) {
    const n = typeof value === 'number' ? value : Number.parseFloat(value);
    return literal(n.toExponential(15).replace(/(\d)0*e\+?/, '$1E'), datatype ?? `${XSD}double`);
  }
  if (typeof value === 'number') return literal(value.toFixed(0), datatype ?? `${XSD}integer`);
  return literal(value, datatype ?? `${XSD}string`);
}
