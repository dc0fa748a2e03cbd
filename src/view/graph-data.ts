// The graph as the view sees it: a table of terms and a flat array of triples that point into it,
// built once from the store. The server answers /api/node from it, and `mdkg view --static` embeds
// it in the page, where the same code (neighbourhood.ts) runs in the browser. Plain data only: this
// file and neighbourhood.ts import nothing that needs Node, so the page bundle can include them.

/** A term: `I<iri>`, `B<label>`, or `L<lexical>` + (`\u0000@<lang>` | `\u0000^<datatype IRI>`). */
export type TermCode = string;

export interface ViewDocument {
  iri: string;
  /** Path under the graph folder, `/`-separated. */
  path: string;
  title?: string;
}

export interface GraphData {
  terms: TermCode[];
  /** s, p, o, g: four term indexes per triple. */
  triples: number[];
  documents: ViewDocument[];
  prefixes: Record<string, string>;
}

export interface TermView {
  kind: 'iri' | 'blank' | 'literal';
  value: string;
  lang?: string;
  datatype?: string;
}

export function decodeTerm(code: TermCode): TermView {
  const kind = code[0];
  const rest = code.slice(1);
  if (kind === 'I') return { kind: 'iri', value: rest };
  if (kind === 'B') return { kind: 'blank', value: rest };
  const cut = rest.indexOf('\u0000');
  if (cut === -1) return { kind: 'literal', value: rest };
  const tail = rest.slice(cut + 2);
  return rest[cut + 1] === '@' ? { kind: 'literal', value: rest.slice(0, cut), lang: tail } : { kind: 'literal', value: rest.slice(0, cut), datatype: tail };
}

/** The code of an RDF/JS-like term (NamedNode, BlankNode, Literal). */
export function encodeTerm(term: { termType: string; value: string; language?: string; datatype?: { value: string } }): TermCode {
  if (term.termType === 'NamedNode') return `I${term.value}`;
  if (term.termType === 'BlankNode') return `B${term.value}`;
  if (term.language !== undefined && term.language !== '') return `L${term.value}\u0000@${term.language}`;
  const datatype = term.datatype?.value;
  return datatype === undefined || datatype === 'http://www.w3.org/2001/XMLSchema#string' ? `L${term.value}` : `L${term.value}\u0000^${datatype}`;
}

/** Shortens an IRI with the longest matching prefix (`tool:x`), else returns it whole. */
export function shortIri(iri: string, prefixes: Readonly<Record<string, string>>): string {
  let best: [string, string] | undefined;
  for (const [prefix, ns] of Object.entries(prefixes)) if (iri.startsWith(ns) && (best === undefined || ns.length > best[1].length)) best = [prefix, ns];
  return best === undefined ? iri : `${best[0]}:${iri.slice(best[1].length)}`;
}
