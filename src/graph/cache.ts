import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostic } from '../errors.js';
import { writeFileAtomic } from './atomic-write.js';
import type { EncodedQuads } from '../rdf/term-codec.js';
import type { DocumentInfo } from './types.js';

export const CACHE_FILE = 'graph-cache.json';
const FORMAT = 'mdkg-graph-cache';
const VERSION = 1;

/** What the cache keeps of one document: enough to load it without parsing. */
export type CacheEntry = Omit<DocumentInfo, 'loaded'> & { quads: EncodedQuads };

interface Header {
  format: string;
  version: number;
  key: string;
  checksum: string;
  entries: number;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

function isEntry(value: unknown): value is CacheEntry {
  const e = value as Partial<CacheEntry> | null;
  return (
    e !== null && typeof e === 'object' && typeof e.path === 'string' && typeof e.hash === 'string' && typeof e.iri === 'string' &&
    Array.isArray(e.names) && Array.isArray(e.links) && Array.isArray(e.diagnostics) && typeof e.usable === 'boolean' &&
    typeof e.quads === 'object' && e.quads !== null && Array.isArray(e.quads.terms) && Array.isArray(e.quads.spo)
  );
}

/**
 * Reads the cache. A missing cache gives an empty map; a cache of another version or key is ignored;
 * a corrupted one (bad header, checksum mismatch, bad entries) gives a diagnostic and is never trusted.
 */
export async function readCache(cacheDir: string, key: string): Promise<{ entries: Map<string, CacheEntry>; diagnostic?: Diagnostic | undefined }> {
  const entries = new Map<string, CacheEntry>();
  let text: string;
  try {
    text = await readFile(join(cacheDir, CACHE_FILE), 'utf8');
  } catch {
    return { entries };
  }
  const corrupt = (why: string): { entries: Map<string, CacheEntry>; diagnostic: Diagnostic } => ({
    entries: new Map(),
    diagnostic: { code: 'MDKG_CACHE_CORRUPT', severity: 'warning', message: `cache ${CACHE_FILE} is corrupt (${why}); rebuilding it from the documents`, file: join(cacheDir, CACHE_FILE) },
  });
  const newline = text.indexOf('\n');
  if (newline === -1) return corrupt('no header');
  let header: Header;
  try {
    header = JSON.parse(text.slice(0, newline)) as Header;
  } catch {
    return corrupt('unreadable header');
  }
  if (header.format !== FORMAT) return corrupt('not an mdkg cache');
  if (header.version !== VERSION || header.key !== key) return { entries };
  const body = text.slice(newline + 1);
  if (sha256(body) !== header.checksum) return corrupt('checksum mismatch');
  let list: unknown;
  try {
    list = JSON.parse(body);
  } catch {
    return corrupt('unreadable entries');
  }
  if (!Array.isArray(list) || list.length !== header.entries || !list.every(isEntry)) return corrupt('malformed entries');
  for (const entry of list) entries.set(entry.path, entry);
  return { entries };
}

/** Writes the cache atomically. */
export async function writeCache(cacheDir: string, key: string, entries: readonly CacheEntry[]): Promise<void> {
  const body = JSON.stringify(entries);
  const header: Header = { format: FORMAT, version: VERSION, key, checksum: sha256(body), entries: entries.length };
  await writeFileAtomic(join(cacheDir, CACHE_FILE), `${JSON.stringify(header)}\n${body}`);
}
