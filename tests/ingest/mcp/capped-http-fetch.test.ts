import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cappedEvents, cappedHttpFetch, requestIds, tooLargeMessage } from '../../../src/ingest/mcp/capped-http-fetch.js';
import { resultTooLargeAnswer } from '../../../src/ingest/mcp/result-cap.js';

/** Runs `text`, cut into the given chunks, through cappedEvents; returns what comes out. */
async function throughEvents(parts: string[], maxBytes: number, ids: Array<string | number> = [], cap?: Parameters<typeof cappedEvents>[2]): Promise<string> {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
  return new Response(source.pipeThrough(cappedEvents(maxBytes, ids, cap))).text();
}

function cut(text: string, at: number[]): string[] {
  const points = [...new Set(at.map((n) => n % (text.length + 1)))].sort((a, b) => a - b);
  const parts: string[] = [];
  let from = 0;
  for (const p of points) {
    parts.push(text.slice(from, p));
    from = p;
  }
  parts.push(text.slice(from));
  return parts;
}

describe('requestIds', () => {
  it.each([
    ['a request', '{"jsonrpc":"2.0","id":7,"method":"tools/call"}', [7]],
    ['a batch', '[{"jsonrpc":"2.0","id":"a","method":"x"},{"jsonrpc":"2.0","method":"n"},{"jsonrpc":"2.0","id":2,"result":{}}]', ['a']],
    ['a notification', '{"jsonrpc":"2.0","method":"notifications/initialized"}', []],
    ['not JSON', '{"id":', []],
    ['an id that is an object', '{"jsonrpc":"2.0","id":{},"method":"x"}', []],
  ])('%s', (_name, body, ids) => {
    expect(requestIds(body)).toEqual(ids);
  });

  it('reads nothing from a body that is not a string', () => {
    expect(requestIds(new Uint8Array([123, 125]))).toEqual([]);
    expect(requestIds(undefined)).toEqual([]);
  });
});

describe('cappedEvents', () => {
  const small = 'data: {"a":1}\n\n';
  const large = `data: ${'x'.repeat(200)}\n\n`;
  const capped = (bytes: number): string =>
    `data: ${JSON.stringify(resultTooLargeAnswer(3, { code: 'MDKG_RESULT_TOO_LARGE', server: 's', tool: 't', bytes, limit: 50 }))}\n\n`;
  const error = (id: string | number): string => `data: ${JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32600, message: tooLargeMessage(100) } })}\n\n`;

  it.each([
    ['events under the cap pass whole', [small, small], [], small + small],
    ['CRLF and CR line ends end events too', ['id: 1\r\ndata: x\r\n\r\n', 'data: y\r\r'], [], 'id: 1\r\ndata: x\r\n\r\ndata: y\r\r'],
    ['an event over the cap becomes an error answer for each request', [small, large, small], [3, 'b'], `${small}${error(3)}${error('b')}${small}`],
    ['a second event over the cap answers nothing more', [large, large, small], [1], `${error(1)}${small}`],
    ['an event over the cap on a stream with no request is dropped', [large, small], [], small],
    ['an unfinished last event under the cap is passed on at the end', [small, 'data: z'], [], `${small}data: z`],
    ['an unfinished last event over the cap is dropped', [small, `data: ${'y'.repeat(300)}`], [], small],
  ])('%s', async (_name, parts, ids, out) => {
    expect(await throughEvents(parts, 100, ids)).toBe(out);
  });

  it.each([
    [
      "an event over the result cap: each call gets MDKG_RESULT_TOO_LARGE with the event's size, at its end",
      [small, large, small],
      100,
      `${small}${capped(large.length)}${small}`,
    ],
    [
      'an unfinished event past the 64 MiB limit too: answered as soon as it passes it',
      [small, `data: ${'y'.repeat(100)}`, 'y'.repeat(100)],
      150,
      `${small}${capped(206)}`,
    ],
  ])('%s', async (_name, parts, maxBytes, out) => {
    expect(await throughEvents(parts, maxBytes, [3], { bytes: 50, server: 's', calls: [[3, 't']] })).toBe(out);
  });

  it('gives the same output however the stream is cut into chunks', async () => {
    const text = `${small}id: 2\r\ndata: ${'q'.repeat(40)}\r\n\r\n${large}data: end\n\n`;
    const whole = await throughEvents([text], 100, [9]);
    expect(whole).toBe(`${small}id: 2\r\ndata: ${'q'.repeat(40)}\r\n\r\n${error(9)}data: end\n\n`);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 12 }), async (at) => {
        expect(await throughEvents(cut(text, at), 100, [9])).toBe(whole);
      }),
      { seed: 25, numRuns: 150 },
    );
  });
});

