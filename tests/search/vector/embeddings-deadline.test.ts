// Issue 25 row 4: an embeddings server that sent its headers and then one byte every 500 ms kept
// `mdkg search --strategy vector` waiting forever. Every outbound request now has one deadline for
// connect, headers and the whole body, and a body cap enforced while it streams. Real servers on
// 127.0.0.1: one that drips, one that never answers, one that stalls after its headers, and ones
// whose answer is over the cap. Time bounds are relative to the configured limit: at least the
// limit, and far below a generous bound the hostile servers would otherwise exceed forever.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OpenAiCompatibleProvider } from '../../../src/search/vector/openai-compatible.js';
import { CosineIndex } from '../../../src/search/vector/cosine-index.js';
import { embedRequest } from '../../../src/search/vector/tool-vectors.js';
import { boundedFetch, FetchLimitError } from '../../../src/util/bounded-fetch.js';
import { atLimit } from '../../helpers/time-bounds.js';

/** What a server does with one request; `open` counts its responses not yet closed by the client. */
type Behaviour = (res: ServerResponse) => void;

const LIMIT_MS = 300;
/** Far above the limit: a server that drips forever would pass it, a deadline never does. */
const GENEROUS_MS = 15_000;
const CAP = 4096;

let server: Server;
let base: string;
let behaviour: Behaviour;
let requests = 0;
/** Responses whose connection the client has closed. */
let closed = 0;
const timers = new Set<NodeJS.Timeout>();
/** Every response, ended (destroyed) after each test. */
const responses = new Set<ServerResponse>();

const every = (ms: number, tick: () => void): void => {
  const t = setInterval(tick, ms);
  timers.add(t);
};

const BEHAVIOURS: Record<string, Behaviour> = {
  'sends headers, then a byte every 50 ms': (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{');
    every(50, () => res.write(' '));
  },
  'never sends headers': () => {},
  'sends headers, then nothing': (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.flushHeaders();
  },
  'sends half the body, then nothing': (res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    res.write('{"data": [');
  },
};

const OVERSIZED: Record<string, Behaviour> = {
  'states a length over the cap': (res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(CAP + 1) });
    res.write('{"data": [');
  },
  'streams without end, no length stated': (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"data": [');
    every(5, () => res.write(' '.repeat(1024)));
  },
  'sends cap + 1 bytes at once': (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`{"data": [${' '.repeat(CAP + 1 - 12)}]}`);
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests += 1;
      responses.add(res);
      res.on('close', () => {
        closed += 1;
      });
      behaviour(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const t of timers) clearInterval(t);
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  for (const t of timers) clearInterval(t);
  timers.clear();
  for (const res of responses) res.destroy();
  responses.clear();
  requests = 0;
  closed = 0;
});

const provider = (o: { timeoutMs?: number; retries?: number; maxResponseBytes?: number } = {}): OpenAiCompatibleProvider =>
  new OpenAiCompatibleProvider({ baseUrl: base, model: 'm', dimensions: 3, backoffMs: 1, retries: 0, timeoutMs: LIMIT_MS, ...o });

/** The rejection of `work` and the time it took, ms. */
async function timed(work: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  const error = await work().then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, ms: performance.now() - started };
}

describe('an embedding request has one deadline: connect, headers and the whole body', () => {
  it.each(Object.keys(BEHAVIOURS))('a server that %s: MDKG_EMBEDDINGS_TIMEOUT at the limit', async (name) => {
    behaviour = BEHAVIOURS[name]!;
    const { error, ms } = await timed(() => provider().embed(['x']));
    expect(error).toMatchObject({ code: 'MDKG_EMBEDDINGS_TIMEOUT', details: { timeoutMs: LIMIT_MS } });
    expect((error as Error).message).toContain(`failed after 1 attempts: timed out after ${LIMIT_MS} ms`);
    // Timers never fire early by more than the clock's rounding.
    expect(ms).toBeGreaterThanOrEqual(atLimit(LIMIT_MS));
    expect(ms).toBeLessThan(GENEROUS_MS);
    expect(requests).toBe(1);
    // The client let go of the connection.
    await expect.poll(() => closed).toBe(1);
  });

  it('retries a timed-out attempt, each with a deadline of its own, then reports the timeout', async () => {
    behaviour = BEHAVIOURS['sends headers, then a byte every 50 ms']!;
    const { error, ms } = await timed(() => provider({ retries: 2 }).embed(['x']));
    expect(error).toMatchObject({ code: 'MDKG_EMBEDDINGS_TIMEOUT' });
    expect((error as Error).message).toContain('failed after 3 attempts');
    expect(requests).toBe(3);
    expect(ms).toBeGreaterThanOrEqual(3 * LIMIT_MS - 2);
    expect(ms).toBeLessThan(GENEROUS_MS);
    await expect.poll(() => closed).toBe(3);
  });

  it("a search request's own time limit ends a dripping answer too, and the connection", async () => {
    behaviour = BEHAVIOURS['sends headers, then a byte every 50 ms']!;
    const p = provider({ timeoutMs: 60_000 });
    const vectors = { provider: p, index: new CosineIndex([Float32Array.from([1, 0, 0])], 3), queryTimeoutMs: LIMIT_MS };
    const { error, ms } = await timed(() => embedRequest(vectors, 'find a file'));
    expect(error).toMatchObject({ code: 'MDKG_EMBEDDINGS_TIMEOUT', message: 'embedding the request: timed out' });
    expect(ms).toBeGreaterThanOrEqual(atLimit(LIMIT_MS));
    expect(ms).toBeLessThan(GENEROUS_MS);
    await expect.poll(() => closed).toBe(1);
  });
});

