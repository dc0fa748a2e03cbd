import { join } from 'node:path';
import { DataFactory } from 'n3';
import type { Quad } from '@rdfjs/types';
import type { Diagnostic } from '../errors.js';
import { DEFAULT_MAX_DOCUMENT_BYTES } from '../markdown-ld/limits.js';
import { parseKey } from './parse-key.js';
import { cacheDirProblem } from './cache-dir.js';
import { QuadStore } from '../rdf/quad-store.js';
import { readCache, writeCache, type CacheEntry } from './cache.js';
import { resolveLinks } from './links.js';
import type { ParseJob } from './parse-file.js';
import { ParsePool, yieldToEvents } from './parse-pool.js';
import { parsedCandidate, readDocument, type Candidate, type ReadContext } from './read-documents.js';
import { scanMarkdown } from './scan.js';
import { identity } from './read-bytes.js';
import type { DocumentInfo, LoadOptions, LoadStats } from './types.js';
import { capDiagnostics } from './diagnostic-cap.js';

const PROGRESS_EVERY = 256;
/** While workers parse, files read between two turns of the event loop. */
const YIELD_EVERY = 32;
/** Identities taken between two looks at whether the cache file has been read. */
const IDENTITIES_EVERY = 128;

/** Mutable state behind a KnowledgeGraph: the store, one DocumentInfo per file, link edges. */
export interface GraphState {
  root: string;
  store: QuadStore;
  docs: Map<string, DocumentInfo>;
  /** `schema:mentions` quads added for wiki links (not stated by the documents themselves). */
  mentions: Quad[];
  diagnostics: Diagnostic[];
}

/** True when `dir` is a real folder or does not exist; otherwise a diagnostic and false. */
async function realFolderOrMissing(dir: string, diagnostics: Diagnostic[]): Promise<boolean> {
  const what = await cacheDirProblem(dir);
  if (what === undefined) return true;
  diagnostics.push({ code: 'MDKG_PATH_ESCAPE', severity: 'warning', message: `the cache folder is ${what}: the cache is neither read nor written`, file: dir });
  return false;
}

export function emptyState(root: string): GraphState {
  return { root, store: new QuadStore(), docs: new Map(), mentions: [], diagnostics: [] };
}

const changed = (c: Candidate): boolean => c.fresh !== undefined || c.encoded !== undefined;

/**
 * Brings `state` in line with the files under its root: unchanged documents (same content hash)
 * are neither parsed nor touched; changed, new, deleted and id-conflicting documents replace or
 * remove only their own named graph. Reuses the on-disk cache when enabled and writes it back.
 */
