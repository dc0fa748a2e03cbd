import { createHash } from 'node:crypto';
import { isMdkgError, type Diagnostic, type MdkgError } from '../errors.js';
import type { StoredQuads } from '../rdf/term-codec.js';
import type { CacheEntry } from './cache.js';
import type { ParseJob } from './parse-file.js';
import type { ScannedFile } from './scan.js';
import type { DocumentInfo, LoadStats } from './types.js';
import { fileIdentity } from '../util/file-identity.js';
import { readRegularFileSync } from '../util/read-file.js';

/** One document of a sync: its info, and its quads when they must (re-)enter the store. */
export interface Candidate {
  info: DocumentInfo;
  /** Parsed now (its quads, when usable, are in `entry.quads`). */
  fresh?: true;
  /** Quads of a document reused from the disk cache. */
  encoded?: StoredQuads;
  /** What the cache will keep; undefined when the store already holds an unchanged document. */
  entry?: CacheEntry;
}

export interface ReadContext {
  maxBytes: number;
  known: ReadonlyMap<string, DocumentInfo>;
  disk: ReadonlyMap<string, CacheEntry>;
  stats: LoadStats;
  diagnostics: Diagnostic[];
  /** Set when a reused cache entry learned its file's identity (the cache is then worth writing). */
  restated?: boolean;
  /** See LoadOptions.racyMs. */
  racyMs?: number;
}

/** A file changed this recently may change again within the same tick of its times: not trusted by identity. */
const RACY_MS = 2000;

/** The identity of a regular file (see CacheEntry.stat), or undefined when it is not one or changed too recently. */
function identity(path: string, racyMs = RACY_MS): string | undefined {
  const id = fileIdentity(path);
  return id === undefined || !id.isFile || Date.now() - id.changedAt < racyMs ? undefined : id.key;
}

function toInfo(entry: CacheEntry): DocumentInfo {
  const info: DocumentInfo = {
    path: entry.path,
    hash: entry.hash,
    iri: entry.iri,
    names: entry.names,
    links: entry.links,
    diagnostics: entry.diagnostics,
    usable: entry.usable,
    loaded: false,
  };
  if (entry.title !== undefined) info.title = entry.title;
  return info;
}

function tooLarge(file: ScannedFile, size: number, ctx: ReadContext): Candidate {
  const hash = `size:${size}`;
  const cached = ctx.disk.get(file.path);
  if (ctx.known.get(file.path)?.hash === hash || cached?.hash === hash) {
    ctx.stats.reused += 1;
    const entry = cached ?? undefined;
    return entry === undefined ? { info: ctx.known.get(file.path) as DocumentInfo } : { info: toInfo(entry), entry };
  }
  ctx.stats.parsed += 1;
  const diagnostic: Diagnostic = {
    code: 'MDKG_FILE_TOO_LARGE',
    severity: 'error',
    message: `document is ${size} bytes, over the limit of ${ctx.maxBytes}`,
    file: file.path,
    line: 1,
    column: 1,
  };
  const entry: CacheEntry = { path: file.path, hash, iri: '', names: [], links: [], usable: false, quads: { terms: [], spo: [] }, diagnostics: [diagnostic] };
  return { info: toInfo(entry), fresh: true, entry };
}

/**
 * Reads one file: refused from its size when too large (never read), reused when its content hash
 * matches what the store or the disk cache holds, else a job for the parser (parse-pool.ts). Sync
 * reads: measured faster than batched async reads for thousands of small files.
 */
export function readDocument(file: ScannedFile, ctx: ReadContext): Candidate | ParseJob | undefined {
  // Taken before reading: a write after it changes the ctime, so a stale identity never matches.
  const stat = identity(file.absolute, ctx.racyMs);
  const cached = ctx.disk.get(file.path);
  if (stat !== undefined && cached?.stat === stat && ctx.known.get(file.path) === undefined) {
    ctx.stats.reused += 1;
    ctx.stats.unread += 1;
    return { info: toInfo(cached), encoded: cached.usable ? cached.quads : { terms: [], spo: [] }, entry: cached };
  }
  let bytes: Uint8Array;
  try {
    // Only a regular file, never through a link that replaced it since the scan, size first.
    bytes = readRegularFileSync(file.absolute, { maxBytes: ctx.maxBytes, file: file.path, follow: false });
  } catch (error) {
    const e = error as MdkgError;
    if (e.code === 'MDKG_FILE_TOO_LARGE' && typeof e.details?.bytes === 'number') return tooLarge(file, e.details.bytes, ctx);
    const code = e.code === 'MDKG_PATH_ESCAPE' ? 'MDKG_PATH_ESCAPE' : 'MDKG_FILE_READ';
    ctx.diagnostics.push({
      code,
      severity: code === 'MDKG_PATH_ESCAPE' ? 'warning' : 'error',
      message: isMdkgError(error) ? error.message : `cannot read: ${(error as Error).message}`,
      file: file.path,
    });
    return undefined;
  }
  const hash = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  const known = ctx.known.get(file.path);
  if (known?.hash === hash && (known.loaded || !known.usable)) {
    ctx.stats.reused += 1;
    return { info: known };
  }
  // The cache's entries were checked as it was read (cache.ts): well formed, ids in range.
  if (cached?.hash === hash) {
    ctx.stats.reused += 1;
    if (cached.stat !== stat) {
      ctx.restated = true;
      if (stat === undefined) delete cached.stat;
      else cached.stat = stat;
    }
    return { info: toInfo(cached), encoded: cached.usable ? cached.quads : { terms: [], spo: [] }, entry: cached };
  }
  ctx.stats.parsed += 1;
  return { path: file.path, bytes, maxBytes: ctx.maxBytes, hash, ...(stat === undefined ? {} : { stat }) };
}

/** The candidate of a document parsed now. */
export function parsedCandidate(entry: CacheEntry): Candidate {
  return { info: toInfo(entry), fresh: true, entry };
}
