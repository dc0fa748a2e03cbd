import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostic } from '../errors.js';
import { type CodeList, type StoredQuads, termTable } from '../rdf/term-codec.js';
import { decodePayload, encodePayload } from './cache-layout.js';
import { readSignedBytes, type SignedFile, signedHeaderBytes, tooLargeMiss, writeSignedBytes } from './signed-file.js';
import type { DocumentInfo } from './types.js';

export const CACHE_FILE = 'graph-cache.bin';
/** The JSON cache of format 2, removed when the binary one is written. */
const OLD_CACHE_FILE = 'graph-cache.json';
/**
 * Format 5: binary (signed-file.ts), laid out for a warm load that builds few objects
 * (cache-layout.ts: records, every document's ids in one array, the codes' text decoded on use);
 * format 4 was one V8-serialized value with one string per term. Larger files than 512 MiB are
 * refused unread; another version is ignored quietly and rewritten.
 */
export const CACHE_KIND: SignedFile = { format: 'mdkg-graph-cache', version: 5, maxBytes: 512 * 1024 * 1024 };

/**
 * What the cache keeps of one document: enough to load it without parsing, and the file's identity
 * when it was read (`lstat`: size, device, inode, mtime and ctime; util/file-identity.ts). A file whose identity is
 * unchanged is not even read again: any write changes its ctime, which no one can set back.
 */
export type CacheEntry = Omit<DocumentInfo, 'loaded'> & { quads: StoredQuads; stat?: string };

/** What is kept: one term table for every document, and each document's triples as ids into it. */
export interface Payload {
  terms: string[];
  /** `graph`: where `terms` holds the code of the document's IRI, or -1 (an unusable document). */
  entries: (Omit<CacheEntry, 'quads'> & { spo: Uint32Array; graph: number })[];
}

/**
 * The documents' triples as the store holds them: its term codes (canonical, each once) and, by
 * path, each loaded document's triples as ids into them (taken before anything else was added to
 * its graph) and the id of its graph. The cache is then written without interning every term again.
 */
export interface StoreTerms {
  terms: readonly string[];
  graphs: ReadonlyMap<string, { spo: Uint32Array; graph: number }>;
}

function isEntry(value: unknown, terms: number): value is Omit<Payload['entries'][number], 'spo'> {
  const e = value as Partial<Payload['entries'][number]> | null;
  if (
    e === null ||
    typeof e !== 'object' ||
    typeof e.path !== 'string' ||
    typeof e.hash !== 'string' ||
    typeof e.iri !== 'string' ||
    !Array.isArray(e.names) ||
    !Array.isArray(e.links) ||
    !Array.isArray(e.diagnostics) ||
    typeof e.usable !== 'boolean' ||
    (e.stat !== undefined && typeof e.stat !== 'string') ||
    !Number.isInteger(e.graph) ||
    (e.graph as number) < -1 ||
    (e.graph as number) >= terms
  )
    return false;
  return true;
}

/**
 * Reads the cache. A missing cache gives an empty map; a cache of another version, key or signer is
 * ignored; a damaged one (truncated, edited, malformed) gives a diagnostic and is never trusted.
 */
export async function readCache(
  cacheDir: string,
  key: string,
): Promise<{ entries: Map<string, CacheEntry>; table?: CodeList; diagnostic?: Diagnostic | undefined }> {
  const entries = new Map<string, CacheEntry>();
  const file = join(cacheDir, CACHE_FILE);
  const corrupt = (why: string): { entries: Map<string, CacheEntry>; diagnostic: Diagnostic } => ({
    entries: new Map(),
    diagnostic: { code: 'MDKG_CACHE_CORRUPT', severity: 'warning', message: `cache ${CACHE_FILE} is corrupt (${why}); rebuilding it from the documents`, file },
  });
  const read = await readSignedBytes(file, CACHE_KIND, key);
  const tooLarge = read.ok ? undefined : tooLargeMiss(read, `cache ${CACHE_FILE}`, file);
  if (tooLarge !== undefined) return { entries, diagnostic: tooLarge };
  if (!read.ok) return read.damage === undefined && read.unreadable === undefined ? { entries } : corrupt(read.damage ?? read.unreadable ?? '');
  const payload = decodePayload<Omit<CacheEntry, 'quads'>>(read.payload);
  // Another byte order is another machine's file: not damage, simply not this cache.
  if (payload === 'another byte order') return { entries };
  if (typeof payload === 'string') return corrupt(payload);
  const { codes: table, spo, spoEnds } = payload;
  for (const [i, entry] of payload.entries.entries()) {
    if (!isEntry(entry, table.length)) return corrupt('malformed entries');
    const from = i === 0 ? 0 : (spoEnds[i - 1] as number);
    const to = spoEnds[i] as number;
    if ((to - from) % 3 !== 0) return corrupt('malformed entries');
    const { graph, ...rest } = entry;
    const ids = spo.subarray(from, to);
    entries.set(entry.path, { ...rest, quads: graph < 0 ? { table, spo: ids } : { table, spo: ids, graph } });
  }
  return { entries, table };
}

