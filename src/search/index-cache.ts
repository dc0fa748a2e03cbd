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
import { fileIdentity } from '../util/file-identity.js';
import { join } from 'node:path';
import type { Diagnostic } from '../errors.js';
import { readSignedFile, type SignedFile, writeSignedFile } from '../graph/signed-file.js';
import type { ScannedFile } from '../graph/scan.js';
import type { IndexSnapshot } from './tool-index.js';

export const INDEX_FILE = 'search-index.bin';
/** Format 5 (4 + the learned pairs); larger index files than 1 GiB are refused unread. */
const KIND: SignedFile = { format: 'mdkg-search-index', version: 5, maxBytes: 1024 * 1024 * 1024 };
/** A document changed this recently may not show in its times yet: the index is not written. */
export const RACY_MS = 2000;

/** What the file keeps besides the index: the load's problems, reported again on a warm run. */
export interface PersistedIndex {
  snapshot: IndexSnapshot;
  diagnostics: Diagnostic[];
}

export interface Fingerprint {
  /** sha256 of every file's path, size, device, inode, mtime and ctime, in path order (util/file-identity.ts). */
  digest: string;
  /** The latest mtime or ctime of any file, in ms since the epoch. */
  newest: number;
  /** When the fingerprint was taken (ms since the epoch). */
  takenAt: number;
}

/** The fingerprint of the document files a scan found (`lstat`: a link is its own file; blocking calls, thousands of them, are faster than awaiting each). */
export function fingerprint(files: readonly ScannedFile[]): Fingerprint {
  const takenAt = Date.now();
  let newest = 0;
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  // One line per file, hashed at once (one update per file was a tenth of the fingerprint).
  const lines = new Array<string>(sorted.length);
  for (let i = 0; i < sorted.length; i += 1) {
    const file = sorted[i] as ScannedFile;
    const id = fileIdentity(file.absolute);
    lines[i] = `${file.path}\0${id?.key ?? 'missing'}\n`;
    if (id !== undefined) newest = Math.max(newest, id.changedAt);
  }
  return { digest: createHash('sha256').update(lines.join('')).digest('hex'), newest, takenAt };
}

/** The key of an index: the fingerprint and everything else the index depends on. */
export function indexKey(parts: { fingerprint: string; version: string; parser: string; params: unknown; models: unknown; texts?: string }): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export type ReadOutcome = { index: PersistedIndex } | { index?: undefined; diagnostic?: Diagnostic };

/**
 * The persisted index for `key`, if the file is there, current and verified. A missing file, another
 * version, key or signer is a quiet miss; a damaged file is a miss with a warning.
 */
export async function readIndexCache(cacheDir: string, key: string): Promise<ReadOutcome> {
  const path = join(cacheDir, INDEX_FILE);
  const corrupt = (why: string): ReadOutcome => ({
    diagnostic: { code: 'MDKG_CACHE_CORRUPT', severity: 'warning', message: `search index ${INDEX_FILE} is corrupt (${why}); rebuilding it`, file: path },
  });
  const read = await readSignedFile(path, KIND, key);
  if (!read.ok) return read.damage === undefined && read.unreadable === undefined ? {} : corrupt(read.damage ?? read.unreadable ?? '');
  const index = read.payload as Partial<PersistedIndex> | null;
  if (index === null || typeof index !== 'object' || index.snapshot === undefined || !Array.isArray(index.diagnostics)) return corrupt('malformed payload');
  return { index: index as PersistedIndex };
}

/**
 * Writes the index atomically (a reader sees the old file or the new one, never half of one), unless
 * a document had changed less than two seconds before the fingerprint. Returns whether it wrote.
 */
export async function writeIndexCache(cacheDir: string, key: string, index: PersistedIndex, print: Fingerprint, racyMs = RACY_MS): Promise<boolean> {
  // A file changed just before the fingerprint was taken may change again within the same tick.
  if (print.takenAt - print.newest < racyMs) return false;
  await writeSignedFile(join(cacheDir, INDEX_FILE), KIND, key, index);
  return true;
}
