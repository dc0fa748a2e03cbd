// The fetch an HTTP downstream's SDK transport uses: every message it reads is capped, as a stdio
// server's lines are (group-stdio-transport.ts). A JSON answer is counted while it streams and
// cut past the cap, so the call fails with a "too large" error that names the limit (the SDK's
// send() rejects, and so does the request). An SSE stream is read an event at a time: an event
// over the cap is dropped up to its end, never held whole, and each request of the POST that
// opened the stream gets a JSON-RPC error in its place, so no caller waits for its timeout. The
// connection, and the session, stay usable for the next calls.

type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** Ids of the JSON-RPC requests in a POST body (a message or a batch); none for anything else. */
export function requestIds(body: unknown): Array<string | number> {
  if (typeof body !== 'string') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  const ids: Array<string | number> = [];
  for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
    if (typeof message !== 'object' || message === null || !Object.hasOwn(message, 'method')) continue;
    const id: unknown = (message as { id?: unknown }).id;
    if (typeof id === 'string' || typeof id === 'number') ids.push(id);
  }
  return ids;
}

export function tooLargeMessage(maxBytes: number): string {
  return `the server's answer is too large: over the ${maxBytes} bytes a message may have`;
}

/** Counts a JSON body; past `maxBytes` the stream errors with the "too large" message. */
function cappedJson(maxBytes: number): TransformStream<Uint8Array, Uint8Array> {
  let size = 0;
  return new TransformStream({
    transform(chunk, controller) {
      size += chunk.length;
      if (size > maxBytes) controller.error(new Error(tooLargeMessage(maxBytes)));
      else controller.enqueue(chunk);
    },
  });
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * Passes SSE events whole (each held until its blank line, at most `maxBytes`); an event over the
 * cap is skipped to its end and replaced, once per stream, by an error answer to each id in `ids`.
 */
export function cappedEvents(maxBytes: number, ids: ReadonlyArray<string | number>): TransformStream<Uint8Array, Uint8Array> {
  let held: Uint8Array[] = [];
  let size = 0;
  let skipping = false;
  let atLineStart = true;
  let afterCr = false;
  /** The last event ended at a CR: an LF right after it belongs to that event. */
  let endedAtCr = false;
  let answered = false;
  const encoder = new TextEncoder();
  return new TransformStream({
    transform(chunk, controller) {
      let from = 0;
      const keep = (to: number): void => {
        if (skipping || to <= from) return;
        const part = chunk.subarray(from, to);
        if (size + part.length > maxBytes) {
          held = [];
          size = 0;
          skipping = true;
          if (!answered) {
            answered = true;
            const message = tooLargeMessage(maxBytes);
            for (const id of ids) {
              const answer = JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32600, message } });
              controller.enqueue(encoder.encode(`data: ${answer}\n\n`));
            }
          }
          return;
        }
        held.push(part);
        size += part.length;
      };
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i];
        const lfOfEnd = endedAtCr && byte === LF;
        endedAtCr = false;
        if (lfOfEnd) {
          controller.enqueue(chunk.subarray(i, i + 1));
          from = i + 1;
          afterCr = false;
          continue;
        }
        if (byte !== LF && byte !== CR) {
          atLineStart = false;
          afterCr = false;
          continue;
        }
        const crlf = byte === LF && afterCr;
        afterCr = byte === CR;
        if (crlf) continue;
        if (!atLineStart) {
          atLineStart = true;
          continue;
        }
        // A blank line: the event ends here.
        keep(i + 1);
        from = i + 1;
        if (!skipping) for (const part of held) controller.enqueue(part);
        held = [];
        size = 0;
        skipping = false;
        endedAtCr = byte === CR;
      }
      keep(chunk.length);
    },
    flush(controller) {
      if (!skipping) for (const part of held) controller.enqueue(part);
    },
  });
}

/** `fetch` whose answers are capped at `maxBytes` per message (see the top of this file). */
export function cappedHttpFetch(maxBytes: number, inner: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const response = await inner(url, init);
    // Only a success's body is a message; a redirect, an error page or an empty answer passes as it is.
    if (response.body === null || response.status < 200 || response.status > 299 || response.status === 204 || response.status === 205) return response;
    const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    const stated = Number(response.headers.get('content-length') ?? Number.NaN);
    const limit = type === 'text/event-stream' ? cappedEvents(maxBytes, requestIds(init?.body)) : stated > maxBytes ? undefined : cappedJson(maxBytes);
    if (limit === undefined) {
      await response.body.cancel().catch(() => {});
      const failed = new ReadableStream<Uint8Array>({ start: (controller) => controller.error(new Error(tooLargeMessage(maxBytes))) });
      return new Response(failed, { status: response.status, statusText: response.statusText, headers: response.headers });
    }
    return new Response(response.body.pipeThrough(limit), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
