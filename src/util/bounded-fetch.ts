// One outbound HTTP request under one deadline and one size cap. The deadline covers everything:
// connecting, the headers and the whole body; a server that sends its headers and then a byte now
// and then (each byte would reset a per-read timer) is cut at the deadline all the same. The body is
// counted while it streams and cut the moment it passes the cap (a stated Content-Length over it is
// refused before any of it is read). Every wait is raced against the deadline itself, so the call
// returns at the deadline even if the HTTP client failed to pass the abort on to the body stream;
// the timer is an ordinary referenced one, cleared when the call ends (a weakly held
// AbortSignal.timeout, or one combined with AbortSignal.any, can be collected before it fires).

export type FetchLimitKind = 'timeout' | 'too-large' | 'aborted';

/** Why a bounded request stopped: its deadline, its size cap, or the caller's signal (`cause`: the signal's reason). */
export class FetchLimitError extends Error {
  readonly kind: FetchLimitKind;
  constructor(kind: FetchLimitKind, message: string, options?: ErrorOptions) {
    super(message, options);
    this.kind = kind;
  }
}

export interface BoundedFetchOptions {
  /** The deadline, ms from the call: connect, headers and body. */
  timeoutMs: number;
  /** Most body bytes read. */
  maxBytes: number;
  /** The caller's signal: its abort ends the request at once (kind `aborted`). */
  signal?: AbortSignal | undefined;
}

export interface BoundedResponse {
  status: number;
  ok: boolean;
  headers: Headers;
  body: Buffer;
}

/** `fetch(url, init)` with its body read whole, under `options`; rejects with FetchLimitError at a limit, else with fetch's own error. */
export async function boundedFetch(url: string, init: Omit<RequestInit, 'signal'>, options: BoundedFetchOptions): Promise<BoundedResponse> {
  const { timeoutMs, maxBytes, signal: outer } = options;
  const controller = new AbortController();
  let stop: (error: FetchLimitError) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    stop = reject;
  });
  stopped.catch(() => {});
  const end = (error: FetchLimitError): void => {
    if (controller.signal.aborted) return;
    controller.abort(error);
    stop(error);
  };
  const timer = setTimeout(() => end(new FetchLimitError('timeout', `no complete answer within ${timeoutMs} ms`)), timeoutMs);
  const onAbort = (): void => end(new FetchLimitError('aborted', 'aborted by the caller', { cause: outer?.reason }));
  if (outer?.aborted === true) onAbort();
  outer?.addEventListener('abort', onAbort, { once: true });
  // A wait that loses the race still settles later (rejected by the abort): it is not left unhandled.
  const bounded = <T>(wait: Promise<T>): Promise<T> => {
    wait.catch(() => {});
    return Promise.race([wait, stopped]);
  };
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    const response = await bounded(fetch(url, { ...init, signal: controller.signal }));
    const stated = Number(response.headers.get('content-length') ?? Number.NaN);
    if (stated > maxBytes) throw new FetchLimitError('too-large', `the answer states ${stated} bytes, over the limit of ${maxBytes}`);
    reader = response.body?.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    while (reader !== undefined) {
      const { done, value } = await bounded(reader.read());
      if (done) break;
      size += value.length;
      if (size > maxBytes) throw new FetchLimitError('too-large', `the answer is over the limit of ${maxBytes} bytes`);
      chunks.push(value);
    }
    reader = undefined;
    return { status: response.status, ok: response.ok, headers: response.headers, body: Buffer.concat(chunks) };
  } catch (error) {
    // An abort error of fetch is reported as the limit that caused it.
    const reason: unknown = controller.signal.reason;
    throw reason instanceof FetchLimitError ? reason : error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
    // The connection is let go of, whatever stopped the read.
    if (!controller.signal.aborted) controller.abort(new FetchLimitError('aborted', 'request finished'));
    reader?.cancel().catch(() => {});
  }
}
