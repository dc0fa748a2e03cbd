import { DataFactory } from 'n3';
import type { Quad, Term } from '@rdfjs/types';
import { XSD } from './namespaces.js';

const { namedNode, blankNode, literal, quad } = DataFactory;
const XSD_STRING = `${XSD}string`;

/** A document's quads in a compact, JSON-friendly form: a term table and s,p,o index triples. */
export interface EncodedQuads {
  terms: string[];
  spo: number[];
}

/** `N<iri>`, `B<label>`, `S<string>`, `L<lang> <value>`, `T<datatype> <value>`. */
export function encodeTerm(term: Term): string {
  switch (term.termType) {
    case 'NamedNode':
      return `N${term.value}`;
    case 'BlankNode':
      return `B${term.value}`;
    case 'Literal':
      if (term.language !== '') return `L${term.language} ${term.value}`;
      return term.datatype.value === XSD_STRING ? `S${term.value}` : `T${term.datatype.value} ${term.value}`;
    default:
      throw new TypeError(`cannot encode a ${term.termType} term`);
  }
}

export function decodeTerm(code: string): Term {
  const kind = code.charCodeAt(0);
  const rest = code.slice(1);
  if (kind === 78 /* N */) return namedNode(rest);
  if (kind === 66 /* B */) return blankNode(rest);
  if (kind === 83 /* S */) return literal(rest);
  const space = rest.indexOf(' ');
  if (space === -1) throw new TypeError(`bad term code ${JSON.stringify(code.slice(0, 40))}`);
  if (kind === 76 /* L */) return literal(rest.slice(space + 1), rest.slice(0, space));
  if (kind === 84 /* T */) return literal(rest.slice(space + 1), namedNode(rest.slice(0, space)));
  throw new TypeError(`bad term code ${JSON.stringify(code.slice(0, 40))}`);
}

/** Encodes quads of one graph (the graph itself is implied by the document). */
export function encodeQuads(quads: readonly Quad[]): EncodedQuads {
  const index = new Map<string, number>();
  const terms: string[] = [];
  const spo: number[] = [];
  const id = (term: Term): number => {
    const code = encodeTerm(term);
    let n = index.get(code);
    if (n === undefined) {
      n = terms.length;
      terms.push(code);
      index.set(code, n);
    }
    return n;
  };
  for (const q of quads) spo.push(id(q.subject), id(q.predicate), id(q.object));
  return { terms, spo };
}

/**
 * Decodes quads into `graph`. `shared` memoizes terms across documents so equal terms are one object.
 * Throws TypeError on malformed input: callers treat that as a corrupt cache.
 */
export function decodeQuads(encoded: EncodedQuads, graph: Term, shared: Map<string, Term>): Quad[] {
  const terms = encoded.terms.map((code) => {
    let term = shared.get(code);
    if (term === undefined) {
      term = decodeTerm(code);
      shared.set(code, term);
    }
    return term;
  });
  const { spo } = encoded;
  if (spo.length % 3 !== 0) throw new TypeError('bad quad table length');
  const quads: Quad[] = [];
  for (let i = 0; i < spo.length; i += 3) {
    const s = terms[spo[i] as number];
    const p = terms[spo[i + 1] as number];
    const o = terms[spo[i + 2] as number];
    if (s === undefined || p === undefined || o === undefined || p.termType !== 'NamedNode' || s.termType === 'Literal') throw new TypeError('bad quad index');
    quads.push(quad(s as Quad['subject'], p, o as Quad['object'], graph as Quad['graph']));
  }
  return quads;
}
