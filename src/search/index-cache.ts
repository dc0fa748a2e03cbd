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
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../errors.js';
import { readSignedRaw, type SignedFile, type SignedMiss, verifySignedBytes, writeSignedBytes } from '../graph/signed-file.js';
import { deserializeAligned, serializeAligned } from '../util/aligned-serialize.js';
import type { ScannedFile } from '../graph/scan.js';
import type { IndexSnapshot } from './tool-index.js';

export const INDEX_FILE = 'search-index.bin';
/** Format 7 (5 with aligned arrays, strings as UTF-8 bytes, sorted terms, a table of step weights); larger index files than 1 GiB are refused unread. */
const KIND: SignedFile = { format: 'mdkg-search-index', version: 7, maxBytes: 1024 * 1024 * 1024 };
/** A document changed this recently may not show in its times yet: the index is not written. */
export const RACY_MS = 2000;

/** What the file keeps besides the index: the load's problems, reported again on a warm run. */
export interface PersistedIndex {
  snapshot: IndexSnapshot;
  diagnostics: Diagnostic[];
}

export interface Fingerprint {
  /** sha256 of every file's path, then of its size, device, inode, mtime and ctime (ms) as doubles, in path order. */
  digest: string;
  /** The latest mtime or ctime of any file, in ms since the epoch. */
  newest: number;
  /** When the fingerprint was taken (ms since the epoch). */
  takenAt: number;
}

const byPath = (a: ScannedFile, b: ScannedFile): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/**
 * The fingerprint of the document files a scan found: the same identity as util/file-identity.ts
 * (`lstat`: a link is its own file; times in ms, see there), hashed as numbers rather than as text
 * (turning 20,000 fractional times into decimal text was a fifth of the fingerprint at 10,000
 * documents). Blocking calls: thousands of them are faster than awaiting each.
 */
export function fingerprint(files: readonly ScannedFile[]): Fingerprint {
  const takenAt = Date.now();
  let newest = 0;
  // A scan lists its files in path order already: sorted again only when they are not.
  let sorted = files;
  for (let i = 1; i < files.length; i += 1) {
    if (byPath(files[i - 1]!, files[i]!) > 0) {
      sorted = [...files].sort(byPath);
      break;
    }
  }
  const numbers = new Float64Array(sorted.length * 5);
  let paths = '';
  for (let i = 0; i < sorted.length; i += 1) {
    const file = sorted[i]!;
    paths += `${file.path}\0`;
    const s = lstatSync(file.absolute, { throwIfNoEntry: false });
    // A missing file (deleted since the scan) is all -1: no real identity has a negative size.
    if (s === undefined) {
      numbers.fill(-1, i * 5, i * 5 + 5);
      continue;
    }
    numbers[i * 5] = s.size;
    numbers[i * 5 + 1] = s.dev;
    numbers[i * 5 + 2] = s.ino;
    numbers[i * 5 + 3] = s.mtimeMs;
    numbers[i * 5 + 4] = s.ctimeMs;
    newest = Math.max(newest, s.mtimeMs, s.ctimeMs);
  }
  return { digest: createHash('sha256').update(paths).update(numbers).digest('hex'), newest: Math.floor(newest), takenAt };
}

/** The key of an index: the fingerprint and everything else the index depends on. */
export function indexKey(parts: { fingerprint: string; version: string; parser: string; params: unknown; models: unknown; texts?: string }): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export type ReadOutcome = { index: PersistedIndex } | { index?: undefined; diagnostic?: Diagnostic };

/** The index file's bytes, read but not checked (a read can start before the key is known: `checkIndexCache`). */
export type RawIndex = Awaited<ReturnType<typeof readSignedRaw>>;

export function readRawIndex(cacheDir: string): Promise<RawIndex> {
  return readSignedRaw(join(cacheDir, INDEX_FILE), KIND);
}

/**
 * The persisted index in `raw`, if the file was there, current and verified. A missing file, another
 * version, key or signer is a quiet miss; a damaged file is a miss with a warning.
 */
export function checkIndexCache(cacheDir: string, key: string, raw: RawIndex): ReadOutcome {
  const path = join(cacheDir, INDEX_FILE);
  const corrupt = (why: string): ReadOutcome => ({
    diagnostic: { code: 'MDKG_CACHE_CORRUPT', severity: 'warning', message: `search index ${INDEX_FILE} is corrupt (${why}); rebuilding it`, file: path },
  });
  const read: { ok: true; payload: Buffer } | SignedMiss = raw.ok ? verifySignedBytes(raw.bytes, KIND, key) : raw;
  if (!read.ok) return read.damage === undefined && read.unreadable === undefined ? {} : corrupt(read.damage ?? read.unreadable ?? '');
  let index: Partial<PersistedIndex> | null;
  try {
    index = deserializeAligned(read.payload) as Partial<PersistedIndex> | null;
  } catch {
    return corrupt('unreadable payload');
  }
  if (index === null || typeof index !== 'object' || index.snapshot === undefined || !Array.isArray(index.diagnostics)) return corrupt('malformed payload');
  return { index: index as PersistedIndex };
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
  await writeSignedBytes(join(cacheDir, INDEX_FILE), KIND, key, serializeAligned(index));
  return true;
}
