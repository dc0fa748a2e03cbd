// The `embeddings:` section of the config: which provider embeds tools and requests, and the
// strategy searches use by default when it is set. Validated like the rest of the config (unknown
// keys and wrong types are MDKG_CONFIG_INVALID); the provider itself is made on demand (providers.ts).
import { MdkgError } from '../../errors.js';
import { didYouMean } from '../../util/did-you-mean.js';
import type { Strategy } from '../types.js';

export const PROVIDERS = ['use-lite', 'openai-compatible', 'static'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export interface EmbeddingsConfig {
  provider: ProviderName;
  /** static: the model2vec folder (config.json, tokenizer.json, model.safetensors), relative to the config file. */
  path?: string;
  /** openai-compatible: the server root (`/v1/embeddings` is added). */
  base_url?: string;
  /** openai-compatible: the model name the server knows. */
  model?: string;
  /** openai-compatible: the model's vector length. */
  dimensions?: number;
  /** openai-compatible: the environment variable holding the API key (sent as a bearer token). */
  api_key_env?: string;
  batch_size?: number;
  retries?: number;
  /** Time limit of one embedding request, ms (default 5000 for a search request; tools in batches get 10000 or this, whichever is larger). */
  timeout_ms?: number;
  /** The strategy `mdkg search` and `mdkg serve` use by default with embeddings set (default auto). */
  strategy?: Extract<Strategy, 'lexical' | 'vector' | 'hybrid' | 'auto'>;
}

const KEYS = ['provider', 'path', 'base_url', 'model', 'dimensions', 'api_key_env', 'batch_size', 'retries', 'timeout_ms', 'strategy'];
const REMOTE_KEYS = ['base_url', 'model', 'dimensions', 'api_key_env', 'batch_size', 'retries'];

export function validateEmbeddings(value: unknown, file: string): EmbeddingsConfig {
  const invalid = (message: string): MdkgError => new MdkgError('MDKG_CONFIG_INVALID', `${file}: ${message}`, { file });
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalid("'embeddings' must be a mapping");
  const e = value as Record<string, unknown>;
  for (const key of Object.keys(e)) if (!KEYS.includes(key)) throw invalid(`unknown key 'embeddings.${key}'${didYouMean(key, KEYS, 'embeddings.')}`);
  if (!PROVIDERS.includes(e.provider as ProviderName)) throw invalid(`'embeddings.provider' must be one of ${PROVIDERS.join(', ')}`);
  const positive = (key: string, min = 1): void => {
    const n = e[key];
    if (n !== undefined && !(typeof n === 'number' && Number.isInteger(n) && n >= min))
      throw invalid(`'embeddings.${key}' must be an integer of at least ${min}`);
  };
  positive('dimensions');
  positive('batch_size');
  positive('retries', 0);
  positive('timeout_ms');
  if (e.strategy !== undefined && !['lexical', 'vector', 'hybrid', 'auto'].includes(e.strategy as string))
    throw invalid("'embeddings.strategy' must be lexical, vector, hybrid or auto");
  if (e.provider !== 'static' && e.path !== undefined) throw invalid(`'embeddings.path' is for provider static, not ${String(e.provider)}`);
  if (e.provider !== 'openai-compatible') {
    const stray = REMOTE_KEYS.find((k) => e[k] !== undefined);
    if (stray !== undefined) throw invalid(`'embeddings.${stray}' is for provider openai-compatible, not ${String(e.provider)}`);
    if (e.provider === 'static' && (typeof e.path !== 'string' || e.path === '')) throw invalid("'embeddings.path' must name the static model's folder");
  } else {
    if (!httpUrlWithoutCredentials(e.base_url)) throw invalid("'embeddings.base_url' must be an http(s) URL without credentials");
    if (typeof e.model !== 'string' || e.model === '') throw invalid("'embeddings.model' must name the server's model");
    if (e.dimensions === undefined) throw invalid("'embeddings.dimensions' is required for openai-compatible (the model's vector length)");
    if (e.api_key_env !== undefined && !(typeof e.api_key_env === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(e.api_key_env)))
      throw invalid("'embeddings.api_key_env' must be the name of an environment variable");
  }
  return e as unknown as EmbeddingsConfig;
}

function httpUrlWithoutCredentials(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}