/** Writes the cache atomically, one term table for all documents; the format-2 file goes. */
export async function writeCache(cacheDir: string, key: string, entries: readonly CacheEntry[], store?: StoreTerms): Promise<void> {
  // A store that has a default-graph term (`D`, never in a table) is not used: terms interned here.
  const held = store !== undefined && !store.terms.includes('D') ? store : undefined;
  const terms = held === undefined ? [] : held.terms.slice();
  let table: ReturnType<typeof termTable> | undefined;
  const global = (code: string): number => (table ??= termTable(terms)).id(code);
  const mapped = new Map<CodeList, Int32Array>();
  const out: Payload['entries'] = [];
  for (const entry of entries) {
    const { quads, ...rest } = entry;
    const stored = held?.graphs.get(entry.path);
    if (stored !== undefined) {
      out.push({ ...rest, spo: stored.spo, graph: stored.graph });
      continue;
    }
    const table: CodeList = 'table' in quads ? quads.table : quads.terms;
    let map = mapped.get(table);
    if (map === undefined) mapped.set(table, (map = new Int32Array(table.length).fill(-1)));
    const idOf = (at: number): number => {
      let id = map[at] as number;
      if (id < 0) map[at] = id = global(table.at(at) as string);
      return id;
    };
    // Triples once each (the store appends a cached document's triples without a check): a shared
    // table's documents are so already; a parsed one's are checked by one number per triple.
    const n = table.length;
    const seen = 'table' in quads ? undefined : new Set<number | string>();
    const spo = new Uint32Array(quads.spo.length);
    let at = 0;
    for (let i = 0; i + 2 < quads.spo.length; i += 3) {
      const [ls, lp, lo] = [quads.spo[i] as number, quads.spo[i + 1] as number, quads.spo[i + 2] as number];
      if (seen !== undefined) {
        const k = n < 200_000 ? (ls * n + lp) * n + lo : `${ls} ${lp} ${lo}`;
        if (seen.has(k)) continue;
        seen.add(k);
      }
      spo[at++] = idOf(ls);
      spo[at++] = idOf(lp);
      spo[at++] = idOf(lo);
    }
    out.push({ ...rest, spo: at === spo.length ? spo : spo.slice(0, at), graph: rest.usable ? global(`N${rest.iri}`) : -1 });
  }
  await writeCachePayload(join(cacheDir, CACHE_FILE), key, { terms, entries: out });
  await rm(join(cacheDir, OLD_CACHE_FILE), { force: true }).catch(() => undefined);
}

/** Writes a payload as the cache file (its ids 4-aligned in the file, see cache-layout.ts). Exported for the tests. */
export async function writeCachePayload(path: string, key: string, payload: Payload): Promise<void> {
  const parts = encodePayload(payload.terms, payload.entries, (bytes) => signedHeaderBytes(CACHE_KIND, key, bytes));
  await writeSignedBytes(path, CACHE_KIND, key, parts);
}

/** The payload of a verified cache file as plain arrays, or undefined. Exported for the tests. */
export async function readCachePayload(path: string, key: string): Promise<Payload | undefined> {
  const read = await readSignedBytes(path, CACHE_KIND, key);
  const payload = read.ok ? decodePayload<Omit<CacheEntry, 'quads'>>(read.payload) : undefined;
  if (payload === undefined || typeof payload === 'string') return undefined;
  const terms = Array.from({ length: payload.codes.length }, (_, i) => payload.codes.at(i) as string);
  const entries = payload.entries.map((e, i) => ({ ...e, spo: payload.spo.slice(i === 0 ? 0 : payload.spoEnds[i - 1], payload.spoEnds[i]) }));
  return { terms, entries };
}
