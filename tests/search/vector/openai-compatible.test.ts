// The openai-compatible provider against a real HTTP server on 127.0.0.1 that speaks the protocol.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OpenAiCompatibleProvider, type OpenAiCompatibleOptions } from '../../../src/search/vector/openai-compatible.js';

interface Received {
  body: { model: string; input: string[] };
  authorization: string | undefined;
}

type Handler = (req: Received, res: ServerResponse, n: number) => void;

let server: Server;
let base: string;
let handler: Handler;
let received: Received[] = [];
/** Responses held open (a server that never answers), ended after each test. */
const held: ServerResponse[] = [];

/** The vector of a text: [length, code of its first character, 1]. */
const vectorOf = (text: string): number[] => [text.length, text.charCodeAt(0), 1];

const json = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

/** The protocol's answer, entries in reverse order (their `index` places them). */
const answer: Handler = (req, res) =>
  json(res, 200, { object: 'list', data: req.body.input.map((t, index) => ({ object: 'embedding', index, embedding: vectorOf(t) })).reverse() });

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') return json(res, 404, { error: 'not found' });
      const r: Received = { body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'], authorization: req.headers.authorization };
      received.push(r);
      handler(r, res, received.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received = [];
  handler = answer;
  for (const res of held.splice(0)) res.destroy();
});

const provider = (o: Partial<OpenAiCompatibleOptions> = {}): OpenAiCompatibleProvider =>
  new OpenAiCompatibleProvider({ baseUrl: base, model: 'test-embed', dimensions: 3, backoffMs: 1, ...o });

describe('OpenAiCompatibleProvider', () => {
  it('posts batches to /v1/embeddings with the model and key, and returns vectors in text order', async () => {
    const p = provider({ batchSize: 2, apiKey: 'sekret' });
    const out = await p.embed(['a', 'bb', 'ccc', 'dddd', 'e']);
    expect(out.map((v) => [...v])).toEqual(['a', 'bb', 'ccc', 'dddd', 'e'].map(vectorOf));
    expect(received.map((r) => r.body)).toEqual([
      { model: 'test-embed', input: ['a', 'bb'] },
      { model: 'test-embed', input: ['ccc', 'dddd'] },
      { model: 'test-embed', input: ['e'] },
    ]);
    expect(received.map((r) => r.authorization)).toEqual(['Bearer sekret', 'Bearer sekret', 'Bearer sekret']);
    expect(p.modelId).toBe(`openai-compatible:${base.slice('http://'.length)}:test-embed:3`);
    expect(out[0]).toBeInstanceOf(Float32Array);
  });

  it('sends no authorization header without a key, and nothing for no texts', async () => {
    expect(await provider().embed([])).toEqual([]);
    expect(received).toEqual([]);
    await provider().embed(['x']);
    expect(received[0]?.authorization).toBeUndefined();
  });

  it.each<[string, Handler, string]>([
    [
      'wrong dimensions',
      (r, res) => json(res, 200, { data: r.body.input.map((_, index) => ({ index, embedding: [1, 2] })) }),
      'vector 0 has 2 dimensions, expected 3',
    ],
    ['a non-number', (r, res) => json(res, 200, { data: r.body.input.map((_, index) => ({ index, embedding: [1, null, 3] })) }), 'non-finite value at 1'],
    ['a string number', (r, res) => json(res, 200, { data: r.body.input.map((_, index) => ({ index, embedding: [1, '2', 3] })) }), 'non-finite value at 1'],
    ['too few vectors', (_r, res) => json(res, 200, { data: [{ index: 0, embedding: [1, 2, 3] }] }), 'returned 1 vectors for 2 texts'],
    ['a repeated index', (_r, res) => json(res, 200, { data: [0, 0].map((index) => ({ index, embedding: [1, 2, 3] })) }), 'bad or repeated index'],
    ['no data list', (_r, res) => json(res, 200, { object: 'list' }), 'without a data list'],
    ['invalid JSON', (_r, res) => json(res, 200, '{"data": ['), 'invalid JSON'],
    ['a client error (not retried)', (_r, res) => json(res, 400, { error: 'bad model' }), 'HTTP 400: {"error":"bad model"}'],
  ])('fails with MDKG_EMBEDDINGS_FAILED on %s', async (_name, h, message) => {
    handler = h;
    const error = await provider()
      .embed(['x', 'y'])
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MDKG_EMBEDDINGS_FAILED' });
    expect((error as Error).message).toContain(message);
    expect(received).toHaveLength(1);
  });

  it('retries a server error with backoff, then succeeds', async () => {
    handler = (r, res, n) => (n < 3 ? json(res, n === 1 ? 503 : 429, { error: 'busy' }) : answer(r, res, n));
    expect((await provider({ retries: 2 }).embed(['hi'])).map((v) => [...v])).toEqual([vectorOf('hi')]);
    expect(received).toHaveLength(3);
  });

  it('gives up after the bounded retries', async () => {
    handler = (_r, res) => json(res, 500, { error: 'down' });
    await expect(provider({ retries: 1 }).embed(['hi'])).rejects.toMatchObject({
      code: 'MDKG_EMBEDDINGS_FAILED',
      message: expect.stringContaining('failed after 2 attempts: HTTP 500') as string,
    });
    expect(received).toHaveLength(2);
  });

  it('times out a server that does not answer', async () => {
    handler = (_r, res) => held.push(res);
    await expect(provider({ timeoutMs: 50, retries: 0 }).embed(['hi'])).rejects.toMatchObject({
      code: 'MDKG_EMBEDDINGS_TIMEOUT',
      message: expect.stringContaining('timed out after 50 ms') as string,
    });
  });

  it("stops at the caller's signal without retrying", async () => {
    handler = (_r, res) => held.push(res);
    const controller = new AbortController();
    const pending = provider({ timeoutMs: 10_000, retries: 3 }).embed(['hi'], controller.signal);
    await expect.poll(() => received.length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'MDKG_EMBEDDINGS_FAILED', message: expect.stringContaining('aborted') as string });
    expect(received).toHaveLength(1);
  });

  it('fails when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(provider({ baseUrl: `http://127.0.0.1:${port}`, retries: 1 }).embed(['x'])).rejects.toMatchObject({ code: 'MDKG_EMBEDDINGS_FAILED' });
  });

  it.each([
    ['ftp://127.0.0.1/', 'must be http(s)'],
    ['http://user:pw@127.0.0.1/', 'must not hold credentials'],
  ])('refuses the base URL %s', (baseUrl, message) => {
    expect(() => provider({ baseUrl })).toThrow(message);
  });
});
