// The persisted search index: a warm `mdkg search` or `mdkg serve` reads the index it built last
// time instead of loading the graph and tokenizing every tool. One binary file in the cache folder
// (`<graphs>/.mdkg/search-index.bin`): a JSON header line, then the index's data as V8 serializes it
// (typed arrays as they are). It is used only when
// - its header names this format version and this key: the mdkg version, the parser, the effective
//   search parameters and models, and a fingerprint of every document file (path, size, inode,
//   modification and change times: an edit, a rename, a new or deleted file, even a write that
//   restores the old mtime, changes the change time);
// - it verifies: an HMAC of the payload with this user's secret (graph/cache-key.ts), so a file
//   another user or a repository brought is never deserialized, and a truncated or edited one is
//   detected and rebuilt with a warning.
// A fingerprint taken while a file was being written may miss the write (times are coarse): the
// index is not written when a document changed in the last two seconds.
import { createHash } from 'node:crypto';
import { closeSync, lstatSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { Diagnostic } from '../errors.js';
import { type SignedFile, tooLargeMiss, writeSignedBytes } from '../graph/signed-file.js';
import { MdkgError } from '../errors.js';
import { openIndexFile, type RawIndexFile, RecordFile, type RecordLayout, recordLayout, verifyIndexFile } from './index-file.js';
import { packStrings, type ToolColumns } from './tool-columns.js';
import { deserializeAligned, serializeAligned } from '../util/aligned-serialize.js';
import { scanRules, skippedName } from '../graph/scan.js';
import type { IndexSnapshot } from './tool-index.js';

export const INDEX_FILE = 'search-index.bin';
/** Format 9 (5 with aligned arrays, strings as UTF-8 bytes, sorted terms, a table of step weights, annotations apart, the records after the head: index-file.ts); larger index files than 1 GiB are refused unread (MDKG_FILE_TOO_LARGE) and rebuilt. */
const KIND: SignedFile = { format: 'mdkg-search-index', version: 9, maxBytes: 1024 * 1024 * 1024 };
/** The largest search index file read or written. */
export const MAX_INDEX_BYTES = KIND.maxBytes;
/** A document changed this recently may not show in its times yet: the index is not written. */
export const RACY_MS = 2000;

/** What the file keeps besides the index: the load's problems, reported again on a warm run. */
export interface PersistedIndex {
  snapshot: IndexSnapshot;
  diagnostics: Diagnostic[];
}

export interface Fingerprint {
  /** sha256 of every file's path, then of its size, device, inode, mtime and ctime (ms) as doubles, in walk order. */
  digest: string;
  /** The latest mtime or ctime of any file, in ms since the epoch. */
  newest: number;
  /** When the fingerprint was taken (ms since the epoch). */
  takenAt: number;
}

/**
 * The fingerprint of the document files under `root`: the files `scanMarkdown` lists (graph/scan.ts
 * decides which: `scanRules`, `skippedName`), each with the identity util/file-identity.ts gives
 * (`lstat`: a link is its own entry; times in ms, see there), found by one walk that stats every
 * entry instead of a scan that keeps 10,000 entries and a second pass over them; hashed as numbers
 * rather than as text (turning 20,000 fractional times into decimal text was a fifth of the
 * fingerprint). Each folder's names are taken in sorted order, so the digest does not depend on the
 * order the file system lists them in. Blocking `lstat`s: thousands of them are faster than
 * awaiting each. `onFile` sees each file hashed (for tests).
 */
export async function fingerprintFolder(root: string, onFile?: (path: string) => void): Promise<Fingerprint> {
  const takenAt = Date.now();
  const { ignored } = await scanRules(root, []);
  let numbers = new Float64Array(5 * 1024);
  let count = 0;
  let paths = '';
  let newest = 0;
  const walk = (dir: string, dirRel: string): void => {
    let names: string[];
    try {
      // Blocking, as the stat calls: awaiting each folder's listing left this thread idle for a
      // round trip through libuv's threads (10-35 ms in all on a loaded machine).
      names = readdirSync(dir);
    } catch (error) {
      if (dirRel === '') throw error;
      paths += `${dirRel}/\0unreadable\0`;
      return;
    }
    names.sort();
    const prefix = dir === '.' ? '' : dir.endsWith(sep) ? dir : dir + sep;
    for (const name of names) {
      if (skippedName(name)) continue;
      const absolute = prefix + name;
      const rel = dirRel === '' ? name : `${dirRel}/${name}`;
      const s = lstatSync(absolute, { throwIfNoEntry: false });
      // Gone since the listing, or a link (never followed, as by the scan).
      if (s === undefined || s.isSymbolicLink()) continue;
      if (s.isDirectory()) {
        if (!ignored(rel, true)) walk(absolute, rel);
        continue;
      }
      if (!s.isFile() || !(name.endsWith('.md') || name.toLowerCase().endsWith('.md')) || ignored(rel, false)) continue;
      onFile?.(rel);
      if ((count + 1) * 5 > numbers.length) {
        const grown = new Float64Array(numbers.length * 2);
        grown.set(numbers);
        numbers = grown;
      }
      const at = count * 5;
      numbers[at] = s.size;
      numbers[at + 1] = s.dev;
      numbers[at + 2] = s.ino;
      numbers[at + 3] = s.mtimeMs;
      numbers[at + 4] = s.ctimeMs;
      count += 1;
      paths += `${rel}\0`;
      newest = Math.max(newest, s.mtimeMs, s.ctimeMs);
    }
  };
  walk(join(root), '');
  return {
    digest: createHash('sha256')
      .update(paths)
      .update(numbers.subarray(0, count * 5))
      .digest('hex'),
    newest: Math.floor(newest),
    takenAt,
  };
}

/** The key of an index: the fingerprint and everything else the index depends on. */
export function indexKey(parts: { fingerprint: string; version: string; parser: string; params: unknown; models: unknown; texts?: string }): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export type ReadOutcome = { index: PersistedIndex } | { index?: undefined; diagnostic?: Diagnostic };

/** The index file opened, its head read but not checked (a read can start before the key is known: `checkIndexCache`). */
export type RawIndex = RawIndexFile;

export function readRawIndex(cacheDir: string): Promise<RawIndex> {
  return openIndexFile(join(cacheDir, INDEX_FILE), KIND);
}

/** Closes a raw index that will not be checked. */
export function discardRawIndex(raw: RawIndex): void {
  if (raw.ok) closeSync(raw.fd);
}

/** What the head holds: the index with the records' layout in place of their texts. */
interface StoredIndex {
  snapshot: Omit<IndexSnapshot, 'tools'> & { tools: Omit<ToolColumns, 'rest'> & { rest: RecordLayout } };
  diagnostics: Diagnostic[];
}

/**
 * The persisted index in `raw`, if the file was there, current and verified (the whole file: see
 * index-file.ts). A missing file, another version, key or signer is a quiet miss; a damaged file is a
 * miss with a warning. The index's records are read from the open file when first needed.
 */
export function checkIndexCache(cacheDir: string, key: string, raw: RawIndex): ReadOutcome {
  const path = join(cacheDir, INDEX_FILE);
  const corrupt = (why: string): ReadOutcome => ({
    diagnostic: { code: 'MDKG_CACHE_CORRUPT', severity: 'warning', message: `search index ${INDEX_FILE} is corrupt (${why}); rebuilding it`, file: path },
  });
  const read = verifyIndexFile(raw, KIND, key);
  const tooLarge = read.ok ? undefined : tooLargeMiss(read, `search index ${INDEX_FILE}`, path);
  if (tooLarge !== undefined) return { diagnostic: tooLarge };
  if (!read.ok) return read.damage === undefined && read.unreadable === undefined ? {} : corrupt(read.damage ?? read.unreadable ?? '');
  try {
    const stored = deserializeAligned(read.head) as Partial<StoredIndex> | null;
    if (stored === null || typeof stored !== 'object' || stored.snapshot === undefined || !Array.isArray(stored.diagnostics))
      throw new Error('malformed payload');
    const { tools } = stored.snapshot;
    const rest = new RecordFile(read.fd, read.tailStart, read.tailLength, tools.rest);
    return { index: { snapshot: { ...stored.snapshot, tools: { ...tools, rest } }, diagnostics: stored.diagnostics } };
  } catch (error) {
    closeSync(read.fd);
    return corrupt(error instanceof MdkgError || (error as Error).message === 'malformed payload' ? (error as Error).message : 'unreadable payload');
  }
}

/** `readRawIndex` then `checkIndexCache`. */
export async function readIndexCache(cacheDir: string, key: string): Promise<ReadOutcome> {
  return checkIndexCache(cacheDir, key, await readRawIndex(cacheDir));
}

/**
 * Writes the index atomically (a reader sees the old file or the new one, never half of one), unless
 * a document had changed less than two seconds before the fingerprint. Returns whether it wrote.
 */
export async function writeIndexCache(cacheDir: string, key: string, index: PersistedIndex, print: Fingerprint, racyMs = RACY_MS): Promise<boolean> {
  // A file changed just before the fingerprint was taken may change again within the same tick.
  if (print.takenAt - print.newest < racyMs) return false;
  // The head (the index with the records' layout), then the records' texts (index-file.ts).
  const { rest, iri } = index.snapshot.tools;
  const texts = 'text' in rest ? packStrings(Array.from({ length: iri.offsets.length - 1 }, (_, i) => rest.text(i))) : rest;
  const stored: StoredIndex = {
    snapshot: { ...index.snapshot, tools: { ...index.snapshot.tools, rest: recordLayout(texts.offsets, texts.bytes) } },
    diagnostics: index.diagnostics,
  };
  const head = serializeAligned(stored);
  await writeSignedBytes(join(cacheDir, INDEX_FILE), KIND, key, Buffer.concat([head, texts.bytes]), head.length);
  return true;
}
