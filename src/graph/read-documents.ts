import { createHash } from 'node:crypto';
import type { Diagnostic } from '../errors.js';
import type { StoredQuads } from '../rdf/term-codec.js';
import type { CacheEntry } from './cache.js';
import type { ParseJob } from './parse-file.js';
import type { ScannedFile } from './scan.js';
import type { DocumentInfo, LoadStats } from './types.js';
import { identity, readFileBytes, tooLargeDiagnostic } from './read-bytes.js';

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
  const diagnostic = tooLargeDiagnostic(file.path, size, ctx.maxBytes);
  const entry: CacheEntry = { path: file.path, hash, iri: '', names: [], links: [], usable: false, quads: { terms: [], spo: [] }, diagnostics: [diagnostic] };
  return { info: toInfo(entry), fresh: true, entry };
}

/**
 * Reads one file: refused from its size when too large (never read), reused when its content hash
 * matches what the store or the disk cache holds, else a job for the parser (parse-pool.ts). A file
 * with nothing to compare with (a cold load, a new file) is not read here: the job reads it, on a
 * parse worker when there are many. Sync reads: measured faster than batched async reads for
 * thousands of small files.
 */
export function readDocument(file: ScannedFile, ctx: ReadContext, taken?: { stat: string | undefined }): Candidate | ParseJob | undefined {
  const cached = ctx.disk.get(file.path);
  const known = ctx.known.get(file.path);
  if (known === undefined && cached === undefined) {
    ctx.stats.parsed += 1;
    return { path: file.path, absolute: file.absolute, maxBytes: ctx.maxBytes, ...(ctx.racyMs === undefined ? {} : { racyMs: ctx.racyMs }) };
  }
  // The identity, taken now or earlier (`taken`: while the cache was read), before the file is read.
  const stat = taken === undefined ? identity(file.absolute, ctx.racyMs) : taken.stat;
  if (stat !== undefined && cached?.stat === stat && known === undefined) {
    ctx.stats.reused += 1;
    ctx.stats.unread += 1;
    return { info: toInfo(cached), encoded: cached.usable ? cached.quads : { terms: [], spo: [] }, entry: cached };
  }
  const read = readFileBytes(file.path, file.absolute, ctx.maxBytes);
  if ('tooLarge' in read) return tooLarge(file, read.tooLarge, ctx);
  if ('failed' in read) {
    ctx.diagnostics.push(read.failed);
    return undefined;
  }
  const { bytes } = read;
  const hash = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
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
