import type { SparqlQuery } from 'sparqljs';
import { MdkgError } from '../errors.js';
import { walkAst } from './walk.js';

/** The SPARQL name of one update operation of a parsed update request. */
function operationName(op: Record<string, unknown>): string {
  switch (op.updateType) {
    case 'insert':
      return 'INSERT DATA';
    case 'delete':
      return 'DELETE DATA';
    case 'deletewhere':
      return 'DELETE WHERE';
    case 'insertdelete': {
      const del = Array.isArray(op.delete) && op.delete.length > 0;
      const ins = Array.isArray(op.insert) && op.insert.length > 0;
      return del && ins ? 'DELETE/INSERT' : del ? 'DELETE' : 'INSERT';
    }
  }
  return typeof op.type === 'string' ? op.type.toUpperCase() : 'UPDATE';
}

/** Refuses every update request (all operations are named) with MDKG_SPARQL_READ_ONLY. */
export function assertReadOnly(ast: SparqlQuery): void {
  if (ast.type !== 'update') return;
  const operations = ast.updates.map((op) => operationName(op as unknown as Record<string, unknown>));
  const list = operations.length === 0 ? 'an empty update' : operations.join(', ');
  throw new MdkgError('MDKG_SPARQL_READ_ONLY', `The graph is read-only: SPARQL updates are refused (${list})`, {
    operations,
  });
}

/** A SERVICE clause's target: an IRI or a variable. */
export type ServiceTarget = { kind: 'iri'; value: string; silent: boolean } | { kind: 'variable'; value: string; silent: boolean };

/** Every SERVICE target anywhere in the query, nested ones included, in document order. */
export function collectServiceTargets(ast: SparqlQuery): ServiceTarget[] {
  const targets: ServiceTarget[] = [];
  walkAst(ast, (node) => {
    if (node.type !== 'service') return;
    const name = node.name as { termType?: string; value?: string } | undefined;
    const silent = node.silent === true;
    const value = name?.value ?? '';
    targets.push(name?.termType === 'NamedNode' ? { kind: 'iri', value, silent } : { kind: 'variable', value, silent });
  });
  return targets;
}

/**
 * The canonical form endpoints are compared in: WHATWG URL serialization (lower-case scheme and
 * host, default port dropped, empty path as `/`, percent-encoding normalized) without fragment.
 * Undefined for anything that is not an absolute http(s) URL.
 */
export function normalizeEndpoint(iri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(iri.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '') return undefined;
  url.hash = '';
  return url.href;
}

function describeTarget(t: ServiceTarget): string {
  return t.kind === 'variable' ? `?${t.value} (variable targets are never allowed)` : `<${t.value}>`;
}

/**
 * Refuses, before anything runs, a query with a SERVICE whose target is a variable or an IRI
 * not in `allow` (exact match after normalization). The message names every offending target.
 */
export function assertServicesAllowed(ast: SparqlQuery, allow: readonly string[]): void {
  const allowed = new Set(allow.map(normalizeEndpoint).filter((a): a is string => a !== undefined));
  const denied = collectServiceTargets(ast).filter((t) => {
    if (t.kind === 'variable') return true;
    const normal = normalizeEndpoint(t.value);
    return normal === undefined || !allowed.has(normal);
  });
  if (denied.length === 0) return;
  const unique = [...new Map(denied.map((t) => [`${t.kind}:${t.value}`, t])).values()];
  const allowedText = allowed.size === 0 ? 'no endpoint is allowed' : `allowed: ${[...allowed].map((a) => `<${a}>`).join(', ')}`;
  throw new MdkgError('MDKG_SPARQL_SERVICE_DENIED', `SERVICE refused for ${unique.map(describeTarget).join(', ')}; ${allowedText}`, {
    denied: unique.map((t) => (t.kind === 'variable' ? `?${t.value}` : t.value)),
    allowed: [...allowed],
  });
}
