// The persisted code index: a warm `mdkg search-code` reads the code index it built last time
// (`<graphs>/.mdkg/code-index.bin`) instead of loading the graph and indexing every symbol. One
// signed file (graph/signed-file.ts: a JSON header line with an HMAC of the payload with this user's
// secret, then the payload V8-serialized): the code catalog (code-records.ts), the symbols' BM25
// index and the file-level field (file-field.ts) each as four arrays (search/text/bm25.ts
// `packBm25`), the learned pairs and the load's problems.
// It is used only when its header names this format version and this key: the mdkg version, the
// BM25 parameters (the symbols' and the file field's) and the content hash of every document file of the graph folder (sha256 of each
// file's bytes, with its path), so an edited, added, removed or renamed document makes it stale
// (rebuilt quietly). A file another user or a repository brought is never deserialized; a damaged
// one is rebuilt with a warning (MDKG_CACHE_CORRUPT).
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostic } from '../errors.js';
import { scanMarkdown } from '../graph/scan.js';
import { readSignedFile, type SignedFile, tooLargeMiss, writeSignedFile } from '../graph/signed-file.js';
import type { PairRecord } from '../search/learned/pair-records.js';
import { Bm25Index, type Bm25Params, type PackedBm25, packBm25, unpackBm25 } from '../search/text/bm25.js';
import { CODE_BM25, type CodeCatalog, CodeIndex } from './code-index.js';
import { fileFieldBm25 } from './file-field.js';
import { PACKAGE_VERSION } from '../version.js';

export const CODE_INDEX_FILE = 'code-index.bin';
const KIND: SignedFile = { format: 'mdkg-code-index', version: 2, maxBytes: 512 * 1024 * 1024 };
/** Part of the key: a new mdkg version rebuilds the file. */
export const CODE_INDEX_MDKG_VERSION = PACKAGE_VERSION;

/** What the file keeps. */
export interface CodeSnapshot {
  catalog: CodeCatalog;
  bm25: PackedBm25;
  /** The file-level field (file-field.ts), packed like `bm25` (format version 2). */
  fileField: PackedBm25;
  pairs: PairRecord[];
  /** The graph load's problems, reported again on a warm run. */
  diagnostics: Diagnostic[];
}

/** The snapshot of a built index. */
export function codeSnapshot(index: CodeIndex, pairs: PairRecord[], diagnostics: readonly Diagnostic[]): CodeSnapshot {
  const catalog: CodeCatalog = { files: [...index.files], symbols: [...index.symbols], fileCalls: new Map(index.fileCalls as Map<number, number[]>) };
  return { catalog, bm25: packBm25(index.bm25.state()), fileField: packBm25(index.fileField.state()), pairs, diagnostics: [...diagnostics] };
}

/**
 * The key of the code index of the graph folder `graphs`: the content hash of every document file
 * (the files the loader reads: graph/scan.ts), the mdkg version and the BM25 parameters. Files are
 * read whole (3.6 MB for 5,300 symbols).
 */
export async function codeIndexKey(graphs: string, params: Bm25Params = CODE_BM25): Promise<string> {
  const files = await scanMarkdown(graphs, []);
  // One hash over every path, length and content, read blocking into one reused buffer: hundreds of
  // small reads awaited one by one through libuv's threads, or a fresh buffer each, cost more than the reads.
  const digest = createHash('sha256');
  let buffer = Buffer.allocUnsafe(256 * 1024);
  for (const f of files) {
    const fd = openSync(f.absolute, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      const size = fstatSync(fd).size;
      if (size > buffer.length) buffer = Buffer.allocUnsafe(size);
      let length = 0;
      for (let n = 1; n > 0 && length < size; length += n) n = readSync(fd, buffer, length, size - length, length);
      digest.update(`${f.path}\0${length}\0`).update(buffer.subarray(0, length));
    } finally {
      closeSync(fd);
    }
  }
  return createHash('sha256')
    .update(JSON.stringify({ version: CODE_INDEX_MDKG_VERSION, params, fileField: fileFieldBm25(), documents: digest.digest('hex') }))
    .digest('hex');
}

export type CodeReadOutcome = { snapshot: CodeSnapshot; diagnostic?: undefined } | { snapshot?: undefined; diagnostic?: Diagnostic };

