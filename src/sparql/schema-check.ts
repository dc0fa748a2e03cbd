import { distance } from 'fastest-levenshtein';
import type { SparqlQuery } from 'sparqljs';
import type { Diagnostic } from '../errors.js';
import { RDF_TYPE, compactIri } from '../rdf/namespaces.js';
import type { SchemaProfile } from '../rdf/schema-profile.js';
import { positionOf } from '../util/text-position.js';
import { findToken } from './text-position.js';
import { walkAst, type AstNode } from './walk.js';
import { WELL_KNOWN_CLASSES, WELL_KNOWN_PREDICATES, isContainerMembership } from './well-known-terms.js';

/** A vocabulary term a query matches against the local graph. */
export interface SchemaTermUse {
  iri: string;
  role: 'predicate' | 'class';
}

const MAX_SUGGESTIONS = 3;

function namedNodeValue(term: unknown): string | undefined {
  const t = term as { termType?: unknown; value?: unknown } | undefined;
  return t?.termType === 'NamedNode' && typeof t.value === 'string' ? t.value : undefined;
}

/** IRIs inside a property path (`schema:a/schema:b*`, `^p`, `!(p|q)`). */
function pathIris(path: unknown, out: string[]): void {
  const iri = namedNodeValue(path);
  if (iri !== undefined) out.push(iri);
  const items = (path as { type?: unknown; items?: unknown }).items;
  if ((path as { type?: unknown }).type === 'path' && Array.isArray(items)) for (const item of items) pathIris(item, out);
}

/**
 * Predicates (property paths included) and classes (IRI objects of rdf:type) the query matches
 * locally, in order of first use. SERVICE blocks belong to the remote graph and are skipped, and
 * so is a CONSTRUCT template (it builds triples, it does not match them).
 */
export function collectSchemaTerms(ast: SparqlQuery): SchemaTermUse[] {
  const uses = new Map<string, SchemaTermUse>();
  const add = (iri: string, role: SchemaTermUse['role']): void => {
    if (!uses.has(`${role} ${iri}`)) uses.set(`${role} ${iri}`, { iri, role });
  };
  const root: AstNode = { ...(ast as unknown as AstNode), template: undefined };
  walkAst(root, (node) => {
    if (node.type === 'service') return false;
    if (!('subject' in node && 'predicate' in node && 'object' in node)) return;
    const iris: string[] = [];
    pathIris(node.predicate, iris);
    for (const iri of iris) add(iri, 'predicate');
    const cls = namedNodeValue(node.object);
    if (namedNodeValue(node.predicate) === RDF_TYPE && cls !== undefined) add(cls, 'class');
  });
  return [...uses.values()];
}

/** The local part's length: what a typo is measured against. */
function localLength(compact: string): number {
  const m = /[^:/#<>]*>?$/.exec(compact);
  return Math.max((m?.[0] ?? compact).replace('>', '').length, 1);
}

/** Known terms closest to `iri` by edit distance over compacted forms, best first (at most 3). */
export function suggestTerms(iri: string, known: Iterable<string>, prefixes: Readonly<Record<string, string>>): string[] {
  const target = compactIri(iri, prefixes);
  const limit = Math.max(2, Math.ceil(localLength(target) * 0.4));
  const scored: Array<{ text: string; d: number }> = [];
  for (const candidate of known) {
    const text = compactIri(candidate, prefixes);
    if (candidate === iri) continue;
    // Case-only differences rank first; 0 is kept for identical forms, which cannot occur here.
    const d = distance(target.toLowerCase(), text.toLowerCase()) || 0.5;
    if (d <= limit) scored.push({ text, d });
  }
  scored.sort((a, b) => a.d - b.d || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  return scored.slice(0, MAX_SUGGESTIONS).map((s) => s.text);
}

/** Where the term is written in the query: `<iri>` or any `prefix:local` form. Best effort. */
function locate(query: string, iri: string, prefixes: Readonly<Record<string, string>>): { line: number; column: number } | undefined {
  const forms = [`<${iri}>`];
  for (const [prefix, ns] of Object.entries(prefixes)) if (iri.startsWith(ns)) forms.push(`${prefix}:${iri.slice(ns.length)}`);
  let best: number | undefined;
  for (const form of forms) {
    const at = findToken(query, form);
    if (at !== undefined && (best === undefined || at < best)) best = at;
  }
  return best === undefined ? undefined : positionOf(query, best);
}

/**
 * Warnings (MDKG_SPARQL_UNKNOWN_TERM) for predicates and classes the graph does not contain,
 * with did-you-mean suggestions. Well-known RDF, RDFS and OWL terms are never flagged.
 */
export function checkSchemaTerms(ast: SparqlQuery, profile: SchemaProfile, prefixes: Readonly<Record<string, string>>, query = ''): Diagnostic[] {
  const predicates = new Set([...profile.predicates.map((p) => p.iri), ...WELL_KNOWN_PREDICATES]);
  const classes = new Set([...profile.classes.map((c) => c.iri), ...WELL_KNOWN_CLASSES]);
  const diagnostics: Diagnostic[] = [];
  for (const use of collectSchemaTerms(ast)) {
    const known = use.role === 'predicate' ? predicates : classes;
    if (known.has(use.iri) || isContainerMembership(use.iri)) continue;
    const name = compactIri(use.iri, prefixes);
    const suggestions = suggestTerms(use.iri, known, prefixes);
    const what = use.role === 'predicate' ? 'no triple uses the predicate' : 'nothing is typed with the class';
    const hint = suggestions.length === 0 ? '' : ` Did you mean ${suggestions.join(', ')}?`;
    const at = locate(query, use.iri, prefixes);
    diagnostics.push({
      code: 'MDKG_SPARQL_UNKNOWN_TERM',
      severity: 'warning',
      message: `Unknown ${use.role} ${name}: ${what} in this graph.${hint}`,
      ...(at ?? {}),
    });
  }
  return diagnostics;
}
