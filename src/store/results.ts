// Answers of a SPARQL server, read strictly: SPARQL 1.1 Query Results JSON for SELECT and ASK,
// N-Triples or Turtle for CONSTRUCT and DESCRIBE. Anything else (an HTML error page, a cut body,
// JSON of another shape) is MDKG_STORE_BAD_ANSWER with the start of what came.
import type { Quad, Term } from '@rdfjs/types';
import { DataFactory, Parser } from 'n3';
import { MdkgError } from '../errors.js';
import { emptyDict } from '../util/own.js';
import { answerExcerpt } from './store-client.js';

const { namedNode, blankNode, literal } = DataFactory;
const XSD_BOOLEAN = 'http://www.w3.org/2001/XMLSchema#boolean';

const bad = (message: string, body: Buffer): MdkgError => new MdkgError('MDKG_STORE_BAD_ANSWER', `${message}: ${answerExcerpt(body)}`);

function toTerm(value: unknown, body: Buffer): Term {
  const t = value as { type?: unknown; value?: unknown; datatype?: unknown; 'xml:lang'?: unknown };
  if (t === null || typeof t !== 'object' || typeof t.value !== 'string') throw bad('a binding is not a SPARQL JSON term', body);
  switch (t.type) {
    case 'uri':
      return namedNode(t.value);
    case 'bnode':
      return blankNode(t.value);
    case 'literal':
    case 'typed-literal': {
      if (typeof t['xml:lang'] === 'string' && t['xml:lang'] !== '') return literal(t.value, t['xml:lang']);
      if (typeof t.datatype !== 'string') return literal(t.value);
      // Virtuoso writes booleans as 1 and 0: the same values as true and false, shown canonically.
      const value = t.datatype === XSD_BOOLEAN && (t.value === '1' || t.value === '0') ? String(t.value === '1') : t.value;
      return literal(value, namedNode(t.datatype));
    }
    default:
      throw bad(`a binding has an unknown term type ${JSON.stringify(t.type)}`, body);
  }
}

export type ParsedResults = { kind: 'bindings'; variables: string[]; rows: Array<Record<string, Term>> } | { kind: 'boolean'; value: boolean };

/** Reads SPARQL 1.1 Query Results JSON; `maxRows` rows at most are turned into terms (the rest are counted). */
export function parseResultsJson(body: Buffer, contentType: string | null, maxRows: number): ParsedResults & { total: number } {
  if (contentType !== null && !/json/i.test(contentType)) throw bad(`the server answered ${contentType}, not SPARQL results JSON`, body);
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw bad('the answer is not JSON', body);
  }
  const v = value as { head?: { vars?: unknown }; boolean?: unknown; results?: { bindings?: unknown } };
  if (v === null || typeof v !== 'object') throw bad('the answer is not SPARQL results JSON', body);
  if (typeof v.boolean === 'boolean') return { kind: 'boolean', value: v.boolean, total: 1 };
  const vars = v.head?.vars;
  const bindings = v.results?.bindings;
  if (!Array.isArray(vars) || !vars.every((x) => typeof x === 'string') || !Array.isArray(bindings)) throw bad('the answer is not SPARQL results JSON', body);
  const rows: Array<Record<string, Term>> = [];
  for (const b of bindings.slice(0, maxRows)) {
    if (b === null || typeof b !== 'object' || Array.isArray(b)) throw bad('a solution is not an object', body);
    const row = emptyDict<Term>();
    for (const [name, term] of Object.entries(b as Record<string, unknown>)) if (vars.includes(name)) row[name] = toTerm(term, body);
    rows.push(row);
  }
  return { kind: 'bindings', variables: vars as string[], rows, total: bindings.length };
}

/** Reads a graph answer (N-Triples or Turtle; N-Triples is Turtle). */
export function parseGraphAnswer(body: Buffer, contentType: string | null): Quad[] {
  if (contentType !== null && /html|json|xml/i.test(contentType)) throw bad(`the server answered ${contentType}, not N-Triples or Turtle`, body);
  try {
    return new Parser({ format: 'text/turtle' }).parse(body.toString('utf8'));
  } catch (error) {
    throw bad(`the answer is not N-Triples or Turtle (${(error as Error).message})`, body);
  }
}
