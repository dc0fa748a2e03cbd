import { getEventListeners } from 'node:events';
import { createServer, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTransport } from '../../../src/ingest/mcp/live-transport.js';
import { linkedSignal, perRequestSignal } from '../../../src/ingest/mcp/request-signal.js';

// A real HTTP server on 127.0.0.1: each path answers one way.
let server: HttpServer;
let base: string;
const held: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/json') res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    else if (req.url === '/sse') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: message\ndata: {"a":1}\n\n');
      res.end('event: message\ndata: {"b":2}\n\n');
    } else if (req.url === '/empty') res.writeHead(202, { 'content-length': '0' }).end();
    else if (req.url === '/accepted') res.writeHead(202).end();
    else if (req.url === '/cut') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"partial":');
      setImmediate(() => res.destroy());
    } else if (req.url === '/hold') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {}\n\n');
      held.push(res);
    } else if (req.url === '/mcp') {
      // A real MCP server (the SDK's, stateless) with one tool.
      const mcp = new McpServer({ name: 'echo', version: '1.0.0' });
      mcp.registerTool('echo', { description: 'Says hi.' }, async () => ({ content: [{ type: 'text', text: 'hi' }] }));
      const transport = new StreamableHTTPServerTransport({}); // no sessionIdGenerator: stateless;
      void mcp.connect(transport).then(() => transport.handleRequest(req, res));
    } else res.writeHead(404).end('no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of held) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const listeners = (signal: AbortSignal): number => getEventListeners(signal, 'abort').length;
const fetchLinked = perRequestSignal(fetch);

describe('perRequestSignal', () => {
  it.each([
    ['a JSON answer read to its end', '/json', async (r: Response) => expect(await r.json()).toEqual({ ok: true })],
    [
      'an SSE answer read to its end',
      '/sse',
      async (r: Response) => expect(await r.text()).toBe('event: message\ndata: {"a":1}\n\nevent: message\ndata: {"b":2}\n\n'),
    ],
    ['an empty answer, never read', '/empty', async (r: Response) => expect(r.status).toBe(202)],
    ['an answer cancelled unread (the SDK, for a 202)', '/accepted', async (r: Response) => r.body?.cancel()],
    ['an error status', '/nowhere', async (r: Response) => expect([r.status, await r.text()]).toEqual([404, 'no'])],
    ['an answer whose body is cancelled', '/hold', async (r: Response) => r.body?.cancel()],
    ['an answer cut short by the server', '/cut', async (r: Response) => expect(r.text()).rejects.toThrow()],
  ])('leaves no listener on the shared signal after %s, over many requests', async (_name, path, read) => {
    const shared = new AbortController();
    for (let i = 0; i < 30; i++) await read(await fetchLinked(`${base}${path}`, { signal: shared.signal }));
    expect(listeners(shared.signal)).toBe(0);
  });

  it('leaves no listener after a request that fails to connect', async () => {
    const shared = new AbortController();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(fetchLinked(`http://127.0.0.1:${port}/`, { signal: shared.signal })).rejects.toThrow();
    expect(listeners(shared.signal)).toBe(0);
  });

  it('aborts a request whose answer is still being read when the shared signal aborts', async () => {
    const shared = new AbortController();
    const response = await fetchLinked(`${base}/hold`, { signal: shared.signal });
    expect(listeners(shared.signal)).toBe(1);
    const text = response.text();
    shared.abort(new Error('closed by the transport'));
    await expect(text).rejects.toThrow();
    expect(listeners(shared.signal)).toBe(0);
  });

  it('never sends a request whose shared signal has aborted already', async () => {
    const shared = new AbortController();
    shared.abort();
    await expect(fetchLinked(`${base}/json`, { signal: shared.signal })).rejects.toThrow(/abort/i);
    expect(listeners(shared.signal)).toBe(0);
  });

  it('passes a request without a signal as it is', async () => {
    expect(await (await fetchLinked(`${base}/json`)).json()).toEqual({ ok: true });
  });
});

describe('linkedSignal', () => {
  it('follows its outer signal with the same reason until unlinked, and unlinking twice is harmless', () => {
    const outer = new AbortController();
    const a = linkedSignal(outer.signal);
    const b = linkedSignal(outer.signal);
    b.unlink();
    b.unlink();
    const reason = new Error('stop');
    outer.abort(reason);
    expect([a.signal.aborted, a.signal.reason, b.signal.aborted]).toEqual([true, reason, false]);
  });
});

describe('the transport of an HTTP downstream (openTransport)', () => {
  it('keeps as many listeners on its signal after 60 calls as after 10', async () => {
    const { transport } = openTransport({ url: `${base}/mcp` }, undefined);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(transport);
    // The SDK transport's own signal, which it passes to every request (a private field: if the SDK
    // renames it, this fails here rather than passing).
    const signal = (transport as unknown as { _abortController?: AbortController })._abortController?.signal;
    expect(signal).toBeInstanceOf(AbortSignal);
    const calls = async (n: number): Promise<number> => {
      for (let i = 0; i < n; i++) expect(await client.callTool({ name: 'echo', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'hi' }] });
      return listeners(signal as AbortSignal);
    };
    const after10 = await calls(10);
    const after60 = await calls(50);
    // The last call's answer may still be draining at either count: one listener of difference at most
    // (plain fetch leaves one per call until a garbage collection: about 50 more).
    expect(after60 - after10).toBeLessThanOrEqual(1);
    await client.close();
  });
});