/** The persisted snapshot if current and verified; a missing or stale file is a quiet miss, a damaged one a miss with a warning. */
export async function readCodeIndexCache(cacheDir: string, key: string): Promise<CodeReadOutcome> {
  const path = join(cacheDir, CODE_INDEX_FILE);
  const corrupt = (why: string): CodeReadOutcome => ({
    diagnostic: { code: 'MDKG_CACHE_CORRUPT', severity: 'warning', message: `code index ${CODE_INDEX_FILE} is corrupt (${why}); rebuilding it`, file: path },
  });
  const read = await readSignedFile(path, KIND, key);
  if (!read.ok) {
    const tooLarge = tooLargeMiss(read, `code index ${CODE_INDEX_FILE}`, path);
    if (tooLarge !== undefined) return { diagnostic: tooLarge };
    return read.damage === undefined && read.unreadable === undefined ? {} : corrupt(read.damage ?? read.unreadable ?? '');
  }
  const s = read.payload as Partial<CodeSnapshot> | null;
  if (
    s === null ||
    typeof s !== 'object' ||
    s.catalog === undefined ||
    !Array.isArray(s.catalog.files) ||
    !Array.isArray(s.catalog.symbols) ||
    !(s.catalog.fileCalls instanceof Map) ||
    s.bm25 === undefined ||
    !(s.bm25.offsets instanceof Int32Array) ||
    s.fileField === undefined ||
    !(s.fileField.offsets instanceof Int32Array) ||
    !Array.isArray(s.pairs) ||
    !Array.isArray(s.diagnostics)
  )
    return corrupt('malformed payload');
  return { snapshot: s as CodeSnapshot };
}

/** Writes the snapshot atomically (a reader sees the old file or the new one). */
export async function writeCodeIndexCache(cacheDir: string, key: string, snapshot: CodeSnapshot): Promise<void> {
  await writeSignedFile(join(cacheDir, CODE_INDEX_FILE), KIND, key, snapshot);
}

/** The index a snapshot holds (no BM25 build: the persisted postings are read in place). */
export function indexFromSnapshot(snapshot: CodeSnapshot): CodeIndex {
  return new CodeIndex(snapshot.catalog, CODE_BM25, Bm25Index.fromState(unpackBm25(snapshot.bm25)), Bm25Index.fromState(unpackBm25(snapshot.fileField)));
}

export interface OpenedCodeIndex {
  index: CodeIndex;
  pairs: readonly PairRecord[];
  /** The graph load's problems (kept in the file, reported again on a warm run). */
  loadDiagnostics: readonly Diagnostic[];
  /** The persisted index's own problems (damaged, not written). */
  diagnostics: Diagnostic[];
  fromCache: boolean;
}

/**
 * The code index of the graph folder `graphs`: the persisted one in `cacheDir` when current, else
 * `load()`'s (the graph loaded and indexed), then persisted. Without `cacheDir`, always `load()`.
 */
export async function openCodeIndex(
  graphs: string,
  cacheDir: string | undefined,
  load: () => Promise<{ index: CodeIndex; pairs: PairRecord[]; diagnostics: readonly Diagnostic[] }>,
): Promise<OpenedCodeIndex> {
  if (cacheDir === undefined) {
    const loaded = await load();
    return { index: loaded.index, pairs: loaded.pairs, loadDiagnostics: loaded.diagnostics, diagnostics: [], fromCache: false };
  }
  // A document that cannot be read for the key (gone since the scan, unreadable): the graph is
  // loaded as without a cache folder, and its load reports the file.
  const key = await codeIndexKey(graphs).catch(() => undefined);
  if (key === undefined) return openCodeIndex(graphs, undefined, load);
  const read = await readCodeIndexCache(cacheDir, key);
  if (read.snapshot !== undefined)
    return {
      index: indexFromSnapshot(read.snapshot),
      pairs: read.snapshot.pairs,
      loadDiagnostics: read.snapshot.diagnostics,
      diagnostics: [],
      fromCache: true,
    };
  const diagnostics = read.diagnostic === undefined ? [] : [read.diagnostic];
  const loaded = await load();
  try {
    await mkdir(cacheDir, { recursive: true });
    await writeCodeIndexCache(cacheDir, key, codeSnapshot(loaded.index, loaded.pairs, loaded.diagnostics));
  } catch (error) {
    diagnostics.push({ code: 'MDKG_FILE_WRITE', severity: 'warning', message: `code index not written: ${(error as Error).message}`, file: cacheDir });
  }
  return { index: loaded.index, pairs: loaded.pairs, loadDiagnostics: loaded.diagnostics, diagnostics, fromCache: false };
}
