import type { Query, SparqlQuery } from 'sparqljs';
import type { Diagnostic } from '../errors.js';
import { DEFAULT_PREFIXES } from '../rdf/namespaces.js';
import type { SchemaProfile } from '../rdf/schema-profile.js';
import { assertReadOnly, assertServicesAllowed } from './guard.js';
import { parseSparql } from './parse.js';
import { escapeSlashesInNames } from './escaped-names.js';
import { checkSchemaTerms } from './schema-check.js';
import type { QueryForm } from './types.js';
import { walkAst } from './walk.js';

/** A query that parsed, is read-only and calls only allowed services. */
export interface CheckedQuery {
  form: QueryForm;
  ast: Query;
  /** SELECT: projected variable names in the query's order (`SELECT *`: order of first appearance). */
  variables: string[];
  /** True for `SELECT *`: the engine decides the set, `variables` only gives the order. */
  wildcard: boolean;
  /** Prefixes known without PREFIX lines: the defaults and the graph's. */
  graphPrefixes: Record<string, string>;
  warnings: Diagnostic[];
  /** The query text as checked: slashes inside prefixed names escaped (`tool:a/b` → `tool:a\/b`). */
  text: string;
}

export interface CheckOptions {
  allowServices?: readonly string[];
}

function variableName(term: unknown): string | undefined {
  const t = term as { termType?: unknown; value?: unknown } | undefined;
  return t?.termType === 'Variable' && typeof t.value === 'string' ? t.value : undefined;
}

/** Variables of the WHERE clause in order of first appearance; a subquery contributes its projection. */
function appearanceOrder(ast: Query): string[] {
  const seen = new Set<string>();
  walkAst([ast.where ?? [], ast.values ?? []], (node) => {
    const name = variableName(node);
    if (name !== undefined) seen.add(name);
    // VALUES rows are keyed by "?name".
    for (const key of Object.keys(node)) if (key.startsWith('?')) seen.add(key.slice(1));
    if (node.type !== 'query') return;
    for (const v of (node.variables as unknown[] | undefined) ?? []) {
      const projected = variableName(v) ?? variableName((v as { variable?: unknown }).variable);
      if (projected !== undefined) seen.add(projected);
    }
    return false;
  });
  return [...seen];
}

function projection(ast: Query): { variables: string[]; wildcard: boolean } {
  if (ast.queryType !== 'SELECT') return { variables: [], wildcard: false };
  const first = ast.variables[0] as { termType?: unknown } | undefined;
  if (first?.termType === 'Wildcard') return { variables: appearanceOrder(ast), wildcard: true };
  const names = ast.variables.map((v) => variableName(v) ?? variableName((v as { variable?: unknown }).variable) ?? '');
  return { variables: names.filter((n) => n !== ''), wildcard: false };
}

/**
 * Parses and checks a query without running it: syntax (MDKG_SPARQL_SYNTAX), read-only
 * (MDKG_SPARQL_READ_ONLY) and the SERVICE allowlist (MDKG_SPARQL_SERVICE_DENIED) throw; terms
 * unknown to the graph come back as warnings (MDKG_SPARQL_UNKNOWN_TERM).
 */
export function checkQuery(profile: SchemaProfile, query: string, options: CheckOptions = {}): CheckedQuery {
  const graphPrefixes = { ...DEFAULT_PREFIXES, ...profile.prefixes };
  const text = escapeSlashesInNames(query);
  const parsed: SparqlQuery = parseSparql(text, graphPrefixes);
  assertReadOnly(parsed);
  const ast = parsed as Query;
  assertServicesAllowed(ast, options.allowServices ?? []);
  const warnings = checkSchemaTerms(ast, profile, { ...graphPrefixes, ...ast.prefixes }, text);
  return { form: ast.queryType, ast, ...projection(ast), graphPrefixes, warnings, text };
}
