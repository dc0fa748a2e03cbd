// The persisted search index: a warm `mdkg search` or `mdkg serve` reads the index it built last
// time instead of loading the graph and tokenizing every tool. One binary file in the cache folder
// (`<graphs>/.mdkg/search-index.bin`): a JSON header line, then the index's data as V8 serializes it
// (typed arrays as they are). It is used only when
// - its header names this format version and this key: the mdkg version, the parser, the effective
//   search parameters and models, and a fingerprint of every document file (path, size, inode,
//   modification and change times in nanoseconds: an edit, a rename, a new or deleted file, even a
//   write that restores the old mtime, changes the change time);
// - it verifies: an HMAC of the payload with this user's secret (graph/cache-key.ts), so a file
//   another user or a repository brought is never deserialized, and a truncated or edited one is
//   detected and rebuilt with a warning.
// A fingerprint taken while a file was being written may miss the write (times are coarse): the
// index is not written when a document changed in the last two seconds.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { fileIdentity } from '../util/file-identity.js';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { Diagnostic, MdkgError } from '../errors.js';
import { cacheSecret } from '../graph/cache-key.js';
import { writeFileAtomic } from '../graph/atomic-write.js';
import type { ScannedFile } from '../graph/scan.js';
import { readRegularFile } from '../util/read-file.js';
import type { IndexSnapshot } from './tool-index.js';

export const INDEX_FILE = 'search-index.bin';
const FORMAT = 'mdkg-search-index';
const VERSION = 4;
/** Larger index files are refused unread. */
const MAX_INDEX_BYTES = 1024 * 1024 * 1024;
/** A document changed this recently may not show in its times yet: the index is not written. */
export const RACY_MS = 2000;

interface Header {
  format: string;
  version: number;
  key: string;
  bytes: number;
  mac: string;
  signer: string;
}

/** What the file keeps besides the index: the load's problems, reported again on a warm run. */
export interface PersistedIndex {
  snapshot: IndexSnapshot;
  diagnostics: Diagnostic[];
}

export interface Fingerprint {
  /** sha256 of every file's path, size, inode, mtime and ctime (ns), in path order. */
  digest: string;
  /** The latest mtime or ctime of any file, in ms since the epoch. */
  newest: number;
  /** When the fingerprint was taken (ms since the epoch). */
  takenAt: number;
}

/** The fingerprint of the document files a scan found (`lstat`: a link is its own file; blocking calls, thousands of them, are faster than awaiting each). */
export function fingerprint(files: readonly ScannedFile[]): Fingerprint {
  const takenAt = Date.now();
  const hash = createHash('sha256');
  let newest = 0;
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const file of sorted) {
    const id = fileIdentity(file.absolute);
    hash.update(`${file.path}\0${id?.key ?? 'missing'}\n`);
    if (id !== undefined) newest = Math.max(newest, id.changedAt);
  }
  return { digest: hash.digest('hex'), newest, takenAt };
}

/** The key of an index: the fingerprint and everything else the index depends on. */
export function indexKey(parts: { fingerprint: string; version: string; parser: string; params: unknown; models: unknown; texts?: string }): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

const mac = (payload: Uint8Array): Buffer => createHmac('sha256', cacheSecret()).update(payload).digest();
const signerId = (): string => createHash('sha256').update(cacheSecret()).digest('hex').slice(0, 16);

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
  let bytes: Buffer;
  try {
    bytes = await readRegularFile(path, { maxBytes: MAX_INDEX_BYTES, follow: false });
  } catch (error) {
    if ((error as MdkgError).code === 'MDKG_NOT_FOUND') return {};
    return corrupt((error as Error).message);
  }
  const newline = bytes.indexOf(0x0a);
  if (newline < 0 || newline > 4096) return corrupt('no header');
  let header: Header;
  try {
    header = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as Header;
  } catch {
    return corrupt('unreadable header');
  }
  if (header === null || typeof header !== 'object' || header.format !== FORMAT) return corrupt('not an mdkg search index');
  if (header.version !== VERSION || header.key !== key || header.signer !== signerId()) return {};
  const payload = bytes.subarray(newline + 1);
  if (payload.length !== header.bytes) return corrupt(`truncated: ${payload.length} of ${header.bytes} bytes`);
  const expected = mac(payload);
  const stated = Buffer.from(typeof header.mac === 'string' ? header.mac : '', 'hex');
  if (stated.length !== expected.length || !timingSafeEqual(stated, expected)) return corrupt('checksum mismatch: changed since it was written');
  let data: unknown;
  try {
    data = deserialize(payload);
  } catch {
    return corrupt('unreadable payload');
  }
  const index = data as Partial<PersistedIndex> | null;
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
  const payload = serialize(index);
  const header: Header = { format: FORMAT, version: VERSION, key, bytes: payload.length, mac: mac(payload).toString('hex'), signer: signerId() };
  await writeFileAtomic(join(cacheDir, INDEX_FILE), Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), payload]));
  return true;
}