it('attempts that did not all time out are MDKG_EMBEDDINGS_FAILED, naming the last failure', async () => {
  let n = 0;
  behaviour = (res) => {
    n += 1;
    if (n === 1) return BEHAVIOURS['never sends headers']!(res);
    res.writeHead(503, { 'content-type': 'application/json' });
    res.end('{"error":"busy"}');
  };
  const { error } = await timed(() => provider({ retries: 1 }).embed(['x']));
  expect(error).toMatchObject({ code: 'MDKG_EMBEDDINGS_FAILED' });
  expect((error as Error).message).toContain('failed after 2 attempts: HTTP 503: {"error":"busy"}');
  expect(requests).toBe(2);
});

describe('an embedding answer over the size cap is cut off, not retried', () => {
  it.each(Object.keys(OVERSIZED))('a server that %s: MDKG_EMBEDDINGS_TOO_LARGE naming the cap', async (name) => {
    behaviour = OVERSIZED[name]!;
    const { error, ms } = await timed(() => provider({ retries: 2, maxResponseBytes: CAP, timeoutMs: GENEROUS_MS }).embed(['x']));
    expect(error).toMatchObject({ code: 'MDKG_EMBEDDINGS_TOO_LARGE', details: { maxBytes: CAP } });
    expect((error as Error).message).toContain(`over the limit of ${CAP}`);
    expect(ms).toBeLessThan(GENEROUS_MS);
    expect(requests).toBe(1);
    await expect.poll(() => closed).toBe(1);
  });

  it('an answer of exactly the cap is read', async () => {
    const body = JSON.stringify({ data: [{ index: 0, embedding: [1, 2, 3] }] });
    behaviour = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body.padEnd(CAP, ' '));
    };
    expect((await provider({ maxResponseBytes: CAP }).embed(['x'])).map((v) => [...v])).toEqual([[1, 2, 3]]);
  });
});

describe('boundedFetch', () => {
  it.each<[string, string, Behaviour, number]>([
    ['a drip', 'timeout', BEHAVIOURS['sends headers, then a byte every 50 ms']!, LIMIT_MS],
    ['no headers', 'timeout', BEHAVIOURS['never sends headers']!, LIMIT_MS],
    ['an endless body', 'too-large', OVERSIZED['streams without end, no length stated']!, 0],
  ])('stops %s with kind %s', async (_name, kind, b, atLeast) => {
    behaviour = b;
    const { error, ms } = await timed(() => boundedFetch(base, { method: 'POST', body: '{}' }, { timeoutMs: LIMIT_MS, maxBytes: CAP }));
    expect(error).toBeInstanceOf(FetchLimitError);
    expect(error).toMatchObject({ kind });
    expect(ms).toBeGreaterThanOrEqual(atLeast - 2);
    expect(ms).toBeLessThan(GENEROUS_MS);
    await expect.poll(() => closed).toBe(1);
  });

  it("stops at the caller's signal with kind aborted, and returns a whole answer under both limits", async () => {
    behaviour = BEHAVIOURS['never sends headers']!;
    const controller = new AbortController();
    const pending = boundedFetch(base, { method: 'POST', body: '{}' }, { timeoutMs: GENEROUS_MS, maxBytes: CAP, signal: controller.signal });
    await expect.poll(() => requests).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    behaviour = (res) => res.end('hello');
    const ok = await boundedFetch(base, { method: 'POST', body: '{}' }, { timeoutMs: GENEROUS_MS, maxBytes: 5 });
    expect({ status: ok.status, body: ok.body.toString() }).toEqual({ status: 200, body: 'hello' });
  });
});