describe('cappedHttpFetch against a real HTTP server', () => {
  let http: HttpServer;
  let base: string;
  beforeAll(async () => {
    http = createServer((req, res) => {
      const size = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('size'));
      const body = JSON.stringify({ text: 'x'.repeat(size) });
      if (req.url?.startsWith('/stated')) res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      else if (req.url?.startsWith('/teapot')) res.writeHead(418, { 'content-type': 'text/plain' });
      else res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => http.close(() => done())));

  it.each([
    ['a JSON answer under the cap', '/json?size=10', 'pass'],
    ['a JSON answer over the cap, streamed', '/json?size=5000', 'too large'],
    ['a JSON answer whose Content-Length is over the cap', '/stated?size=5000', 'too large'],
    ['an error status, whatever its size', '/teapot?size=5000', 'pass'],
  ])('%s', async (_name, path, outcome) => {
    const response = await cappedHttpFetch(1000)(`${base}${path}`);
    const read = response.text().then(
      (text) => `pass:${text.length}`,
      (error: Error) => error.message,
    );
    if (outcome === 'pass') expect(await read).toMatch(/^pass:\d+$/);
    else expect(await read).toBe(tooLargeMessage(1000));
  });
});

describe('cappedHttpFetch with a result cap, against a real HTTP server', () => {
  let http: HttpServer;
  let base: string;
  const answer = JSON.stringify({ jsonrpc: '2.0', id: 5, result: { content: [{ type: 'text', text: 'x'.repeat(500) }] } });
  beforeAll(async () => {
    http = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url === '/stated') res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
        else res.writeHead(200, { 'content-type': 'application/json' });
        res.end(answer);
      });
    });
    await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => http.close(() => done())));

  const post = (path: string, method: string): Promise<string> =>
    cappedHttpFetch(20_000, fetch, { bytes: 100, server: 's' })(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 5, method, params: { name: 't', arguments: {} } }),
    }).then((r) => r.text());
  const tooLarge = JSON.stringify(
    resultTooLargeAnswer(5, { code: 'MDKG_RESULT_TOO_LARGE', server: 's', tool: 't', bytes: Buffer.byteLength(answer), limit: 100 }),
  );

  it.each([
    ['a tools/call answer whose Content-Length is over the cap: answered without reading it', '/stated', 'tools/call', tooLarge],
    ['a tools/call answer streamed over the cap: counted to its end, never held', '/streamed', 'tools/call', tooLarge],
    ['an answer to another request is not held to the result cap', '/streamed', 'tools/list', answer],
  ])('%s', async (_name, path, method, out) => {
    expect(await post(path, method)).toBe(out);
  });
});

/** An MCP server over Streamable HTTP on 127.0.0.1 with one tool, `text`, answering `size` letters (JSON answers at /json, SSE elsewhere). */
async function textServer(): Promise<{ http: HttpServer; base: string }> {
  const http = createServer((req, res) => {
    const server = new McpServer({ name: 'big', version: '1.0.0' });
    server.registerTool('text', { inputSchema: { size: z.number() } }, ({ size }) => ({ content: [{ type: 'text', text: 'y'.repeat(size) }] }));
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: req.url === '/json' });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    void server.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  return { http, base: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

describe('an SDK client through cappedHttpFetch', () => {
  let http: HttpServer;
  let base: string;
  beforeAll(async () => {
    ({ http, base } = await textServer());
  });
  afterAll(() => new Promise<void>((done) => http.close(() => done())));

  it.each([
    ['JSON answers', '/json'],
    ['SSE answers', '/sse'],
  ])('%s: a result over the cap fails with "too large" and the next call works', async (_name, path) => {
    const client = new Client({ name: 't', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}${path}`), { fetch: cappedHttpFetch(20_000) }));
    try {
      await expect(client.callTool({ name: 'text', arguments: { size: 50_000 } }, undefined, { timeout: 10_000 })).rejects.toThrow(tooLargeMessage(20_000));
      const small = await client.callTool({ name: 'text', arguments: { size: 5 } }, undefined, { timeout: 10_000 });
      expect(small.content).toEqual([{ type: 'text', text: 'yyyyy' }]);
    } finally {
      await client.close();
    }
  });
});

describe('an SDK client through cappedHttpFetch with a result cap', () => {
  let http: HttpServer;
  let base: string;
  beforeAll(async () => {
    ({ http, base } = await textServer());
  });
  afterAll(() => new Promise<void>((done) => http.close(() => done())));

  it.each([
    ['JSON answers', '/json'],
    ['SSE answers', '/sse'],
  ])(
    '%s: a tools/call answer over the cap is MDKG_RESULT_TOO_LARGE with its size as sent; tools/list is not capped; the next call works',
    async (_name, path) => {
      const client = new Client({ name: 't', version: '1' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${base}${path}`), { fetch: cappedHttpFetch(20_000, fetch, { bytes: 1000, server: 'big' }) }),
      );
      try {
        const failed = await client.callTool({ name: 'text', arguments: { size: 5000 } }, undefined, { timeout: 10_000 }).then(
          () => undefined,
          (error: { code?: number; data?: { bytes: number } }) => error,
        );
        expect(failed).toMatchObject({ code: -32600, data: { code: 'MDKG_RESULT_TOO_LARGE', server: 'big', tool: 'text', limit: 1000 } });
        // As sent: the answer's JSON (an SSE event adds its field names and line ends).
        const json = JSON.stringify({ result: { content: [{ type: 'text', text: 'y'.repeat(5000) }] }, jsonrpc: '2.0', id: 2 }).length;
        expect((failed?.data?.bytes ?? 0) - json).toBeGreaterThanOrEqual(0);
        expect((failed?.data?.bytes ?? 0) - json).toBeLessThan(40);
        expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['text']);
        const small = await client.callTool({ name: 'text', arguments: { size: 5 } }, undefined, { timeout: 10_000 });
        expect(small.content).toEqual([{ type: 'text', text: 'yyyyy' }]);
      } finally {
        await client.close();
      }
    },
  );
});
