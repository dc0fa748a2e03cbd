import { RDF, RDFS } from '../rdf/namespaces.js';

const OWL = 'http://www.w3.org/2002/07/owl#';

/** RDF, RDFS and OWL predicates a query may use whether or not the graph has them. */
export const WELL_KNOWN_PREDICATES: ReadonlySet<string> = new Set([
  ...['type', 'first', 'rest', 'value', 'subject', 'predicate', 'object'].map((l) => RDF + l),
  ...['label', 'comment', 'subClassOf', 'subPropertyOf', 'domain', 'range', 'seeAlso', 'isDefinedBy', 'member'].map((l) => RDFS + l),
  ...['sameAs', 'equivalentClass', 'equivalentProperty', 'inverseOf', 'imports', 'versionInfo', 'deprecated', 'disjointWith'].map((l) => OWL + l),
]);

/** RDF, RDFS and OWL classes a query may use whether or not the graph has them. */
export const WELL_KNOWN_CLASSES: ReadonlySet<string> = new Set([
  ...['Property', 'List', 'Statement', 'Bag', 'Seq', 'Alt', 'langString', 'HTML', 'JSON'].map((l) => RDF + l),
  ...['Resource', 'Class', 'Literal', 'Datatype', 'Container', 'ContainerMembershipProperty'].map((l) => RDFS + l),
  ...['Class', 'Thing', 'Nothing', 'ObjectProperty', 'DatatypeProperty', 'AnnotationProperty', 'Ontology'].map((l) => OWL + l),
]);

/** rdf:_1, rdf:_2, ...: container membership properties. */
export function isContainerMembership(iri: string): boolean {
  return iri.startsWith(RDF) && /^_[1-9][0-9]*$/.test(iri.slice(RDF.length));
}
