import { createHash, createHmac } from 'node:crypto';
import { join } from 'node:path';
import type { Diagnostic, MdkgError } from '../errors.js';
import { writeFileAtomic } from './atomic-write.js';
import type { EncodedQuads } from '../rdf/term-codec.js';
import type { DocumentInfo } from './types.js';
import { readTextFile } from '../util/read-file.js';
import { cacheSecret } from './cache-key.js';

export const CACHE_FILE = 'graph-cache.json';
const FORMAT = 'mdkg-graph-cache';
const VERSION = 2;
/** Larger cache files are refused unread (a JavaScript string holds at most about 512 MB). */
const MAX_CACHE_BYTES = 512 * 1024 * 1024;

/**
 * What the cache keeps of one document: enough to load it without parsing, and the file's identity
 * when it was read (`stat`: size, device, inode, mtime and ctime in ns). A file whose identity is
 * unchanged is not even read again: any write changes its ctime, which no one can set back.
 */
export type CacheEntry = Omit<DocumentInfo, 'loaded'> & { quads: EncodedQuads; stat?: string };

interface Header {
  format: string;
  version: number;
  key: string;
  checksum: string;
  /** Names the secret that signed the cache (a hash of it), so another user's cache is told apart. */
  signer: string;
  entries: number;
}

/** The checksum is an HMAC with this user's secret (cache-key.ts): only caches this user wrote verify. */
const sign = (text: string): string => createHmac('sha256', cacheSecret()).update(text).digest('hex');
const signerId = (): string => createHash('sha256').update(cacheSecret()).digest('hex').slice(0, 16);

function isEntry(value: unknown): value is CacheEntry {
  const e = value as Partial<CacheEntry> | null;
  return (
    e !== null &&
    typeof e === 'object' &&
    typeof e.path === 'string' &&
    typeof e.hash === 'string' &&
    typeof e.iri === 'string' &&
    Array.isArray(e.names) &&
    Array.isArray(e.links) &&
    Array.isArray(e.diagnostics) &&
    typeof e.usable === 'boolean' &&
    (e.stat === undefined || typeof e.stat === 'string') &&
    typeof e.quads === 'object' &&
    e.quads !== null &&
    Array.isArray(e.quads.terms) &&
    Array.isArray(e.quads.spo)
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
    text = await readTextFile(join(cacheDir, CACHE_FILE), { maxBytes: MAX_CACHE_BYTES, follow: false });
  } catch (error) {
    if ((error as MdkgError).code === 'MDKG_NOT_FOUND') return { entries };
    return {
      entries,
      diagnostic: {
        code: 'MDKG_CACHE_CORRUPT',
        severity: 'warning',
        message: `cache ${CACHE_FILE} not read (${(error as Error).message}); rebuilding it from the documents`,
        file: join(cacheDir, CACHE_FILE),
      },
    };
  }
  const corrupt = (why: string): { entries: Map<string, CacheEntry>; diagnostic: Diagnostic } => ({
    entries: new Map(),
    diagnostic: {
      code: 'MDKG_CACHE_CORRUPT',
      severity: 'warning',
      message: `cache ${CACHE_FILE} is corrupt (${why}); rebuilding it from the documents`,
      file: join(cacheDir, CACHE_FILE),
    },
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
  // Signed with another secret (another user, another machine, a cache that came with a
  // repository): not ours to trust, and not damage either; it is rebuilt without a warning.
  if (header.signer !== signerId()) return { entries };
  if (sign(body) !== header.checksum) return corrupt('checksum mismatch: edited since it was written');
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
  const header: Header = { format: FORMAT, version: VERSION, key, checksum: sign(body), signer: signerId(), entries: entries.length };
  await writeFileAtomic(join(cacheDir, CACHE_FILE), `${JSON.stringify(header)}\n${body}`);
}
