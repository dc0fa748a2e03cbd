// Schema-aware SPARQL search for any Markdown-LD graph: the request and the schema profile are
// compiled into one bounded SELECT (text predicates with CONTAINS filters, relationship
// predicates for related nodes, VALUES over candidate subjects from a subject index), run by the
// SPARQL engine locally or through SERVICE on allowlisted endpoints.
import type { KnowledgeGraph } from '../../graph/knowledge-graph.js';
import { MdkgError, type Diagnostic } from '../../errors.js';
import { DEFAULT_PREFIXES, compactIri } from '../../rdf/namespaces.js';
import { DataFactory } from 'n3';
import { Generator, type Expression, type Pattern, type SelectQuery, type VariableTerm } from 'sparqljs';
import type { QueryOptions, QueryResult } from '../../sparql/run.js';
import { prepareQuery } from '../request/normalize-query.js';
import { subjectIndexOf, type SubjectIndex } from './subject-index.js';
import { tokenize } from '../text/tokenize.js';

export interface GraphSearchOptions {
  /** Matches to return (default 10, at most 100). */
  limit?: number;
  /** Federate to these SPARQL endpoints (each must be allowlisted) instead of the local graph. */
  services?: readonly string[];
  allowServices?: readonly string[];
  timeoutMs?: number;
  /** Runs the compiled query elsewhere (a SPARQL server: mdkg serve --endpoint); default: the graph's own engine. */
  run?: (sparql: string, options: QueryOptions) => Promise<QueryResult>;
}

export interface GraphMatch {
  iri: string;
  id: string;
  score: number;
  /** Query words found, with the predicates whose text contained them. */
  matched: { word: string; predicates: string[] }[];
  /** Nodes linked to the match through the profile's relationship predicates. */
  related: { predicate: string; node: string }[];
  /** The endpoint it came from; absent for the local graph. */
  service?: string;
}

export interface GraphSearchResult {
  query: string;
  words: string[];
  matches: GraphMatch[];
  sparql: string;
  diagnostics: Diagnostic[];
}

const MAX_WORDS = 8;
const MAX_CANDIDATES = 200;

/** Lower-case search words: for each token the shorter of its surface and its stem when one prefixes the other. */
export function searchWords(text: string): { word: string; term: string }[] {
  const out = new Map<string, string>();
  for (const t of tokenize(text)) {
    const surface = t.surface.toLowerCase();
    const word = t.kind === 'word' && surface.startsWith(t.term) ? t.term : surface;
    if (word.length > 0 && !out.has(word)) out.set(word, t.term);
  }
  return [...out].slice(0, MAX_WORDS).map(([word, term]) => ({ word, term }));
}

const v = (name: string): VariableTerm => DataFactory.variable(name) as VariableTerm;
const op = (operator: string, ...args: Expression[]): Expression => ({ type: 'operation', operator, args });
const valuesOf = (name: string, iris: readonly string[]): Pattern => ({
  type: 'values',
  values: iris.map((iri) => ({ [`?${name}`]: DataFactory.namedNode(iri) })),
});

/**
 * Compiles one bounded SELECT over the candidates (local) or over a SERVICE endpoint. The query is
 * built from RDF terms and written by the sparqljs generator: no IRI or word from a document or a
 * request is ever pasted into the query text, so none can change what the query says.
 */
export function compileGraphSearch(words: readonly string[], index: SubjectIndex, candidates: readonly string[], limit: number, service?: string): string {
  const contains = words.map((w) => op('contains', op('lcase', op('str', v('text'))), DataFactory.literal(w)));
  const anyWord = contains.reduce((a, b) => op('||', a, b));
  const textGroup: Pattern = {
    type: 'group',
    patterns: [
      valuesOf('p', index.textPredicates),
      { type: 'bgp', triples: [{ subject: v('s'), predicate: v('p'), object: v('text') }] },
      { type: 'filter', expression: op('&&', op('isliteral', v('text')), anyWord) },
    ],
  };
  const relGroup: Pattern = {
    type: 'group',
    patterns: [
      valuesOf('rel', index.relationPredicates),
      { type: 'bgp', triples: [{ subject: v('s'), predicate: v('rel'), object: v('o') }] },
      { type: 'filter', expression: op('isiri', v('o')) },
    ],
  };
  const body: Pattern[] = [
    ...(service === undefined ? [valuesOf('s', candidates)] : []),
    index.relationPredicates.length === 0 ? textGroup : { type: 'union', patterns: [textGroup, relGroup] },
  ];
  const where: Pattern[] = service === undefined ? body : [{ type: 'service', name: DataFactory.namedNode(service), silent: false, patterns: body }];
  const query: SelectQuery = {
    type: 'query',
    queryType: 'SELECT',
    prefixes: {},
    variables: ['s', 'p', 'text', 'rel', 'o'].map(v),
    where,
    limit: Math.max(100, limit * 50),
  };
  return new Generator().stringify(query);
}