export async function syncState(state: GraphState, options: LoadOptions = {}): Promise<LoadStats> {
  const started = performance.now();
  const diagnostics: Diagnostic[] = [];
  const files = await scanMarkdown(state.root, diagnostics);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_DOCUMENT_BYTES;
  const cacheDir = options.cacheDir ?? join(state.root, '.mdkg');
  // The default cache folder is inside the graph folder: a link there (to a folder elsewhere) or a
  // file in its place is not used, so the cache is never read or written through it.
  const cacheSafe = options.cacheDir !== undefined || (await realFolderOrMissing(cacheDir, diagnostics));
  const useCache = options.cache !== false && cacheSafe;
  const key = parseKey(maxBytes);
  // The disk cache serves the first load; refreshes keep the store current and leave the file alone
  // (the next process start re-parses only what changed since the cache was written).
  const firstLoad = state.docs.size === 0;
  type Disk = Awaited<ReturnType<typeof readCache>>;
  let settled = false;
  const reading: Promise<Disk> = useCache && firstLoad ? readCache(cacheDir, key) : Promise.resolve({ entries: new Map<string, CacheEntry>() });
  void reading.finally(() => {
    settled = true;
  });
  // While the cache file is read (off this thread), the files' identities are taken: the reads
  // below need them for the files the cache knows. Each is still taken before its file is read.
  const identities: (string | undefined)[] = [];
  if (useCache && firstLoad) {
    for (let i = 0; i < files.length && !settled; i += 1) {
      identities[i] = identity((files[i] as (typeof files)[number]).absolute, options.racyMs);
      if (i % IDENTITIES_EVERY === IDENTITIES_EVERY - 1) await yieldToEvents();
    }
  }
  const disk = await reading;
  if (disk.diagnostic !== undefined) diagnostics.push(disk.diagnostic);
  const stats: LoadStats = { files: files.length, parsed: 0, reused: 0, unread: 0, removed: 0, loaded: 0, triples: 0, ms: 0 };

  const ctx: ReadContext = {
    maxBytes,
    known: state.docs,
    disk: disk.entries,
    stats,
    diagnostics,
    ...(options.racyMs === undefined ? {} : { racyMs: options.racyMs }),
  };
  // Files are read in order; those to parse are parsed together (on every core when many), and
  // take their place in the order again.
  // Parsing starts while files are still read (workers for a large cold load, see parse-pool.ts).
  const read: (Candidate | ParseJob)[] = [];
  let jobs = 0;
  let reusedCount = 0;
  const pool = new ParsePool((done) => options.onProgress?.(reusedCount + done, files.length));
  try {
    for (const [i, file] of files.entries()) {
      const c = readDocument(file, ctx, i < identities.length ? { stat: identities[i] } : undefined);
      if (c !== undefined) read.push(c);
      if (c !== undefined && !('info' in c)) {
        jobs += 1;
        pool.add(c);
      } else if ((i + 1) % PROGRESS_EVERY === 0 || i + 1 === files.length) options.onProgress?.(i + 1 - jobs, files.length);
      reusedCount = i + 1 - jobs;
      // Lets the workers' answers in (and each take its next batch) now and then.
      if (pool.started && i % YIELD_EVERY === 0) await yieldToEvents();
    }
  } catch (error) {
    pool.abort();
    throw error;
  }
  const entries = await pool.finish();
  let parsedAt = 0;
  const candidates: Candidate[] = [];
  for (const c of read) {
    const entry = 'info' in c ? undefined : entries[parsedAt++]!;
    if (entry === undefined) candidates.push(c as Candidate);
    else if ('failed' in entry) {
      // A file read by its job (see readDocument) that could not be: as if the read had failed here.
      diagnostics.push(entry.failed);
      stats.parsed -= 1;
    } else candidates.push(parsedCandidate(entry));
  }

  // Graphs of changed and deleted documents leave the store first, then link edges are redone.
  const next = new Map(candidates.map((c) => [c.info.path, c]));
  for (const [path, old] of state.docs) {
    const now = next.get(path);
    if (now === undefined) stats.removed += 1;
    if ((now === undefined || changed(now)) && old.loaded) state.store.deleteGraph(DataFactory.namedNode(old.iri));
  }
  const claims = claimIds(candidates);
  for (const iri of claims.evicted) state.store.deleteGraph(DataFactory.namedNode(iri));
  state.store.removeQuads(state.mentions);
  // Mostly reused from the disk cache: its term table becomes the store's, decoded on demand.
  const reused = candidates.reduce((n, c) => n + (c.encoded !== undefined && 'table' in c.encoded ? 1 : 0), 0);
  if (disk.table !== undefined && 2 * reused >= candidates.length) state.store.adoptTable(disk.table);
  for (const c of candidates) {
    if (!c.info.loaded) continue;
    // A parsed document's quads go in through their encoding too (all in the document's own graph):
    // the store then adds them without scanning for duplicates quad by quad.
    const encoded = c.encoded ?? (c.fresh === true && c.entry?.usable === true ? c.entry.quads : undefined);
    if (encoded !== undefined) state.store.addEncoded(DataFactory.namedNode(c.info.iri), encoded);
  }
  const writing =
    useCache && firstLoad && (stats.parsed > 0 || ctx.restated === true || disk.entries.size !== candidates.length || disk.diagnostic !== undefined);
  // Each document's triples as the store holds them, before link edges join its graph.
  const held = new Map<string, { spo: Uint32Array; graph: number }>();
  if (writing) {
    for (const c of candidates) {
      const ids = c.info.loaded && c.entry !== undefined ? state.store.graphIds(DataFactory.namedNode(c.info.iri)) : undefined;
      if (ids !== undefined && c.entry !== undefined) held.set(c.entry.path, ids);
    }
  }
  state.docs = new Map(candidates.map((c) => [c.info.path, c.info]));
  const loaded = candidates.filter((c) => c.info.loaded).map((c) => c.info);
  const links = resolveLinks(loaded);
  // A mention the document states itself is its own triple: only add (and later remove) the others.
  state.mentions = links.quads.filter((q) => !state.store.has(q));
  state.store.addQuads(state.mentions);
  state.diagnostics = capDiagnostics([...diagnostics, ...claims.diagnostics, ...candidates.flatMap((c) => c.info.diagnostics), ...links.diagnostics]);
  stats.loaded = loaded.length;
  stats.triples = state.store.size;

  if (writing) {
    try {
      await writeCache(
        cacheDir,
        key,
        candidates.flatMap((c) => (c.entry === undefined ? [] : [c.entry])),
        { terms: state.store.codes(), graphs: held },
      );
    } catch (error) {
      state.diagnostics.push({ code: 'MDKG_FILE_WRITE', severity: 'warning', message: `cache not written: ${(error as Error).message}`, file: cacheDir });
    }
  }
  stats.ms = performance.now() - started;
  return stats;
}

/**
 * The first document (by path) to claim an id keeps it; later ones are errors and stay out.
 * Returns the diagnostics and the graphs of documents that were loaded, are unchanged and lost their id.
 */
function claimIds(candidates: Candidate[]): { diagnostics: Diagnostic[]; evicted: string[] } {
  const owner = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  const evicted: string[] = [];
  for (const c of candidates) {
    const wasLoaded = c.info.loaded;
    c.info.loaded = false;
    if (!c.info.usable) continue;
    const first = owner.get(c.info.iri);
    if (first === undefined) {
      owner.set(c.info.iri, c.info.path);
      c.info.loaded = true;
      continue;
    }
    diagnostics.push({
      code: 'MDKG_DUPLICATE_ID',
      severity: 'error',
      message: `id ${c.info.iri} is already claimed by ${first}; this document is not loaded`,
      file: c.info.path,
      line: 1,
      column: 1,
    });
    if (wasLoaded && !changed(c)) evicted.push(c.info.iri);
  }
  return { diagnostics, evicted };
}
