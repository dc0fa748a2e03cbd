// Makes the embedding provider an `embeddings:` config names (or use-lite, the offline default).
// A provider that cannot be made is a diagnostic, not an error: search then ranks lexically.
import { resolve } from 'node:path';
import type { Diagnostic } from '../../errors.js';
import type { EmbeddingsConfig } from './embeddings-config.js';
import { OpenAiCompatibleProvider } from './openai-compatible.js';
import type { EmbeddingProvider } from './provider.js';
import { UseLiteProvider } from './use-lite.js';

export async function makeProvider(
  config: EmbeddingsConfig | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
  /** The folder a static model's relative path resolves against (the config file's). */
  baseDir = process.cwd(),
): Promise<{ provider?: EmbeddingProvider; diagnostic?: Diagnostic }> {
  if (config === undefined || config.provider === 'use-lite') return { provider: new UseLiteProvider() };
  if (config.provider === 'static') {
    const { loadStaticModel, StaticProvider } = await import('./static-model.js');
    try {
      return { provider: new StaticProvider(await loadStaticModel(resolve(baseDir, config.path ?? ''))) };
    } catch (error) {
      return { diagnostic: { code: 'MDKG_EMBEDDINGS_UNAVAILABLE', severity: 'warning', message: `${(error as Error).message}; vectors are off` } };
    }
  }
  let apiKey: string | undefined;
  if (config.api_key_env !== undefined) {
    apiKey = env[config.api_key_env];
    if (apiKey === undefined || apiKey === '')
      return {
        diagnostic: {
          code: 'MDKG_EMBEDDINGS_UNAVAILABLE',
          severity: 'warning',
          message: `embeddings.api_key_env names ${config.api_key_env}, which is not set; vectors are off`,
        },
      };
  }
  return {
    provider: new OpenAiCompatibleProvider({
      baseUrl: config.base_url ?? '',
      model: config.model ?? '',
      dimensions: config.dimensions ?? 0,
      ...(apiKey === undefined ? {} : { apiKey }),
      ...(config.batch_size === undefined ? {} : { batchSize: config.batch_size }),
      ...(config.retries === undefined ? {} : { retries: config.retries }),
      timeoutMs: Math.max(10000, config.timeout_ms ?? 0),
    }),
  };
}
