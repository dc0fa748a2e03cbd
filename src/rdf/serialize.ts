import type { Quad, Term } from '@rdfjs/types';
import { DataFactory, Writer } from 'n3';
import { emptyDict, own } from '../util/own.js';

export type RdfFormat = 'turtle' | 'nquads' | 'trig';

const WRITER_FORMAT: Record<RdfFormat, string> = { turtle: 'Turtle', nquads: 'N-Quads', trig: 'TriG' };
const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string';
const RDF_LANG_STRING = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString';

const ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

function escapeString(value: string): string {
  return value.replace(/["\\\n\r\t\b\f]/g, (c) => ESCAPES[c] ?? c);
}

/**
 * The N-Triples form of a term: `<iri>`, `_:label`, `"text"`, `"text"@lang`, `"text"^^<datatype>`;
 * the default graph is the empty string and a variable is `?name`.
 */
export function termToNTriples(term: Term): string {
  switch (term.termType) {
    case 'NamedNode':
      return `<${term.value}>`;
    case 'BlankNode':
      return `_:${term.value}`;
    case 'Literal': {
      const text = `"${escapeString(term.value)}"`;
      if (term.language !== '') return `${text}@${term.language}`;
      const dt = term.datatype.value;
      return dt === XSD_STRING || dt === RDF_LANG_STRING ? text : `${text}^^<${dt}>`;
    }
    case 'DefaultGraph':
      return '';
    case 'Variable':
      return `?${term.value}`;
    case 'Quad':
      return `<< ${termToNTriples(term.subject)} ${termToNTriples(term.predicate)} ${termToNTriples(term.object)} >>`;
  }
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sorts by graph, subject, predicate, object (N-Triples forms) and drops exact duplicates. */
export function sortQuads(quads: readonly Quad[]): Quad[] {
  const keyed = quads.map((q) => ({
    q,
    k: [q.graph, q.subject, q.predicate, q.object].map(termToNTriples),
  }));
  keyed.sort((a, b) => {
    for (let i = 0; i < 4; i += 1) {
      const c = compareStrings(a.k[i] ?? '', b.k[i] ?? '');
      if (c !== 0) return c;
    }
    return 0;
  });
  const out: Quad[] = [];
  let previous: string | undefined;
  for (const { q, k } of keyed) {
    const key = k.join(' ');
    if (key !== previous) out.push(q);
    previous = key;
  }
  return out;
}

function iriValues(quad: Quad): string[] {
  const values: string[] = [];
  for (const term of [quad.subject, quad.predicate, quad.object, quad.graph]) {
    if (term.termType === 'NamedNode') values.push(term.value);
    else if (term.termType === 'Literal') values.push(term.datatype.value);
  }
  return values;
}

/** The prefixes some IRI of the quads starts with, sorted by name. */
function usedPrefixes(quads: readonly Quad[], prefixes: Readonly<Record<string, string>>): Record<string, string> {
  const iris = new Set<string>();
  for (const quad of quads) for (const iri of iriValues(quad)) iris.add(iri);
  const used = emptyDict<string>();
  for (const name of Object.keys(prefixes).sort()) {
    const ns = own(prefixes, name);
    if (ns === undefined || ns === '') continue;
    for (const iri of iris) {
      if (iri.startsWith(ns) && iri.length > ns.length) {
        used[name] = ns;
        break;
      }
    }
  }
  return used;
}

/**
 * Serializes quads deterministically: same quads (in any order), same text. Turtle has no named
 * graphs, so `turtle` writes every quad into the default graph (duplicates merge); N-Quads carries
 * no prefixes. Turtle and TriG declare only the prefixes the quads use.
 */
export function serializeQuads(quads: readonly Quad[], format: RdfFormat, prefixes: Readonly<Record<string, string>>): Promise<string> {
  const input = format === 'turtle' ? quads.map((q) => DataFactory.quad(q.subject, q.predicate, q.object)) : quads;
  const sorted = sortQuads(input);
  const writer = new Writer({
    format: WRITER_FORMAT[format],
    ...(format === 'nquads' ? {} : { prefixes: usedPrefixes(sorted, prefixes) }),
  });
  for (const quad of sorted) writer.addQuad(quad);
  return new Promise((resolve, reject) => {
    writer.end((error: Error | null, result: string) => {
      if (error) reject(error);
      else resolve(result);
    });
  });
}
