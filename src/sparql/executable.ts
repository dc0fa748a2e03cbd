import { Generator, Wildcard, type SelectQuery } from 'sparqljs';
import type { CheckedQuery } from './check.js';
import { expandEscapedNames } from './escaped-names.js';

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
function askAsSelect(checked: CheckedQuery): string | undefined {
  const ask = checked.ast as unknown as Record<string, unknown>;
  if (ask['group'] !== undefined || ask['having'] !== undefined) return undefined;
  const limit = typeof ask['limit'] === 'number' ? Math.min(ask['limit'], 1) : 1;
  const select = { ...ask, queryType: 'SELECT', variables: [new Wildcard()], limit } as unknown as SelectQuery;
  return new Generator().stringify(select);
}

/**
 * The query text to run. Syntax is already checked, so prepending PREFIX lines and expanding
 * escaped prefixed names (which shift positions) is safe: positions come from the user's text.
 */
export function toExecutable(query: string, checked: CheckedQuery): Executable {
  if (checked.form === 'ASK') {
    const text = askAsSelect(checked);
    if (text !== undefined) return { text, askAsSelect: true };
  }
  const text = expandEscapedNames(query, { ...checked.graphPrefixes, ...checked.ast.prefixes });
  return { text: withPrefixes(text, checked), askAsSelect: false };
}
