// A term index over every subject of a graph (not only tools), built once per load: it picks the
// candidate subjects that graph search binds with VALUES, so the SPARQL engine never scans.
import { DataFactory } from 'n3';
import type { KnowledgeGraph } from '../../graph/knowledge-graph.js';
import { MDKG, RDF_TYPE, XSD } from '../../rdf/namespaces.js';
import { idf } from '../text/idf.js';
import { tokenize } from '../text/tokenize.js';

export interface SubjectIndex {
  /** Predicates with string literal objects (provenance excluded), from the schema profile. */
  textPredicates: string[];
  /** Predicates linking resources (rdf:type and provenance excluded). */
  relationPredicates: string[];
  /** Subjects holding the most of the terms (rarer terms count more), best first. */
  candidates(terms: readonly string[], max: number): string[];
  /** Inverse document frequency of a term (1 for unknown terms). */
  weight(term: string): number;
}

const NOT_TEXT = new Set([`${MDKG}sourcePath`, `${MDKG}contentHash`, `${MDKG}generated`]);
const NOT_RELATION = new Set([RDF_TYPE]);
const STRINGS = new Set([`${XSD}string`, 'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString']);

const cache = new WeakMap<object, { store: unknown; version: number; index: SubjectIndex }>();

/**
 * The subject index of a graph, rebuilt when the store changed: its version changes on every
 * write (its size would not: renaming a title keeps the number of triples).
 */
export function subjectIndexOf(kg: KnowledgeGraph): SubjectIndex {
  const known = cache.get(kg);
  if (known !== undefined && known.store === kg.store && known.version === kg.store.version) return known.index;
  const index = buildSubjectIndex(kg);
  cache.set(kg, { store: kg.store, version: kg.store.version, index });
  return index;
}

function buildSubjectIndex(kg: KnowledgeGraph): SubjectIndex {
  const textPredicates: string[] = [];
  const relationPredicates: string[] = [];
  const postings = new Map<string, Set<string>>();
  const subjects = new Set<string>();
  for (const usage of kg.profile.predicates) {
    if (usage.resourceObjects > 0 && !NOT_RELATION.has(usage.iri) && !NOT_TEXT.has(usage.iri)) relationPredicates.push(usage.iri);
    if (usage.literalObjects === 0 || NOT_TEXT.has(usage.iri)) continue;
    let isText = false;
    for (const q of kg.store.getQuads(undefined, DataFactory.namedNode(usage.iri), undefined, undefined)) {
      if (q.object.termType !== 'Literal' || !STRINGS.has(q.object.datatype.value) || q.subject.termType !== 'NamedNode') continue;
      isText = true;
      subjects.add(q.subject.value);
      for (const t of tokenize(q.object.value)) {
        let set = postings.get(t.term);
        if (set === undefined) postings.set(t.term, (set = new Set()));
        set.add(q.subject.value);
      }
    }
    if (isText) textPredicates.push(usage.iri);
  }
  const n = Math.max(1, subjects.size);
  const weight = (term: string): number => {
    const df = postings.get(term)?.size ?? 0;
    return df === 0 ? 1 : idf(n, df);
  };
  return {
    textPredicates,
    relationPredicates,
    weight,
    candidates(terms, max) {
      const scores = new Map<string, number>();
      for (const term of new Set(terms)) {
        const w = weight(term);
        for (const s of postings.get(term) ?? []) scores.set(s, (scores.get(s) ?? 0) + w);
      }
      return [...scores]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, max)
        .map(([s]) => s);
    },
  };
}
