// Gives an index its vectors: makes the configured provider (use-lite by default), embeds the
// tools' texts through the vector cache, and returns the index with vectors, or the index as it was
// with diagnostics saying why vectors are off. Never throws for a provider problem.
import type { Diagnostic } from '../errors.js';
import type { ToolIndex } from './tool-index.js';
import type { EmbeddingsConfig } from './vector/embeddings-config.js';
import type { EmbeddingProvider } from './vector/provider.js';
import { makeProvider } from './vector/providers.js';
import { type EmbedToolsStats, embedTools } from './vector/tool-vectors.js';

export interface AttachOptions {
  /** Cache folder for the vectors (e.g. `<graphs>/.mdkg`); none when absent. */
  cacheDir?: string;
  /** A provider to use instead of the config's (tests, library callers). */
  provider?: EmbeddingProvider;
  env?: Readonly<Record<string, string | undefined>>;
  /** The folder relative paths of the config resolve against (the config file's; default: the process's). */
  configDir?: string;
  signal?: AbortSignal;
}

export async function attachVectors(
  index: ToolIndex,
  config: EmbeddingsConfig | undefined,
  options: AttachOptions = {},
): Promise<{ index: ToolIndex; diagnostics: Diagnostic[]; stats?: EmbedToolsStats }> {
  const texts = index.embeddingTexts();
  if (texts === undefined)
    return {
      index,
      diagnostics: [
        { code: 'MDKG_EMBEDDINGS_UNAVAILABLE', severity: 'warning', message: 'the index was built without embedding texts (vectorTexts); vectors are off' },
      ],
    };
  const made = options.provider === undefined ? await makeProvider(config, options.env, options.configDir) : { provider: options.provider };
  if (made.provider === undefined) return { index, diagnostics: made.diagnostic === undefined ? [] : [made.diagnostic] };
  const embedded = await embedTools(texts, made.provider, {
    ...(options.cacheDir === undefined ? {} : { cacheDir: options.cacheDir }),
    ...(config?.timeout_ms === undefined ? {} : { queryTimeoutMs: config.timeout_ms }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  const withVectors = embedded.vectors === undefined ? index : index.withVectors(embedded.vectors);
  return { index: withVectors, diagnostics: embedded.diagnostics, stats: embedded.stats };
}
