import { DataFactory } from 'n3';
import type { Quad, Term } from '@rdfjs/types';
import { XSD } from './namespaces.js';

const { namedNode, blankNode, literal } = DataFactory;
const XSD_STRING = `${XSD}string`;

/** A document's quads in a compact, JSON-friendly form: a term table and s,p,o index triples. */
export interface EncodedQuads {
  terms: string[];
  spo: number[];
}

/**
 * Term codes by index: an array, or a table that decodes each code from its text on first use
 * (the parse cache's, cache.ts), so a load touches only the codes something asks for.
 */
export interface CodeList {
  readonly length: number;
  at(index: number): string | undefined;
  /** Every code at once, when the table can decode them faster together than one by one. */
  decodeAll?(): string[];
}

/**
 * A document's quads as s,p,o ids into a term table many documents share (the parse cache's): each
 * term is decoded once per load, however many documents use it. Duplicate-free by construction.
 */
export interface SharedQuads {
  table: CodeList;
  spo: Uint32Array;
  /** Where the table holds the code of the document's own IRI (its graph), when it does. */
  graph?: number;
}

/** A document's quads as the parse cache hands them to the store. */
export type StoredQuads = EncodedQuads | SharedQuads;

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

const RDF_LANG_STRING = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString';

/**
 * True when `code` is what `encodeTerm(decodeTerm(code))` gives, decided on the text alone: a store
 * interns such a code as it is, without building its term. Codes of IRIs, blank nodes and plain
 * strings always are; a language tag must be non-empty and lower case; a datatype must not be
 * xsd:string or rdf:langString (decoding may normalise those). Anything else is decoded to check.
 */
export function canonicalCode(code: string): boolean {
  const kind = code.charCodeAt(0);
  if (kind === 78 /* N */ || kind === 66 /* B */ || kind === 83 /* S */) return true;
  const space = code.indexOf(' ');
  if (space < 2) return false;
  const tag = code.slice(1, space);
  if (kind === 76 /* L */) return /^[a-z0-9-]+$/.test(tag);
  return kind === 84 /* T */ && tag !== XSD_STRING && tag !== RDF_LANG_STRING;
}

/** A growing term table: `id(code)` is the code's index in `terms`, added on first sight. */
export function termTable(terms: string[] = []): { terms: string[]; id: (code: string) => number } {
  const index = new Map<string, number>(terms.map((code, i) => [code, i]));
  const id = (code: string): number => {
    let n = index.get(code);
    if (n === undefined) {
      n = terms.length;
      terms.push(code);
      index.set(code, n);
    }
    return n;
  };
  return { terms, id };
}

/** Encodes quads of one graph (the graph itself is implied by the document). */
export function encodeQuads(quads: readonly Quad[]): EncodedQuads {
  const { terms, id } = termTable();
  const spo: number[] = [];
  for (const q of quads) spo.push(id(encodeTerm(q.subject)), id(encodeTerm(q.predicate)), id(encodeTerm(q.object)));
  return { terms, spo };
}
