import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MdkgError } from '../errors.js';
import { emptyDict } from '../util/own.js';

/** The IRI documents use to name the default context; it is always served locally, never fetched. */
export const DEFAULT_CONTEXT_URL = 'https://w3id.org/mdkg/context.jsonld';

const SCHEMAS_DIR = fileURLToPath(new URL('../../schemas/', import.meta.url));

let cached: Record<string, unknown> | undefined;

/** The parsed `schemas/context.jsonld` (`{"@context": {...}}`), read once. */
export function defaultContext(): Record<string, unknown> {
  if (cached === undefined) {
    cached = JSON.parse(readFileSync(`${SCHEMAS_DIR}context.jsonld`, 'utf8')) as Record<string, unknown>;
  }
  return cached;
}

/** Absolute path of a file shipped in `schemas/`. */
export function schemaPath(name: string): string {
  return `${SCHEMAS_DIR}${name}`;
}

/** Prefix declarations (term → IRI ending in / or #) of a JSON-LD context object. */
export function contextPrefixes(context: unknown): Record<string, string> {
  const prefixes = emptyDict<string>();
  const contexts = Array.isArray(context) ? context : [context];
  for (const ctx of contexts) {
    if (ctx === null || typeof ctx !== 'object') continue;
    for (const [term, value] of Object.entries(ctx as Record<string, unknown>)) {
      if (typeof value === 'string' && !term.startsWith('@') && /[/#:]$/.test(value) && /^[a-z][a-z0-9+.-]*:/i.test(value)) prefixes[term] = value;
    }
  }
  return prefixes;
}

export interface RemoteDocument {
  contextUrl: null;
  documentUrl: string;
  document: unknown;
}

/** An offline JSON-LD document loader: it serves the default context and refuses every other URL. */
export function offlineDocumentLoader(documentPath: string): (url: string) => Promise<RemoteDocument> {
  return async (url: string) => {
    if (url === DEFAULT_CONTEXT_URL) return { contextUrl: null, documentUrl: url, document: defaultContext() };
    throw new MdkgError(
      'MDKG_REMOTE_CONTEXT',
      `${documentPath}: remote JSON-LD context ${url} is not loaded (mdkg never fetches contexts); inline it or use the default context`,
      { url, file: documentPath },
    );
  };
}

/**
 * The first context given by URL (other than the default context) anywhere in a context value: a
 * string in a context list, a scoped context of a term definition, an `@import`. Found before
 * JSON-LD processing, so it is always reported as MDKG_REMOTE_CONTEXT and nothing is fetched.
 */
export function remoteContextIn(context: unknown, depth = 0): string | undefined {
  if (typeof context === 'string') return context === DEFAULT_CONTEXT_URL ? undefined : context;
  if (context === null || typeof context !== 'object' || depth > 32) return undefined;
  if (Array.isArray(context)) {
    for (const item of context) {
      const found = remoteContextIn(item, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, value] of Object.entries(context)) {
    if (key === '@import' && typeof value === 'string') return value;
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && '@context' in value) {
      const found = remoteContextIn((value as Record<string, unknown>)['@context'], depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The first remote context of any `@context` key at any depth of the given nodes. */
export function remoteContextInNodes(nodes: readonly unknown[]): string | undefined {
  const stack: unknown[] = [...nodes];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === '@context') {
        const found = remoteContextIn(value);
        if (found !== undefined) return found;
      } else stack.push(value);
    }
  }
  return undefined;
}
