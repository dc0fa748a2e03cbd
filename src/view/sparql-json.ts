// Query results as the SPARQL 1.1 Query Results JSON Format (what YASR and other SPARQL pages read),
// plus mdkg's `truncated` and `warnings`. CONSTRUCT and DESCRIBE graphs come as subject, predicate,
// object rows.
import type { Term } from '@rdfjs/types';
import type { Diagnostic } from '../errors.js';
import type { QueryResult } from '../sparql/run.js';

export type JsonTerm =
  | { type: 'uri'; value: string }
  | { type: 'bnode'; value: string }
  | { type: 'literal'; value: string; 'xml:lang'?: string; datatype?: string };

export interface SparqlJson {
  head: { vars: string[] };
  results?: { bindings: Array<Record<string, JsonTerm>> };
  boolean?: boolean;
  truncated: boolean;
  warnings: Diagnostic[];
}

const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string';

export function jsonTerm(term: Term): JsonTerm {
  if (term.termType === 'NamedNode') return { type: 'uri', value: term.value };
  if (term.termType === 'BlankNode') return { type: 'bnode', value: term.value };
  if (term.termType === 'Literal') {
    if (term.language !== '') return { type: 'literal', value: term.value, 'xml:lang': term.language };
    return term.datatype.value === XSD_STRING ? { type: 'literal', value: term.value } : { type: 'literal', value: term.value, datatype: term.datatype.value };
  }
  return { type: 'literal', value: term.value };
}

export function sparqlJson(result: QueryResult): SparqlJson {
  if (result.kind === 'boolean') return { head: { vars: [] }, boolean: result.value, truncated: false, warnings: result.warnings };
  if (result.kind === 'quads') {
    const bindings = result.quads.map((q) => ({ subject: jsonTerm(q.subject), predicate: jsonTerm(q.predicate), object: jsonTerm(q.object) }));
    return { head: { vars: ['subject', 'predicate', 'object'] }, results: { bindings }, truncated: result.truncated, warnings: result.warnings };
  }
  const bindings = result.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, t]) => [k, jsonTerm(t)])));
  return { head: { vars: result.variables }, results: { bindings }, truncated: result.truncated, warnings: result.warnings };
}
