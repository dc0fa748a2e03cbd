// The fetch an HTTP downstream's SDK transport uses: every message it reads is capped, as a stdio
// server's lines are (group-stdio-transport.ts). A JSON answer is counted while it streams and
// cut past the cap, so the call fails with a "too large" error that names the limit (the SDK's
// send() rejects, and so does the request). An SSE stream is read an event at a time: an event
// over the cap is dropped up to its end, never held whole, and each request of the POST that
// opened the stream gets a JSON-RPC error in its place, so no caller waits for its timeout. The
// connection, and the session, stay usable for the next calls. A POST of tools/call requests to
// a server with a result cap (result-cap.ts) is held to that cap instead: its JSON answer or SSE
// event over the cap is counted to its end but neither held nor parsed, and each call of the POST
// gets MDKG_RESULT_TOO_LARGE with the size as sent.
import { resultTooLargeAnswer, sentRequest, type SentRequest } from './result-cap.js';

type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** The JSON-RPC requests in a POST body (a message or a batch), with their ids; none for anything else. */
export function requestsOf(body: unknown): Array<[string | number, SentRequest]> {
  if (typeof body !== 'string') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  const out: Array<[string | number, SentRequest]> = [];
  for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
    if (typeof message !== 'object' || message === null || !Object.hasOwn(message, 'method')) continue;
    const sent = sentRequest(message);
    if (sent !== undefined) out.push(sent);
  }
  return out;
}

/** Ids of the JSON-RPC requests in a POST body. */
export function requestIds(body: unknown): Array<string | number> {
  return requestsOf(body).map(([id]) => id);
}

/** The result cap of a POST whose requests are all tools/call: the cap, and what to answer for each call. */
export interface CallCap {
  bytes: number;
  server: string;
  calls: Array<[string | number, string]>;
}

/** The error answers of a POST's calls in place of an answer of `size` bytes over the cap. */
function capAnswers(cap: CallCap, size: number): string[] {
  return cap.calls.map(([id, tool]) =>
    JSON.stringify(resultTooLargeAnswer(id, { code: 'MDKG_RESULT_TOO_LARGE', server: cap.server, tool, bytes: size, limit: cap.bytes })),
  );
}

/**
 * A JSON answer to a POST of calls, held up to the cap and passed whole; over it, counted to its end
 * (or to `maxBytes`) without being held, and replaced by the calls' error answers.
 */
function cappedCallJson(maxBytes: number, cap: CallCap): TransformStream<Uint8Array, Uint8Array> {
  let held: Uint8Array[] = [];
  let size = 0;
  const answer = (controller: TransformStreamDefaultController<Uint8Array>): void => {
    const answers = capAnswers(cap, size);
    controller.enqueue(new TextEncoder().encode(answers.length === 1 ? answers[0] : `[${answers.join(',')}]`));
  };
  return new TransformStream({
    transform(chunk, controller) {
      size += chunk.length;
      if (size <= cap.bytes) held.push(chunk);
      else held = [];
      if (size > maxBytes) {
        answer(controller);
        controller.terminate();
      }
    },
    flush(controller) {
      if (size > cap.bytes) answer(controller);
      else for (const part of held) controller.enqueue(part);
    },
  });
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
export function cappedEvents(maxBytes: number, ids: ReadonlyArray<string | number>, cap?: CallCap): TransformStream<Uint8Array, Uint8Array> {
  let held: Uint8Array[] = [];
  let size = 0;
  /** Bytes of the event being skipped (a capped call's answer: counted to its end, or to maxBytes). */
  let skippedSize = 0;
  const limit = cap === undefined ? maxBytes : Math.min(cap.bytes, maxBytes);
  let skipping = false;
  let atLineStart = true;
  let afterCr = false;
  /** The last event ended at a CR: an LF right after it belongs to that event. */
  let endedAtCr = false;
  let answered = false;
  const encoder = new TextEncoder();
  /** A capped call's answer was over the cap: each call of the POST gets its error, once per stream. */
  const answerCalls = (controller: TransformStreamDefaultController<Uint8Array>): void => {
    if (cap === undefined || answered) return;
    answered = true;
    for (const answer of capAnswers(cap, skippedSize)) controller.enqueue(encoder.encode(`data: ${answer}\n\n`));
  };
  return new TransformStream({
    transform(chunk, controller) {
      let from = 0;
      const keep = (to: number): void => {
        if (to <= from) return;
        if (skipping) {
          skippedSize += to - from;
          if (cap !== undefined && skippedSize > maxBytes) answerCalls(controller);
          return;
        }
        const part = chunk.subarray(from, to);
        if (size + part.length > limit) {
          skippedSize = size + part.length;
          held = [];
          size = 0;
          skipping = true;
          if (cap === undefined && !answered) {
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
        else answerCalls(controller);
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
export function cappedHttpFetch(maxBytes: number, inner: FetchLike = fetch, resultCap?: { bytes: number; server: string }): FetchLike {
  return async (url, init) => {
    const requests = requestsOf(init?.body);
    const calls = requests.flatMap(([id, r]): Array<[string | number, string]> => (r.method === 'tools/call' && r.tool !== undefined ? [[id, r.tool]] : []));
    const cap: CallCap | undefined =
      resultCap !== undefined && calls.length > 0 && calls.length === requests.length
        ? { bytes: Math.min(resultCap.bytes, maxBytes), server: resultCap.server, calls }
        : undefined;
    const response = await inner(url, init);
    // Only a success's body is a message; a redirect, an error page or an empty answer passes as it is.
    if (response.body === null || response.status < 200 || response.status > 299 || response.status === 204 || response.status === 205) return response;
    const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    const stated = Number(response.headers.get('content-length') ?? Number.NaN);
    if (type !== 'text/event-stream' && cap !== undefined && stated > cap.bytes) {
      // Stated over the cap: answered without reading a byte of it.
      await response.body.cancel().catch(() => {});
      const answers = capAnswers(cap, stated);
      return new Response(answers.length === 1 ? answers[0] : `[${answers.join(',')}]`, {
        status: response.status,
        statusText: response.statusText,
        headers: { 'content-type': 'application/json' },
      });
    }
    const limit =
      type === 'text/event-stream'
        ? cappedEvents(
            maxBytes,
            requests.map(([id]) => id),
            cap,
          )
        : cap !== undefined
          ? cappedCallJson(maxBytes, cap)
          : stated > maxBytes
            ? undefined
            : cappedJson(maxBytes);
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
