// The vectors of an index's tools: each tool's embedding text embedded once (through the vector
// cache when there is a cache folder, so only changed texts are embedded again), kept in an exact
// cosine index, and a request embedded at search time under a time limit. Every failure is a
// diagnostic for the caller: vectors are optional and never make a load or a search fail.
import type { Diagnostic } from '../../errors.js';
import { isMdkgError } from '../../errors.js';
import { CosineIndex, type Scored } from './cosine-index.js';
import { checkVectors, type EmbeddingProvider, raceAbort } from './provider.js';
import { readVectorCache, textHash, vectorCacheFile, writeVectorCache } from './vector-cache.js';

/** Default time limit of embedding one request (ms). */
export const QUERY_TIMEOUT_MS = 5000;

export interface ToolVectors {
  readonly provider: EmbeddingProvider;
  readonly index: CosineIndex;
  /** Time limit of embedding a request (ms). */
  readonly queryTimeoutMs: number;
}

export interface EmbedToolsOptions {
  /** Cache folder (e.g. `<graphs>/.mdkg`); no cache when absent. */
  cacheDir?: string;
  /** The cache file's name before the model hash (default `vectors`; code symbols use `code-vectors`). */
  cacheName?: string;
  /** What the texts are, for diagnostics (default `the tools`). */
  what?: string;
  queryTimeoutMs?: number;
  signal?: AbortSignal;
  /** Called with the texts embedded so far and the number to embed (0 first); the texts are then embedded in batches of `PROGRESS_BATCH`. */
  onProgress?: (done: number, total: number) => void;
}

/** Texts per provider call when progress is reported. */
export const PROGRESS_BATCH = 64;

export interface EmbedToolsStats {
  texts: number;
  /** Texts whose vectors came from the cache. */
  cached: number;
  /** Texts embedded now. */
  embedded: number;
  ms: number;
}

export interface EmbeddedTools {
  vectors?: ToolVectors;
  diagnostics: Diagnostic[];
  stats: EmbedToolsStats;
}

/** Embeds the tools' texts (index order) with `provider`, reusing and refreshing the cache. */
export async function embedTools(texts: readonly string[], provider: EmbeddingProvider, options: EmbedToolsOptions = {}): Promise<EmbeddedTools> {
  const started = performance.now();
  const diagnostics: Diagnostic[] = [];
  const hashes = texts.map(textHash);
  const file = options.cacheDir === undefined ? undefined : vectorCacheFile(options.cacheDir, provider.modelId, options.cacheName);
  let cached = new Map<string, Float32Array>();
  if (file !== undefined) {
    const read = await readVectorCache(file, provider.modelId, provider.dimensions);
    cached = read.vectors;
    if (read.diagnostic !== undefined) diagnostics.push(read.diagnostic);
  }
  const missing = [...new Set(hashes.filter((h) => !cached.has(h)))];
  const textOf = new Map(hashes.map((h, i) => [h, texts[i]!]));
  const stats = (embedded: number): EmbedToolsStats => ({ texts: texts.length, cached: texts.length - embedded, embedded, ms: performance.now() - started });
  const fresh = new Map<string, Float32Array>();
  if (missing.length > 0) {
    let vectors: Float32Array[];
    try {
      const all = missing.map((h) => textOf.get(h)!);
      const { onProgress } = options;
      if (onProgress === undefined) vectors = checkVectors(await provider.embed(all, options.signal), missing.length, provider.dimensions, provider.modelId);
      else {
        vectors = [];
        onProgress(0, all.length);
        for (let at = 0; at < all.length; at += PROGRESS_BATCH) {
          const part = all.slice(at, at + PROGRESS_BATCH);
          vectors.push(...checkVectors(await provider.embed(part, options.signal), part.length, provider.dimensions, provider.modelId));
          onProgress(at + part.length, all.length);
        }
      }
    } catch (error) {
      diagnostics.push({
        code: 'MDKG_EMBEDDINGS_UNAVAILABLE',
        severity: 'warning',
        message: `${options.what ?? 'the tools'} could not be embedded (${isMdkgError(error) ? `${error.code}: ` : ''}${(error as Error).message}); vectors are off`,
      });
      return { diagnostics, stats: stats(0) };
    }
    for (const [i, h] of missing.entries()) fresh.set(h, vectors[i]!);
  }
  const current = new Map<string, Float32Array>();
  for (const h of hashes) current.set(h, fresh.get(h) ?? cached.get(h)!);
  // Rewritten when something was embedded or the file held other texts (kept to this index's texts).
  if (file !== undefined && (fresh.size > 0 || cached.size !== current.size)) {
    try {
      await writeVectorCache(file, provider.modelId, provider.dimensions, current);
    } catch (error) {
      diagnostics.push({ code: 'MDKG_FILE_WRITE', severity: 'warning', message: `vector cache not written: ${(error as Error).message}`, file });
    }
  }
  const index = new CosineIndex(
    hashes.map((h) => current.get(h)!),
    provider.dimensions,
  );
  return { vectors: { provider, index, queryTimeoutMs: options.queryTimeoutMs ?? QUERY_TIMEOUT_MS }, diagnostics, stats: stats(missing.length) };
}

/** The `k` tools nearest to `request` (row = tool index), or a failure (MDKG_EMBEDDINGS_FAILED) thrown. */
export async function nearestTools(vectors: ToolVectors, request: string, k: number): Promise<Scored[]> {
  return vectors.index.search(await embedRequest(vectors, request), k);
}

/** The request's vector, or a failure (MDKG_EMBEDDINGS_FAILED) thrown after the vectors' time limit. */
export async function embedRequest(vectors: ToolVectors, request: string): Promise<Float32Array> {
  const { provider } = vectors;
  const signal = AbortSignal.timeout(vectors.queryTimeoutMs);
  const [q] = checkVectors(await raceAbort(provider.embed([request], signal), signal, 'embedding the request'), 1, provider.dimensions, provider.modelId);
  return q!;
}
