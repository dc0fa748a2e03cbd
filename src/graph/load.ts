import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DataFactory, Store } from 'n3';
import type { Quad } from '@rdfjs/types';
import type { Diagnostic } from '../errors.js';
import { DEFAULT_MAX_DOCUMENT_BYTES, parseDocument } from '../markdown-ld/parse.js';
import { defaultContext } from '../rdf/context.js';
import { documentToQuads } from '../rdf/to-quads.js';
import { readCache, writeCache, type CacheEntry } from './cache.js';
import { resolveLinks } from './links.js';
import { scanMarkdown, type ScannedFile } from './scan.js';
import { decodeQuads, encodeQuads } from './term-codec.js';
import type { DocumentInfo, LoadOptions, LoadStats } from './types.js';

const PARSER_VERSION = '1';
const READ_BATCH = 64;

/** Mutable state behind a KnowledgeGraph: the store, one DocumentInfo per file, link edges. */
export interface GraphState {
  root: string;
  store: Store;
  docs: Map<string, DocumentInfo>;
  mentions: Quad[];
  diagnostics: Diagnostic[];
}

interface Candidate {
  info: DocumentInfo;
  /** Fresh quads when parsed or decoded now; undefined when the store already holds them. */
  quads: Quad[] | undefined;
  entry: CacheEntry | undefined;
}

/** Cached entries are valid only for the same parser, default context and size limit. */
function currentCacheKey(maxBytes: number): string {
  return createHash('sha256').update(`${PARSER_VERSION}\n${maxBytes}\n`).update(JSON.stringify(defaultContext())).digest('hex').slice(0, 16);
}

export function emptyState(root: string): GraphState {
  return { root, store: new Store(), docs: new Map(), mentions: [], diagnostics: [] };
}

function toInfo(entry: CacheEntry): DocumentInfo {
  const info: DocumentInfo = { path: entry.path, hash: entry.hash, iri: entry.iri, names: entry.names, links: entry.links, diagnostics: entry.diagnostics, usable: entry.usable, loaded: false };
  if (entry.title !== undefined) info.title = entry.title;
  return info;
}

async function parseFile(path: string, bytes: Uint8Array, maxBytes: number, hash: string): Promise<{ entry: CacheEntry; quads: Quad[] }> {
  const parsed = parseDocument(bytes, path, { maxBytes, hash });
  const base = { path, hash: parsed.hash, links: parsed.links };
  if (!parsed.usable) {
    return { entry: { ...base, iri: '', names: [], diagnostics: parsed.diagnostics, usable: false, quads: { terms: [], spo: [] } }, quads: [] };
  }
  const rdf = await documentToQuads(parsed);
  const diagnostics = [...parsed.diagnostics, ...rdf.diagnostics];
  const usable = !diagnostics.some((d) => d.code === 'MDKG_JSONLD_INVALID' || d.code === 'MDKG_REMOTE_CONTEXT');
  const entry: CacheEntry = { ...base, iri: rdf.iri, names: rdf.names, diagnostics, usable, quads: encodeQuads(rdf.quads) };
  if (rdf.title !== undefined) entry.title = rdf.title;
  return { entry, quads: usable ? rdf.quads : [] };
}

/**
 * Brings `state` in line with the files under its root: unchanged documents (same content hash)
 * are neither parsed nor touched; changed, new, deleted and id-conflicting documents replace or
 * remove only their own named graph. Reuses the on-disk cache when enabled and writes it back.
 */
