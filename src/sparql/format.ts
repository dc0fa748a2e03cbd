import type { Term } from '@rdfjs/types';
import { XSD, compactIri } from '../rdf/namespaces.js';
import { renderTable } from '../util/table.js';
import { termToNTriples } from '../rdf/serialize.js';
import { emptyDict } from '../util/own.js';

export type BindingsFormat = 'table' | 'json' | 'csv' | 'tsv';

/** A SELECT or ASK result (a QueryResult of kind bindings or boolean). */
export type TabularResult =
  | { kind: 'bindings'; variables: readonly string[]; rows: ReadonlyArray<Readonly<Record<string, Term>>>; truncated?: boolean }
  | { kind: 'boolean'; value: boolean };

const XSD_STRING = `${XSD}string`;
const RDF_LANG_STRING = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString';

/** SPARQL 1.1 Query Results JSON term. */
type JsonTerm =
  | { type: 'uri' | 'bnode'; value: string }
  | { type: 'literal'; value: string; 'xml:lang'?: string; datatype?: string }
  | { type: 'triple'; value: { subject: JsonTerm; predicate: JsonTerm; object: JsonTerm } };

function jsonTerm(term: Term): JsonTerm {
  switch (term.termType) {
    case 'NamedNode':
      return { type: 'uri', value: term.value };
    case 'BlankNode':
      return { type: 'bnode', value: term.value };
    case 'Literal': {
      if (term.language !== '') return { type: 'literal', value: term.value, 'xml:lang': term.language };
      const dt = term.datatype.value;
      return dt === XSD_STRING || dt === RDF_LANG_STRING ? { type: 'literal', value: term.value } : { type: 'literal', value: term.value, datatype: dt };
    }
    case 'Quad':
      return { type: 'triple', value: { subject: jsonTerm(term.subject), predicate: jsonTerm(term.predicate), object: jsonTerm(term.object) } };
    default:
      return { type: 'literal', value: term.value };
  }
}

/** For people: compact IRIs (`schema:name`), plain literal text, `_:b` blank nodes. */
function tableCell(term: Term | undefined, prefixes: Readonly<Record<string, string>>): string {
  if (term === undefined) return '';
  switch (term.termType) {
    case 'NamedNode':
      return compactIri(term.value, prefixes);
    case 'BlankNode':
      return `_:${term.value}`;
    case 'Literal':
      return term.value;
    case 'Quad':
      return `<< ${[term.subject, term.predicate, term.object].map((t) => tableCell(t, prefixes)).join(' ')} >>`;
    default:
      return termToNTriples(term);
  }
}

function formatTable(result: Extract<TabularResult, { kind: 'bindings' }>, prefixes: Readonly<Record<string, string>>): string {
  const n = result.rows.length;
  const count = `${n} ${n === 1 ? 'row' : 'rows'}${result.truncated === true ? ' (truncated: more results exist; raise the limit to see them)' : ''}\n`;
  if (result.variables.length === 0) return count;
  const body = result.rows.map((row) => result.variables.map((v) => tableCell(row[v], prefixes)));
  return (
    renderTable(
      result.variables.map((v) => `?${v}`),
      body,
    ) + count
  );
}

/** RFC 4180 field: quoted when it holds a quote, comma, CR or LF; quotes doubled. */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** SPARQL CSV value: IRI and literal as plain text (lossy), blank node as `_:label`. */
function csvValue(term: Term | undefined): string {
  if (term === undefined) return '';
  if (term.termType === 'BlankNode') return `_:${term.value}`;
  if (term.termType === 'Quad') return `<< ${termToNTriples(term.subject)} ${termToNTriples(term.predicate)} ${termToNTriples(term.object)} >>`;
  return term.value;
}

/**
 * Formats a SELECT or ASK result. `table`: aligned text with compacted IRIs and a row count;
 * `json`: SPARQL 1.1 Query Results JSON; `csv` and `tsv`: SPARQL 1.1 Query Results CSV (CRLF line
 * ends) and TSV (terms in N-Triples form, `?var` header). An ASK result is `true` or `false` in
 * table, csv and tsv, and `{"head":{},"boolean":...}` in json. Every output ends with a line break.
 */
export function formatBindings(result: TabularResult, format: BindingsFormat, prefixes: Readonly<Record<string, string>>): string {
  if (result.kind === 'boolean') {
    return format === 'json' ? `${JSON.stringify({ head: {}, boolean: result.value }, null, 2)}\n` : `${result.value}\n`;
  }
  const vars = result.variables;
  switch (format) {
    case 'table':
      return formatTable(result, prefixes);
    case 'json': {
      const bindings = result.rows.map((row) => {
        const out = emptyDict<JsonTerm>();
        for (const v of vars) {
          const term = row[v];
          if (term !== undefined) out[v] = jsonTerm(term);
        }
        return out;
      });
      return `${JSON.stringify({ head: { vars: [...vars] }, results: { bindings } }, null, 2)}\n`;
    }
    case 'csv': {
      const body = result.rows.map((row) => vars.map((v) => csvField(csvValue(row[v]))).join(','));
      return [vars.join(','), ...body].map((l) => `${l}\r\n`).join('');
    }
    case 'tsv': {
      const cell = (term: Term | undefined): string => (term === undefined ? '' : termToNTriples(term));
      const body = result.rows.map((row) => vars.map((v) => cell(row[v])).join('\t'));
      return [vars.map((v) => `?${v}`).join('\t'), ...body].map((l) => `${l}\n`).join('');
    }
  }
}
