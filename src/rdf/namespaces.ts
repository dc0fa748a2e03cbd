import { dict } from '../util/own.js';

/** IRIs of the vocabularies mdkg uses. Prefixes here match schemas/context.jsonld. */
export const MDKG = 'https://w3id.org/mdkg/vocab#';
export const SCHEMA = 'https://schema.org/';
export const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
export const RDFS = 'http://www.w3.org/2000/01/rdf-schema#';
export const XSD = 'http://www.w3.org/2001/XMLSchema#';

export const RDF_TYPE = `${RDF}type`;

/** Prefixes known to every graph: the default context's, plus the usual RDF ones. */
export const DEFAULT_PREFIXES: Readonly<Record<string, string>> = dict({
  mdkg: MDKG,
  schema: SCHEMA,
  rdf: RDF,
  rdfs: RDFS,
  xsd: XSD,
  owl: 'http://www.w3.org/2002/07/owl#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  dcterms: 'http://purl.org/dc/terms/',
  prov: 'http://www.w3.org/ns/prov#',
  doc: 'https://w3id.org/mdkg/doc/',
  concept: 'https://w3id.org/mdkg/concept/',
  tool: 'https://w3id.org/mdkg/tool/',
  code: 'https://w3id.org/mdkg/code/',
});

/** Shortens an IRI with the longest matching prefix, or returns it in angle brackets. */
export function compactIri(iri: string, prefixes: Readonly<Record<string, string>>): string {
  let best: [string, string] | undefined;
  for (const [prefix, ns] of Object.entries(prefixes)) {
    if (iri.startsWith(ns) && (best === undefined || ns.length > best[1].length)) best = [prefix, ns];
  }
  if (best === undefined) return `<${iri}>`;
  const local = iri.slice(best[1].length);
  return /^[A-Za-z0-9_][A-Za-z0-9_.\-/]*$/.test(local) && !local.endsWith('.') ? `${best[0]}:${local}` : `<${iri}>`;
}
