// An embedding server that speaks the OpenAI embeddings protocol (Ollama, LM Studio, vLLM, OpenAI):
// POST {baseUrl}/v1/embeddings {model, input: [...]} -> {data: [{index, embedding}]}. Texts go in
// batches; a failed batch (network error, 429, 5xx, timeout) is retried a bounded number of times
// with exponential backoff; any answer that is not one finite vector of the stated dimensions per
// text is a failure (MDKG_EMBEDDINGS_FAILED), never a partial result. Each attempt has one deadline
// for connect, headers and the whole body (util/bounded-fetch.ts): attempts that all end there are
// MDKG_EMBEDDINGS_TIMEOUT; an answer over maxResponseBytes is MDKG_EMBEDDINGS_TOO_LARGE, not retried.
import { MdkgError } from '../../errors.js';
import { type BoundedResponse, boundedFetch, FetchLimitError } from '../../util/bounded-fetch.js';
import { abortError, checkVectors, type EmbeddingProvider, failed } from './provider.js';

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
  /** Per-request time limit in ms, connect to the body's last byte (default 10000). */
  timeoutMs?: number;
  /** First backoff in ms, doubled on each retry (default 200). */
  backoffMs?: number;
  /** Most bytes of a response read (default 64 MiB). */
  maxResponseBytes?: number;
}

/** A status worth retrying: the server was busy or failed, not the request. */
const RETRIABLE = (status: number): boolean => status === 408 || status === 429 || status >= 500;

class Retriable extends Error {
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

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
    let last: Retriable | undefined;
    let allTimedOut = true;
    for (let attempt = 0; attempt <= this.#o.retries; attempt++) {
      if (attempt > 0) await delay(this.#o.backoffMs * 2 ** (attempt - 1), signal);
      if (signal?.aborted === true) throw abortError(signal, `embedding request to ${this.#url}`);
      try {
        return await this.#request(input, signal);
      } catch (error) {
        if (!(error instanceof Retriable)) throw error;
        last = error;
        allTimedOut &&= error.timedOut;
      }
    }
    const message = `embedding request to ${this.#url} failed after ${this.#o.retries + 1} attempts: ${last?.message ?? ''}`;
    // Every attempt ended at its deadline: the coded timeout.
    if (allTimedOut) throw new MdkgError('MDKG_EMBEDDINGS_TIMEOUT', message, { timeoutMs: this.#o.timeoutMs });
    throw failed(message);
  }

  async #request(input: readonly string[], outer: AbortSignal | undefined): Promise<Float32Array[]> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.#o.apiKey !== undefined) headers.authorization = `Bearer ${this.#o.apiKey}`;
    let response: BoundedResponse;
    try {
      response = await boundedFetch(
        this.#url,
        { method: 'POST', headers, body: JSON.stringify({ model: this.#o.model, input }), redirect: 'error' },
        { timeoutMs: this.#o.timeoutMs, maxBytes: this.#o.maxResponseBytes, signal: outer },
      );
    } catch (error) {
      if (outer?.aborted === true) throw abortError(outer, `embedding request to ${this.#url}`);
      if (error instanceof FetchLimitError && error.kind === 'too-large')
        throw new MdkgError('MDKG_EMBEDDINGS_TOO_LARGE', `embedding response from ${this.#url} is too large: ${error.message}`, {
          maxBytes: this.#o.maxResponseBytes,
        });
      if (error instanceof FetchLimitError && error.kind === 'timeout') throw new Retriable(`timed out after ${this.#o.timeoutMs} ms`, true);
      throw new Retriable((error as Error).message);
    }
    const text = response.body.toString('utf8');
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