export async function syncState(state: GraphState, options: LoadOptions = {}): Promise<LoadStats> {
  const started = performance.now();
  const scanDiagnostics: Diagnostic[] = [];
  const files = await scanMarkdown(state.root, scanDiagnostics);
  const useCache = options.cache !== false;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_DOCUMENT_BYTES;
  const cacheDir = options.cacheDir ?? join(state.root, '.mdkg');
  const disk = useCache && state.docs.size === 0 ? await readCache(cacheDir, currentCacheKey(maxBytes)) : { entries: new Map<string, CacheEntry>() };
  if ('diagnostic' in disk && disk.diagnostic !== undefined) scanDiagnostics.push(disk.diagnostic);
  const shared = new Map();
  const stats: LoadStats = { files: files.length, parsed: 0, reused: 0, removed: 0, loaded: 0, triples: 0, ms: 0 };

  const candidates: Candidate[] = [];
  const readOne = async (file: ScannedFile): Promise<Candidate | undefined> => {
    let bytes: Uint8Array;
    try {
      const size = (await stat(file.absolute)).size;
      if (size > maxBytes) {
        // Refused without reading: a huge file must not cost memory.
        const known = disk.entries.get(file.path) ?? state.docs.get(file.path);
        if (known?.hash === `size:${size}`) {
          stats.reused += 1;
          const info = 'quads' in known ? toInfo(known) : known;
          return { info, quads: [], entry: 'quads' in known ? known : undefined };
        }
        stats.parsed += 1;
        const entry: CacheEntry = { path: file.path, hash: `size:${size}`, iri: '', names: [], links: [], usable: false, quads: { terms: [], spo: [] }, diagnostics: [
          { code: 'MDKG_FILE_TOO_LARGE', severity: 'error', message: `document is ${size} bytes, over the limit of ${maxBytes}`, file: file.path, line: 1, column: 1 },
        ] };
        return { info: toInfo(entry), quads: [], entry };
      }
      bytes = await readFile(file.absolute);
    } catch (error) {
      scanDiagnostics.push({ code: 'MDKG_FILE_READ', severity: 'error', message: `cannot read: ${(error as Error).message}`, file: file.path });
      return undefined;
    }
    const hash = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    const known = state.docs.get(file.path);
    if (known?.hash === hash && (known.loaded || !known.usable)) {
      stats.reused += 1;
      return { info: known, quads: undefined, entry: undefined };
    }
    const cached = disk.entries.get(file.path);
    if (cached?.hash === hash) {
      try {
        const quads = cached.usable ? decodeQuads(cached.quads, DataFactory.namedNode(cached.iri), shared) : [];
        stats.reused += 1;
        return { info: toInfo(cached), quads, entry: cached };
      } catch {
        scanDiagnostics.push({ code: 'MDKG_CACHE_CORRUPT', severity: 'warning', message: 'cache entry is corrupt; document parsed again', file: file.path });
      }
    }
    stats.parsed += 1;
    const fresh = await parseFile(file.path, bytes, maxBytes, hash);
    return { info: toInfo(fresh.entry), quads: fresh.quads, entry: fresh.entry };
  };
  for (let i = 0; i < files.length; i += READ_BATCH) {
    const batch = await Promise.all(files.slice(i, i + READ_BATCH).map(readOne));
    for (const c of batch) if (c !== undefined) candidates.push(c);
    options.onProgress?.(Math.min(i + READ_BATCH, files.length), files.length);
  }

  // Documents that are gone, or changed: their graphs leave the store first.
  const next = new Map(candidates.map((c) => [c.info.path, c]));
  for (const [path, old] of state.docs) {
    const now = next.get(path);
    if (now === undefined || now.quads !== undefined) {
      if (old.loaded) dropGraph(state.store, old.iri);
      if (now === undefined) stats.removed += 1;
    }
  }
  const dedupe = claimIds(candidates);
  for (const iri of dedupe.evicted) dropGraph(state.store, iri);
  state.store.removeQuads(state.mentions);
  for (const c of candidates) {
    if (c.info.loaded && c.quads !== undefined) state.store.addQuads(c.quads);
  }
  state.docs = new Map(candidates.map((c) => [c.info.path, c.info]));
  const loaded = candidates.filter((c) => c.info.loaded).map((c) => c.info);
  const links = resolveLinks(loaded);
  // A mention the document states itself is its own triple: only add (and later remove) the others.
  state.mentions = links.quads.filter((q) => !state.store.has(q));
  state.store.addQuads(state.mentions);
  state.diagnostics = [...scanDiagnostics, ...dedupe.diagnostics, ...candidates.flatMap((c) => c.info.diagnostics), ...links.diagnostics];
  stats.loaded = loaded.length;
  stats.triples = state.store.size;

  if (useCache && (stats.parsed > 0 || stats.removed > 0 || disk.entries.size !== candidates.length || 'diagnostic' in disk)) {
    try {
      await writeCache(cacheDir, currentCacheKey(maxBytes), candidates.map((c) => c.entry ?? entryFromStore(state, c.info)));
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
    diagnostics.push({ code: 'MDKG_DUPLICATE_ID', severity: 'error', message: `id ${c.info.iri} is already claimed by ${first}; this document is not loaded`, file: c.info.path, line: 1, column: 1 });
    if (wasLoaded && c.quads === undefined) evicted.push(c.info.iri);
  }
  return { diagnostics, evicted };
}

/** Removes a named graph synchronously (n3's deleteGraph is stream-based and finishes later). */
function dropGraph(store: Store, iri: string): void {
  store.removeQuads(store.getQuads(null, null, null, DataFactory.namedNode(iri)));
}

function entryFromStore(state: GraphState, info: DocumentInfo): CacheEntry {
  const key = (q: Quad): string => `${q.subject.value} ${q.predicate.value} ${q.object.value} ${q.graph.value}`;
  const mentions = new Set(state.mentions.map(key));
  const quads = info.loaded ? state.store.getQuads(null, null, null, DataFactory.namedNode(info.iri)).filter((q) => !mentions.has(key(q))) : [];
  const entry: CacheEntry = { path: info.path, hash: info.hash, iri: info.iri, names: info.names, links: info.links, diagnostics: info.diagnostics, usable: info.usable, quads: encodeQuads(quads) };
  if (info.title !== undefined) entry.title = info.title;
  return entry;
}
