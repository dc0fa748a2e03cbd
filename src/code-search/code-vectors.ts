// The vectors of a code index's symbols: each symbol's embedding text (search/vector/embed-text.ts:
// qualified name split into words, kind, doc comment, signature, path words) embedded once through
// the vector cache (`<cache>/code-vectors-<model>.bin`, keyed by sha256 of the text and the model
// id, so a rebuild embeds only the symbols whose text changed), kept in an exact cosine index.
// Built on first use per code index and provider and memoized, failures included (a diagnostic
// each time it is asked for, never an exception): a provider that is down is not asked again
// until the code index changes (a reindex).
import type { Diagnostic } from '../errors.js';
import { codeEmbeddingText } from '../search/vector/embed-text.js';
import type { EmbeddingsConfig } from '../search/vector/embeddings-config.js';
import type { EmbeddingProvider } from '../search/vector/provider.js';
import { type EmbedToolsStats, embedTools, type ToolVectors } from '../search/vector/tool-vectors.js';
import type { CodeIndex } from './code-index.js';

/** The cache file name of code vectors (tools use `vectors`). */
export const CODE_VECTOR_CACHE = 'code-vectors';

export interface CodeVectorOptions {
  /** Cache folder (e.g. `<graphs>/.mdkg`); no cache when absent. */
  cacheDir?: string;
  /** Time limit of embedding one request (ms). */
  queryTimeoutMs?: number;
  /** Progress of embedding the symbols not in the cache (embedTools' `onProgress`). */
  onProgress?: (done: number, total: number) => void;
}

export interface CodeVectorsResult {
  /** Row i is symbol i of the index; absent when the symbols could not be embedded. */
  vectors?: ToolVectors;
  diagnostics: Diagnostic[];
  stats: EmbedToolsStats;
}

/** The embedding text of every symbol of the index, in symbol order. */
export function codeEmbeddingTexts(index: CodeIndex): string[] {
  return index.symbols.map((s) =>
    codeEmbeddingText({ qualifiedName: s.qualifiedName, kind: s.kind, doc: s.doc, signature: s.signature, path: index.files[s.file]!.path }),
  );
}

/** Embeds the symbols of `index` with `provider` (not memoized: see codeVectorsOf). */
export async function embedCode(index: CodeIndex, provider: EmbeddingProvider, options: CodeVectorOptions = {}): Promise<CodeVectorsResult> {
  return embedTools(codeEmbeddingTexts(index), provider, {
    cacheName: CODE_VECTOR_CACHE,
    what: 'the code symbols',
    ...(options.cacheDir === undefined ? {} : { cacheDir: options.cacheDir }),
    ...(options.queryTimeoutMs === undefined ? {} : { queryTimeoutMs: options.queryTimeoutMs }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  });
}

const memo = new WeakMap<CodeIndex, Map<string, Promise<CodeVectorsResult>>>();

/** The vectors of a code index for a provider, embedded on first use (per index, model and cache folder). */
export function codeVectorsOf(index: CodeIndex, provider: EmbeddingProvider, options: CodeVectorOptions = {}): Promise<CodeVectorsResult> {
  let byKey = memo.get(index);
  if (byKey === undefined) memo.set(index, (byKey = new Map()));
  const key = `${provider.modelId}\n${options.cacheDir ?? ''}`;
  let found = byKey.get(key);
  if (found === undefined) byKey.set(key, (found = embedCode(index, provider, options)));
  return found;
}

/** The embeddings search_code uses: the config's provider (or a given one) and the cache folder. */
export interface CodeEmbeddings {
  /** The `embeddings:` section of the config (use-lite when absent and no provider is given). */
  config?: EmbeddingsConfig;
  /** A provider to use instead of the config's (tests, library callers). */
  provider?: EmbeddingProvider;
  /** The folder relative paths of the config resolve against. */
  configDir?: string;
  /** Cache folder of the vectors (e.g. `<graphs>/.mdkg`). */
  cacheDir?: string;
  /** Progress of a first run that embeds the symbols (the CLI's progress line). */
  onProgress?: (done: number, total: number) => void;
}

/** Providers made from configs, once per config and folder (a use-lite model loads once per process). */
const providers = new Map<string, Promise<{ provider?: EmbeddingProvider; diagnostic?: Diagnostic }>>();

/** The vectors of `index` for these embeddings, or the diagnostics saying why there are none. */
export async function vectorsFor(index: CodeIndex, embeddings: CodeEmbeddings): Promise<{ vectors?: ToolVectors; diagnostics: Diagnostic[] }> {
  let provider = embeddings.provider;
  if (provider === undefined) {
    const key = JSON.stringify([embeddings.config ?? null, embeddings.configDir ?? '']);
    let made = providers.get(key);
    if (made === undefined) {
      made = import('../search/vector/providers.js').then(({ makeProvider }) => makeProvider(embeddings.config, process.env, embeddings.configDir));
      providers.set(key, made);
    }
    const { provider: p, diagnostic } = await made;
    if (p === undefined) return { diagnostics: diagnostic === undefined ? [] : [diagnostic] };
    provider = p;
  }
  const timeout = embeddings.config?.timeout_ms;
  const out = await codeVectorsOf(index, provider, {
    ...(embeddings.cacheDir === undefined ? {} : { cacheDir: embeddings.cacheDir }),
    ...(timeout === undefined ? {} : { queryTimeoutMs: timeout }),
    ...(embeddings.onProgress === undefined ? {} : { onProgress: embeddings.onProgress }),
  });
  return { ...(out.vectors === undefined ? {} : { vectors: out.vectors }), diagnostics: out.diagnostics };
}
