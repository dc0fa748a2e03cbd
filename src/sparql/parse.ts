import { Parser, type SparqlQuery } from 'sparqljs';
import { MdkgError } from '../errors.js';
import { offsetOf, positionOf } from '../util/text-position.js';
import { findToken, skipIgnorable } from './text-position.js';

/** What the jison parser inside sparqljs attaches to a syntax error. */
interface JisonHash {
  text?: string;
  token?: string | null;
  line?: number;
  loc?: { first_line?: number; last_line?: number; first_column?: number; last_column?: number };
  expected?: string[];
}

const MAX_EXPECTED = 8;

/**
 * sparqljs copies the prefixes into a plain object and reads `prefixes[name]`, so `constructor:x`
 * would expand to `function Object() …x`. An empty expansion for every Object.prototype name makes
 * sparqljs report such a prefix as unknown, unless the query or the graph declares it.
 */
const PROTOTYPE_SHADOWS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.getOwnPropertyNames(Object.prototype)
    .filter((name) => name !== '__proto__')
    .map((name) => [name, '']),
);

/**
 * Parses and validates a SPARQL query or update. `prefixes` are known without PREFIX lines.
 * Errors are MdkgError MDKG_SPARQL_SYNTAX with details `{ line, column }` (1-based) where known.
 */
export function parseSparql(query: string, prefixes: Readonly<Record<string, string>>): SparqlQuery {
  // skipValidation is a sparqljs option its typings lack; false keeps the semantic checks on.
  const options = { prefixes: { ...PROTOTYPE_SHADOWS, ...prefixes }, skipValidation: false };
  const parser = new Parser(options);
  let parsed: SparqlQuery;
  try {
    parsed = parser.parse(query);
  } catch (error) {
    throw toSyntaxError(error, query, prefixes);
  }
  // sparqljs reads an empty text, comments only or PREFIX/BASE lines only as an empty update.
  if (!('type' in parsed) || (parsed.type === 'update' && parsed.updates.length === 0)) {
    throw new MdkgError('MDKG_USAGE', 'the query is empty: it has no SELECT, ASK, CONSTRUCT or DESCRIBE (only white space, comments or PREFIX/BASE lines)');
  }
  return parsed;
}

/**
 * Where the offending token starts. jison reports the location of the last token it accepted
 * (`hash.loc`); the offending token is the next one after white space and comments. The
 * "Parse error on line N" of the message is that accepted token's line, so it is not used.
 */
function errorOffset(query: string, hash: JisonHash): number {
  const loc = hash.loc;
  const afterLast = loc?.last_line === undefined || loc.last_column === undefined ? 0 : offsetOf(query, loc.last_line, loc.last_column);
  return skipIgnorable(query, afterLast);
}

/** `tool:fs/read_file` is a CURIE, not a SPARQL prefixed name: say how to write it. */
function slashHint(query: string, offset: number): string {
  const stop = /[\s{}(),;]/;
  let from = offset;
  while (from > 0 && !stop.test(query[from - 1] ?? ' ')) from -= 1;
  let to = offset;
  while (to < query.length && !stop.test(query[to] ?? ' ')) to += 1;
  const word = query.slice(from, to);
  if (!/^[A-Za-z][\w.-]*:[\w.-]*\/./.test(word)) return '';
  return ` (a prefixed name cannot contain "/": write the full <IRI> or escape the slash, as in ${word.replace(/\//g, '\\/')})`;
}

function describeToken(hash: JisonHash): string {
  if (hash.token === 'EOF' || (hash.token === undefined && hash.text === '')) return 'end of query';
  return hash.text === undefined || hash.text === '' ? String(hash.token) : `"${hash.text}"`;
}

function unknownPrefixError(prefix: string, query: string, prefixes: Readonly<Record<string, string>>): MdkgError {
  const offset = findToken(query, `${prefix}:`);
  const at = offset === undefined ? undefined : positionOf(query, offset);
  const where = at === undefined ? '' : ` at line ${at.line}, column ${at.column}`;
  const known = Object.keys(prefixes).sort().join(', ');
  return new MdkgError('MDKG_SPARQL_SYNTAX', `Unknown prefix "${prefix}:"${where}. Declare it (PREFIX ${prefix}: <...>) or use a known prefix: ${known}`, {
    prefix,
    ...(at ?? {}),
  });
}

function toSyntaxError(error: unknown, query: string, prefixes: Readonly<Record<string, string>>): MdkgError {
  if (error instanceof RangeError) {
    // The parser's recursion or its lexer's regular expressions ran out of stack: the query may be
    // valid, it is too big for the parser (a string literal of about 500 KB or more, deep nesting).
    return new MdkgError('MDKG_USAGE', `the query is too large or too deeply nested to parse (${query.length} characters): split long literals or nesting`, {
      length: query.length,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  const unknownPrefix = /^Unknown prefix: (.*)$/.exec(message);
  if (unknownPrefix !== null) return unknownPrefixError(unknownPrefix[1] ?? '', query, prefixes);
  const hash = (error as { hash?: JisonHash }).hash;
  if (hash === undefined) {
    // Semantic checks after parsing (ungrouped projection, relative IRI, ...) carry no position.
    return new MdkgError('MDKG_SPARQL_SYNTAX', `Invalid SPARQL: ${message}`, {}, { cause: error });
  }
  const offset = errorOffset(query, hash);
  const at = positionOf(query, offset);
  const expected = (hash.expected ?? []).map((e) => e.replace(/^'|'$/g, ''));
  const hint = expected.length > 0 && expected.length <= MAX_EXPECTED ? `; expected ${expected.join(', ')}` : '';
  return new MdkgError(
    'MDKG_SPARQL_SYNTAX',
    `SPARQL syntax error at line ${at.line}, column ${at.column}: unexpected ${describeToken(hash)}${hint}${slashHint(query, offset)}`,
    { line: at.line, column: at.column, token: hash.token ?? null, expected },
    { cause: error },
  );
}
