// A tool index for a graph folder, from the persisted index when it is current (index-cache.ts),
// else by loading the graph and building it (then persisting it for the next run). The warm path
// loads neither the Markdown parser, jsonld nor the RDF store: only the scan, the file times and
// the index file.
import { join } from 'node:path';
import type { Diagnostic } from '../errors.js';
import type { KnowledgeGraph } from '../graph/knowledge-graph.js';
import { cacheDirProblem } from '../graph/cache-dir.js';
import { parseKey } from '../graph/parse-key.js';
import { DEFAULT_MAX_DOCUMENT_BYTES } from '../markdown-ld/limits.js';
import { checkIndexCache, discardRawIndex, type Fingerprint, fingerprintFolder, indexKey, readRawIndex, writeIndexCache } from './index-cache.js';
import { DEFAULT_CALIBRATION } from './params/calibration-model.js';
import { DEFAULT_RERANK } from './params/rerank-model.js';
import { type SearchOverrides, withOverrides } from './params/search-params.js';
import { ToolIndex } from './tool-index.js';
import { EMBEDDING_TEXT_VERSION } from './vector/embed-text.js';
import { PACKAGE_VERSION } from '../version.js';

/** The mdkg version the index format belongs to (kept in step with package.json by a test). */
export const INDEX_MDKG_VERSION = PACKAGE_VERSION;

export interface OpenIndexOptions {
  /** Read and write the caches (default true). */
  cache?: boolean;
  /** Cache folder (default `<root>/.mdkg`). */
  cacheDir?: string;
  overrides?: SearchOverrides;
  onProgress?: (done: number, total: number) => void;
  /**
   * The index is not written while a document changed less than this long ago (default 2000 ms:
   * file times are coarse on some file systems). Tests on file systems with nanosecond times use 0.
   */
  racyMs?: number;
  /** Keep each tool's embedding text in the index (for vectors; a separate persisted index). */
  vectorTexts?: boolean;
  /** Learned pairs: days a pair is used (config `learned.ttl_days`, default 30) and the time to expire them against. */
  learned?: { ttlDays?: number; now?: Date };
}

export interface OpenedIndex {
  index: ToolIndex;
  /** The graph's load problems (from the load, or as the persisted index recorded them), then cache warnings. */
  diagnostics: Diagnostic[];
  /** True when the persisted index served. */
  warm: boolean;
  /** The loaded graph, when it was loaded (cold path). */
  graph?: KnowledgeGraph;
}

export async function openToolIndex(root: string, options: OpenIndexOptions = {}): Promise<OpenedIndex> {
  const overrides = {
    ...(options.overrides === undefined ? {} : { overrides: options.overrides }),
    ...(options.vectorTexts === true ? { vectorTexts: true } : {}),
    ...(options.learned === undefined ? {} : { learned: options.learned }),
  };
  const cacheDir = options.cacheDir ?? join(root, '.mdkg');
  // The default cache folder is used only when it is a real folder or missing (the load says why otherwise).
  const persist = options.cache !== false && (options.cacheDir !== undefined || (await cacheDirProblem(cacheDir)) === undefined);
  const notes: Diagnostic[] = [];
  let key: string | undefined;
  let print: Fingerprint | undefined;
  if (persist) {
    // The index file is read while the documents are listed and stat'ed (the read runs on libuv's
    // threads; the stat calls block this one), then checked against the key they give.
    // (readRawIndex never rejects; a walk that throws closes the file.)
    const raw = readRawIndex(cacheDir);
    try {
      print = await fingerprintFolder(root);
    } catch (error) {
      discardRawIndex(await raw);
      throw error;
    }
    key = indexKey({
      fingerprint: print.digest,
      version: INDEX_MDKG_VERSION,
      parser: parseKey(DEFAULT_MAX_DOCUMENT_BYTES),
      params: withOverrides(options.overrides),
      models: { calibration: DEFAULT_CALIBRATION, rerank: DEFAULT_RERANK },
      ...(options.vectorTexts === true ? { texts: EMBEDDING_TEXT_VERSION } : {}),
    });
    const read = checkIndexCache(cacheDir, key, await raw);
    if (read.index !== undefined) {
      const index = ToolIndex.fromSnapshot(read.index.snapshot, overrides);
      return { index, diagnostics: [...read.index.diagnostics, ...index.learnedDiagnostics], warm: true };
    }
    if (read.diagnostic !== undefined) notes.push(read.diagnostic);
  }
  const { loadGraph } = await import('../graph/knowledge-graph.js');
  const graph = await loadGraph(root, {
    cache: options.cache !== false,
    ...(options.cacheDir === undefined ? {} : { cacheDir: options.cacheDir }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  });
  const index = ToolIndex.build(graph, overrides);
  const diagnostics = [...graph.diagnostics];
  if (persist && key !== undefined && print !== undefined) {
    try {
      await writeIndexCache(cacheDir, key, { snapshot: index.snapshot(), diagnostics }, print, options.racyMs);
    } catch (error) {
      notes.push({ code: 'MDKG_FILE_WRITE', severity: 'warning', message: `search index not written: ${(error as Error).message}`, file: cacheDir });
    }
  }
  return { index, diagnostics: [...diagnostics, ...index.learnedDiagnostics, ...notes], warm: false, graph };
}
