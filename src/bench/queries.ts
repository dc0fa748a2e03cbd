// queries.jsonl of a benchmark dataset: one labelled query per line.
import type { Diagnostic } from '../errors.js';

export type MatchMode = 'all' | 'any';

/** One labelled query. `expected` names tools as `name` or `source/name`. */
export interface BenchQuery {
  id: string;
  query: string;
  /** Unique, in file order. */
  expected: string[];
  /** `all`: every expected tool is wanted; `any`: the expected tools are alternatives. */
  match: MatchMode;
  lang?: string;
  /** Tools that must run first (may list the target too): scored by the closure metrics (closure-metrics.ts). */
  required?: string[];
  /** 1-based line in queries.jsonl. */
  line: number;
}

/** Limits against huge or hostile files (a line past them is skipped with a diagnostic). */
const QUERY_LIMITS = { queries: 100_000, queryChars: 10_000, idChars: 200, expected: 100, nameChars: 500 } as const;

type Problem = string | undefined;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function stringList(value: unknown, field: string, allowEmpty: boolean): string[] | string {
  if (!Array.isArray(value)) return `'${field}' must be an array of strings`;
  if (!allowEmpty && value.length === 0) return `'${field}' must not be empty`;
  if (value.length > QUERY_LIMITS.expected) return `'${field}' has ${value.length} entries; at most ${QUERY_LIMITS.expected}`;
  for (const item of value) {
    if (typeof item !== 'string' || item.trim() === '') return `'${field}' must hold non-empty strings`;
    if (item.length > QUERY_LIMITS.nameChars) return `'${field}' holds a name longer than ${QUERY_LIMITS.nameChars} characters`;
  }
  return value as string[];
}

function checkText(value: unknown, field: string, max: number): Problem {
  if (typeof value !== 'string' || value.trim() === '') return `'${field}' must be a non-empty string`;
  if (value.length > max) return `'${field}' is longer than ${max} characters`;
  return undefined;
}

/** One parsed line: the query, or why it is skipped. */
function parseLine(text: string, line: number): BenchQuery | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `not JSON: ${(error as Error).message}`;
  }
  if (!isObject(value)) return 'a line must be a JSON object';
  const problem = checkText(value.id, 'id', QUERY_LIMITS.idChars) ?? checkText(value.query, 'query', QUERY_LIMITS.queryChars);
  if (problem !== undefined) return problem;
  // an empty list: a request no tool of the catalog answers (scored by the no-answer metrics)
  const expected = stringList(value.expected, 'expected', true);
  if (typeof expected === 'string') return expected;
  if (value.match !== 'all' && value.match !== 'any') return `'match' must be "all" or "any"`;
  if (value.lang !== undefined && (typeof value.lang !== 'string' || !/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(value.lang)))
    return `'lang' must be a language tag such as "en"`;
  const required = value.required === undefined ? undefined : stringList(value.required, 'required', true);
  if (typeof required === 'string') return required;
  return {
    id: value.id as string,
    query: value.query as string,
    expected: [...new Set(expected)],
    match: value.match,
    ...(value.lang === undefined ? {} : { lang: value.lang as string }),
    ...(required === undefined ? {} : { required }),
    line,
  };
}

/**
 * Parses queries.jsonl. Blank lines are ignored; a bad line or a repeated id is skipped with an
 * MDKG_DATASET_INVALID error diagnostic naming `file` and the line; the other lines still count.
 * Keys other than the known ones (`meta`, ...) are allowed and ignored.
 */
export function parseQueries(text: string, file: string): { queries: BenchQuery[]; diagnostics: Diagnostic[] } {
  const queries: BenchQuery[] = [];
  const diagnostics: Diagnostic[] = [];
  const ids = new Map<string, number>();
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '') continue;
    const bad = (message: string): void => {
      diagnostics.push({ code: 'MDKG_DATASET_INVALID', severity: 'error', message: `${message}; line skipped`, file, line });
    };
    if (queries.length >= QUERY_LIMITS.queries) {
      bad(`more than ${QUERY_LIMITS.queries} queries; the rest of the file is not read`);
      break;
    }
    const parsed = parseLine(trimmed, line);
    if (typeof parsed === 'string') {
      bad(parsed);
      continue;
    }
    const first = ids.get(parsed.id);
    if (first !== undefined) {
      bad(`id '${parsed.id}' was used on line ${first}`);
      continue;
    }
    ids.set(parsed.id, line);
    queries.push(parsed);
  }
  if (queries.length === 0 && diagnostics.length === 0) diagnostics.push({ code: 'MDKG_DATASET_INVALID', severity: 'warning', message: 'no queries', file });
  return { queries, diagnostics };
}
