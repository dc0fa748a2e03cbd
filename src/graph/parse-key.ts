// What a parsed document depends on besides its bytes: the parser's version, the default context
// and the size limit. Caches of parsed documents (cache.ts) and of the search index built from them
// (search/index-cache.ts) are keyed by it. Light on purpose: the warm search path imports it
// without loading the parser.
import { createHash } from 'node:crypto';
import { defaultContext } from '../rdf/context.js';

/** Bumped whenever parsing or loading changes what a document yields. */
export const PARSER_VERSION = '2';

/** Cached entries are valid only for the same parser, default context and size limit. */
export function parseKey(maxBytes: number): string {
  return createHash('sha256').update(`${PARSER_VERSION}\n${maxBytes}\n`).update(JSON.stringify(defaultContext())).digest('hex').slice(0, 16);
}
