import type { Quad, Term } from '@rdfjs/types';
import { RDF_TYPE } from './namespaces.js';

export interface ClassUsage {
  iri: string;
  /** Number of distinct subjects typed with this class. */
  instances: number;
}

export interface PredicateUsage {
  iri: string;
  /** Number of triples using the predicate. */
  triples: number;
  /** Triples whose object is a literal. */
  literalObjects: number;
  /** Triples whose object is an IRI or blank node. */
  resourceObjects: number;
}

/** What the graph actually contains: the basis of schema-aware SPARQL and search field choice. */
export interface SchemaProfile {
  classes: ClassUsage[];
  predicates: PredicateUsage[];
  prefixes: Record<string, string>;
  documents: number;
  triples: number;
  graphs: number;
}

function isResource(term: Term): boolean {
  return term.termType === 'NamedNode' || term.termType === 'BlankNode';
}

/** Computes the profile in one pass over the store. Sorted by IRI for stable output. */
export function computeSchemaProfile(
  store: { readQuads(s: null, p: null, o: null, g: null): Iterable<Quad> },
  prefixes: Record<string, string>,
  documents: number,
): SchemaProfile {
  const predicates = new Map<string, PredicateUsage>();
  const classes = new Map<string, Set<string>>();
  const graphs = new Set<string>();
  let triples = 0;
  for (const quad of store.readQuads(null, null, null, null)) {
    triples += 1;
    graphs.add(quad.graph.value);
    const p = quad.predicate.value;
    let usage = predicates.get(p);
    if (usage === undefined) {
      usage = { iri: p, triples: 0, literalObjects: 0, resourceObjects: 0 };
      predicates.set(p, usage);
    }
    usage.triples += 1;
    if (isResource(quad.object)) usage.resourceObjects += 1;
    else usage.literalObjects += 1;
    if (p === RDF_TYPE && quad.object.termType === 'NamedNode') {
      let subjects = classes.get(quad.object.value);
      if (subjects === undefined) {
        subjects = new Set();
        classes.set(quad.object.value, subjects);
      }
      subjects.add(quad.subject.value);
    }
  }
  const byIri = (a: { iri: string }, b: { iri: string }): number => (a.iri < b.iri ? -1 : a.iri > b.iri ? 1 : 0);
  return {
    classes: [...classes].map(([iri, s]) => ({ iri, instances: s.size })).sort(byIri),
    predicates: [...predicates.values()].sort(byIri),
    prefixes: { ...prefixes },
    documents,
    triples,
    graphs: graphs.size,
  };
}
