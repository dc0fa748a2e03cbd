// One abort signal per HTTP request, following the caller's. The SDK's HTTP client transport
// passes one long-lived signal to every fetch; Node's fetch (undici) adds an abort listener to the
// signal of each request and removes it only when the request is garbage-collected
// (nodejs/undici#3157), so a gateway proxying many calls gathered a listener per call on that one
// signal between collections (235 after 1,700 calls in a quiet process; past 1,500 Node prints a
// MaxListenersExceededWarning for every call). Here
// each request gets its own signal, linked to the caller's until its answer has been read to the
// end, failed or been cancelled: then the link is removed, and the request's signal goes with it.

type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** A signal that aborts when `outer` does, and `unlink`, which stops following it (idempotent). */
export function linkedSignal(outer: AbortSignal): { signal: AbortSignal; unlink: () => void } {
  const own = new AbortController();
  if (outer.aborted) {
    own.abort(outer.reason);
    return { signal: own.signal, unlink: () => {} };
  }
  const follow = (): void => own.abort(outer.reason);
  outer.addEventListener('abort', follow, { once: true });
  return { signal: own.signal, unlink: () => outer.removeEventListener('abort', follow) };
}

/** `body`, calling `settled` once when it has been read to its end, has failed, or was cancelled. */
export function onSettled(body: ReadableStream<Uint8Array>, settled: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let once = false;
  const settle = (): void => {
    if (once) return;
    once = true;
    settled();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          settle();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        settle();
        controller.error(error);
      }
    },
    cancel(reason) {
      settle();
      return reader.cancel(reason);
    },
  });
}

/** `fetch` that gives each request its own signal, linked to the one it is called with (see the top of this file). */
export function perRequestSignal(inner: FetchLike): FetchLike {
  return async (url, init) => {
    const outer = init?.signal;
    if (outer === undefined || outer === null) return inner(url, init);
    const { signal, unlink } = linkedSignal(outer);
    let response: Response;
    try {
      response = await inner(url, { ...init, signal });
    } catch (error) {
      unlink();
      throw error;
    }
    // Nothing more to come: no body, or an empty one (a 202 to a notification).
    if (response.body === null || response.headers.get('content-length') === '0') {
      unlink();
      return response;
    }
    return new Response(onSettled(response.body, unlink), { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
