// The one interface every embedding provider implements, and the checks every provider's output
// passes before search trusts it: one vector per text, the stated dimensions, finite numbers.
import { MdkgError } from '../../errors.js';

export interface EmbeddingProvider {
  /** Names the model and its settings: vectors of different model ids are never mixed (the cache is keyed by it). */
  readonly modelId: string;
  /** Length of every vector. */
  readonly dimensions: number;
  /** One vector per text, in order. Rejects (MDKG_EMBEDDINGS_*) on any failure; never returns a partial result. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** `vectors` as Float32Arrays when they are one per text, of `dimensions` finite numbers; else MDKG_EMBEDDINGS_FAILED. */
export function checkVectors(vectors: unknown, count: number, dimensions: number, who: string): Float32Array[] {
  if (!Array.isArray(vectors) || vectors.length !== count)
    throw failed(`${who} returned ${Array.isArray(vectors) ? vectors.length : 'no list of'} vectors for ${count} texts`);
  return vectors.map((v: unknown, i) => {
    if (!(Array.isArray(v) || v instanceof Float32Array || v instanceof Float64Array)) throw failed(`${who}: vector ${i} is not a list of numbers`);
    if (v.length !== dimensions) throw failed(`${who}: vector ${i} has ${v.length} dimensions, expected ${dimensions}`);
    const out = new Float32Array(dimensions);
    for (let j = 0; j < dimensions; j++) {
      const x = (v as ArrayLike<unknown>)[j];
      if (typeof x !== 'number' || !Number.isFinite(x)) throw failed(`${who}: vector ${i} has a non-finite value at ${j}`);
      out[j] = x;
    }
    return out;
  });
}

export function failed(message: string, cause?: unknown): MdkgError {
  return new MdkgError('MDKG_EMBEDDINGS_FAILED', message, {}, cause === undefined ? undefined : { cause });
}

/** Why `signal` ended an embedding: MDKG_EMBEDDINGS_TIMEOUT when its reason is a timeout, else MDKG_EMBEDDINGS_FAILED. */
export function abortError(signal: AbortSignal, what: string): MdkgError {
  const r: unknown = signal.reason;
  return r instanceof Error && r.name === 'TimeoutError'
    ? new MdkgError('MDKG_EMBEDDINGS_TIMEOUT', `${what}: ${abortReason(signal)}`)
    : failed(`${what}: ${abortReason(signal)}`);
}

/** The code a failed embedding is reported under: a timeout or an answer too large as such, anything else MDKG_EMBEDDINGS_FAILED. */
export function embeddingFailureCode(error: unknown): 'MDKG_EMBEDDINGS_FAILED' | 'MDKG_EMBEDDINGS_TIMEOUT' | 'MDKG_EMBEDDINGS_TOO_LARGE' {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof MdkgError && (code === 'MDKG_EMBEDDINGS_TIMEOUT' || code === 'MDKG_EMBEDDINGS_TOO_LARGE') ? code : 'MDKG_EMBEDDINGS_FAILED';
}

/** Rejects (abortError) when `signal` aborts first (a provider that cannot be cancelled is abandoned, not awaited). */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal | undefined, what: string): Promise<T> {
  if (signal === undefined) return work;
  if (signal.aborted) return Promise.reject(abortError(signal, what));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortError(signal, what));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

export function abortReason(signal: AbortSignal): string {
  const r: unknown = signal.reason;
  if (r instanceof Error && r.name === 'TimeoutError') return 'timed out';
  return r instanceof Error ? r.message : 'aborted';
}
