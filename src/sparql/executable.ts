import { Generator, Wildcard, type SelectQuery } from 'sparqljs';
import type { CheckedQuery } from './check.js';
import { expandEscapedNames } from './escaped-names.js';
import { parseSparql } from './parse.js';

/** The text given to the engine. */
export interface Executable {
  text: string;
  /** An ASK run as `SELECT * ... LIMIT 1`, so that a timeout can stop it (see toExecutable). */
  askAsSelect: boolean;
}

/** Adds a PREFIX line for every graph prefix the query uses without declaring it. */
function withPrefixes(query: string, checked: CheckedQuery): string {
  const declared = checked.ast.prefixes;
  const lines = Object.entries(checked.graphPrefixes)
    .filter(([prefix]) => !Object.hasOwn(declared, prefix))
    .map(([prefix, ns]) => `PREFIX ${prefix}: <${ns}>`);
  return lines.length === 0 ? query : `${lines.join('\n')}\n${query}`;
}

/**
 * An ASK as `SELECT * ... LIMIT 1`. Comunica evaluates ASK to a promise that cannot be cancelled,
 * so a timed-out ASK would keep computing; a bindings stream can be destroyed. Grouped ASK
 * queries (GROUP BY, HAVING) cannot use `SELECT *` and run as they are.
 */
function askAsSelect(checked: CheckedQuery, expanded: string): string | undefined {
  // sparqljs keeps a `\`-escape inside the IRI of a prefixed name (`tool:memory\/x`): read the
  // text with escaped names written out as full IRIs, so the generated query has none.
  const ask = (expanded === checked.text ? checked.ast : parseSparql(expanded, checked.graphPrefixes)) as unknown as Record<string, unknown>;
  if (ask.group !== undefined || ask.having !== undefined) return undefined;
  const limit = typeof ask.limit === 'number' ? Math.min(ask.limit, 1) : 1;
  // No prefixes: the generator would compact IRIs into prefixed names that are not valid SPARQL
  // (`tool:memory/delete_entities`); full IRIs always are.
  const select = { ...ask, prefixes: {}, queryType: 'SELECT', variables: [new Wildcard()], limit } as unknown as SelectQuery;
  return new Generator().stringify(select);
}

/**
 * The query text to run. Syntax is already checked, so prepending PREFIX lines and expanding
 * escaped prefixed names (which shift positions) is safe: positions come from the user's text.
 */
export function toExecutable(query: string, checked: CheckedQuery): Executable {
  const text = expandEscapedNames(query, { ...checked.graphPrefixes, ...checked.ast.prefixes });
  if (checked.form === 'ASK') {
    const select = askAsSelect(checked, text);
    if (select !== undefined) return { text: select, askAsSelect: true };
  }
  return { text: withPrefixes(text, checked), askAsSelect: false };
}