function collect(result: QueryResult, words: readonly string[], service: string | undefined, into: Map<string, GraphMatch>): void {
  if (result.kind !== 'bindings') return;
  for (const row of result.rows) {
    const s = row.s;
    if (s === undefined || s.termType !== 'NamedNode') continue;
    let match = into.get(s.value);
    if (match === undefined) {
      match = { iri: s.value, id: compactIri(s.value, DEFAULT_PREFIXES), score: 0, matched: [], related: [], ...(service === undefined ? {} : { service }) };
      into.set(s.value, match);
    }
    const p = row.p;
    const text = row.text;
    if (p !== undefined && text !== undefined) {
      const lower = text.value.toLowerCase();
      for (const word of words) {
        if (!lower.includes(word)) continue;
        const pred = compactIri(p.value, DEFAULT_PREFIXES);
        const entry = match.matched.find((m) => m.word === word);
        if (entry === undefined) match.matched.push({ word, predicates: [pred] });
        else if (!entry.predicates.includes(pred)) entry.predicates.push(pred);
      }
    }
    const rel = row.rel;
    const o = row.o;
    if (rel !== undefined && o !== undefined && match.related.length < 20) {
      match.related.push({ predicate: compactIri(rel.value, DEFAULT_PREFIXES), node: compactIri(o.value, DEFAULT_PREFIXES) });
    }
  }
}

/** Searches any graph through SPARQL; see the module comment. */
export async function graphSearch(kg: KnowledgeGraph, query: string, options: GraphSearchOptions = {}): Promise<GraphSearchResult> {
  const limit = options.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new MdkgError('MDKG_USAGE', `limit must be an integer from 1 to 100, got ${String(limit)}`);
  const prepared = prepareQuery(query);
  const diagnostics = [...prepared.diagnostics];
  const pairs = searchWords(prepared.text);
  const words = pairs.map((p) => p.word);
  const termOf = new Map(pairs.map((p) => [p.word, p.term]));
  const empty: GraphSearchResult = { query, words, matches: [], sparql: '', diagnostics };
  if (words.length === 0) return empty;
  const index = subjectIndexOf(kg);
  if (index.textPredicates.length === 0) {
    diagnostics.push({ code: 'MDKG_INDEX_EMPTY', severity: 'error', message: 'the graph has no text to search (no literal predicates)' });
    return empty;
  }
  const queries: { sparql: string; service?: string }[] = [];
  if (options.services === undefined || options.services.length === 0) {
    const candidates = index.candidates(
      pairs.map((p) => p.term),
      MAX_CANDIDATES,
    );
    if (candidates.length === 0) return empty;
    queries.push({ sparql: compileGraphSearch(words, index, candidates, limit) });
  } else {
    for (const service of options.services) queries.push({ sparql: compileGraphSearch(words, index, [], limit, service), service });
  }
  const found = new Map<string, GraphMatch>();
  for (const q of queries) {
    const result = await (options.run ?? ((text: string, o: QueryOptions) => kg.query(text, o)))(q.sparql, {
      allowServices: [...(options.allowServices ?? [])],
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    });
    diagnostics.push(...result.warnings);
    collect(result, words, q.service, found);
  }
  for (const m of found.values()) {
    m.score = m.matched.reduce((sum, x) => sum + index.weight(termOf.get(x.word) ?? x.word) * (1 + 0.25 * (x.predicates.length - 1)), 0);
  }
  const matches = [...found.values()]
    .filter((m) => m.matched.length > 0)
    .sort((a, b) => b.score - a.score || (a.iri < b.iri ? -1 : 1))
    .slice(0, limit);
  for (const m of matches) m.score = Math.round(m.score * 1e4) / 1e4;
  return { query, words, matches, sparql: queries.map((q) => q.sparql).join('\n\n'), diagnostics };
}
