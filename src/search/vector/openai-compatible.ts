// An embedding server that speaks the OpenAI embeddings protocol (Ollama, LM Studio, vLLM, OpenAI):
// POST {baseUrl}/v1/embeddings {model, input: [...]} -> {data: [{index, embedding}]}. Texts go in
// batches; a failed batch (network error, 429, 5xx, timeout) is retried a bounded number of times
// with exponential backoff; any answer that is not one finite vector of the stated dimensions per
// text is a failure (MDKG_EMBEDDINGS_FAILED), never a partial result.
import { MdkgError } from '../../errors.js';
import { abortReason, checkVectors, type EmbeddingProvider, failed } from './provider.js';

export interface OpenAiCompatibleOptions {
  /** Server root, e.g. `http://127.0.0.1:11434` (the path `/v1/embeddings` is added). */
  baseUrl: string;
  model: string;
  dimensions: number;
  /** The API key (read by the caller from the environment variable the config names). */
  apiKey?: string;
  /** Texts per request (default 64). */
  batchSize?: number;
  /** Retries of a failed request (default 2). */
  retries?: number;
  /** Per-request time limit in ms (default 10000). */
  timeoutMs?: number;
  /** First backoff in ms, doubled on each retry (default 200). */
  backoffMs?: number;
  /** Most bytes of a response read (default 64 MiB). */
  maxResponseBytes?: number;
}

/** A status worth retrying: the server was busy or failed, not the request. */
const RETRIABLE = (status: number): boolean => status === 408 || status === 429 || status >= 500;

class Retriable extends Error {}

export class OpenAiCompatibleProvider implements EmbeddingProvider {
  readonly modelId: string;
  readonly dimensions: number;
  readonly #url: string;
  readonly #o: Required<Omit<OpenAiCompatibleOptions, 'apiKey'>> & { apiKey?: string };

  constructor(options: OpenAiCompatibleOptions) {
    const url = new URL(options.baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new MdkgError('MDKG_CONFIG_INVALID', `embeddings base URL must be http(s): ${options.baseUrl}`);
    if (url.username !== '' || url.password !== '')
      throw new MdkgError('MDKG_CONFIG_INVALID', 'embeddings base URL must not hold credentials (use api_key_env)');
    this.#url = `${url.href.replace(/\/+$/, '')}/v1/embeddings`;
    this.#o = { batchSize: 64, retries: 2, timeoutMs: 10000, backoffMs: 200, maxResponseBytes: 64 * 1024 * 1024, ...options };
    this.dimensions = options.dimensions;
    this.modelId = `openai-compatible:${url.host}${url.pathname.replace(/\/+$/, '')}:${options.model}:${options.dimensions}`;
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += this.#o.batchSize) out.push(...(await this.#batch(texts.slice(i, i + this.#o.batchSize), signal)));
    return out;
  }

  async #batch(input: readonly string[], signal: AbortSignal | undefined): Promise<Float32Array[]> {
    let last = '';
    for (let attempt = 0; attempt <= this.#o.retries; attempt++) {
      if (attempt > 0) await delay(this.#o.backoffMs * 2 ** (attempt - 1), signal);
      if (signal?.aborted === true) throw failed(`embedding request to ${this.#url}: ${abortReason(signal)}`);
      try {
        return await this.#request(input, signal);
      } catch (error) {
        if (!(error instanceof Retriable)) throw error;
        last = error.message;
      }
    }
    throw failed(`embedding request to ${this.#url} failed after ${this.#o.retries + 1} attempts: ${last}`);
  }

  async #request(input: readonly string[], outer: AbortSignal | undefined): Promise<Float32Array[]> {
    const timeout = AbortSignal.timeout(this.#o.timeoutMs);
    const signal = outer === undefined ? timeout : AbortSignal.any([outer, timeout]);
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.#o.apiKey !== undefined) headers.authorization = `Bearer ${this.#o.apiKey}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.#url, { method: 'POST', headers, body: JSON.stringify({ model: this.#o.model, input }), signal, redirect: 'error' });
      text = await readCapped(response, this.#o.maxResponseBytes);
    } catch (error) {
      if (outer?.aborted === true) throw failed(`embedding request to ${this.#url}: ${abortReason(outer)}`);
      if (error instanceof MdkgError) throw error;
      throw new Retriable(timeout.aborted ? `timed out after ${this.#o.timeoutMs} ms` : (error as Error).message);
    }
    if (!response.ok) {
      const why = `HTTP ${response.status}${text === '' ? '' : `: ${text.slice(0, 200)}`}`;
      if (RETRIABLE(response.status)) throw new Retriable(why);
      throw failed(`embedding request to ${this.#url} failed: ${why}`);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw failed(`embedding server ${this.#url} answered with invalid JSON`);
    }
    const data = (body as { data?: unknown } | null)?.data;
    if (!Array.isArray(data)) throw failed(`embedding server ${this.#url} answered without a data list`);
    // Entries may come in any order: `index` places them; each index exactly once.
    const placed: unknown[] = new Array(input.length);
    for (const [i, entry] of data.entries()) {
      const index = (entry as { index?: unknown } | null)?.index ?? i;
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= input.length || placed[index] !== undefined)
        throw failed(`embedding server ${this.#url} answered with a bad or repeated index`);
      placed[index] = (entry as { embedding?: unknown }).embedding;
    }
    return checkVectors(data.length === input.length ? placed : data, input.length, this.dimensions, `embedding server ${this.#url}`);
  }
}

async function readCapped(response: Response, max: number): Promise<string> {
  const reader = response.body?.getReader();
  if (reader === undefined) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      throw failed(`embedding response is over ${max} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
