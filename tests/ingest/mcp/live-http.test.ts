import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLiveTools } from '../../../src/ingest/mcp/index.js';

/**
 * An MCP server over Streamable HTTP in this process (stateless: one SDK server per request) on
 * 127.0.0.1 and a free port. `/mcp` wants a bearer token and pages tools/list in two; `/hang`
 * never answers; `/stateful` keeps sessions (one SDK server per session) until a DELETE ends them.
 */
const TOKEN = 'Bearer test-token';
let http: HttpServer;
let base: string;

function mcpServer(): Server {
  const server = new Server({ name: 'http-fixture', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const second = request.params?.cursor === 'next';
    const tool = (name: string, readOnly: boolean) => ({
      name,
      title: name.toUpperCase(),
      inputSchema: { type: 'object' as const, properties: { q: { type: 'string' } } },
      annotations: { readOnlyHint: readOnly },
    });
    return second ? { tools: [tool('remove', false)] } : { tools: [tool('find', true)], nextCursor: 'next' };
  });
  return server;
}

const sessions = new Map<string, StreamableHTTPServerTransport>();
const deletes: string[] = [];

async function handleStateful(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const id = req.headers['mcp-session-id'];
  if (typeof id === 'string') {
    const transport = sessions.get(id);
    if (transport === undefined) return void res.writeHead(404).end();
    if (req.method === 'DELETE') deletes.push(id);
    return transport.handleRequest(req, res);
  }
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: randomUUID,
    onsessioninitialized: (sid) => void sessions.set(sid, transport),
    onsessionclosed: (sid) => void sessions.delete(sid),
  });
  await mcpServer().connect(transport);
  await transport.handleRequest(req, res);
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.url === '/hang') return; // never answers
  if (req.url === '/stateful') return handleStateful(req, res);
  if (req.headers.authorization !== TOKEN) {
    res.writeHead(401, { 'content-type': 'text/plain' }).end('unauthorized');
    return;
  }
  if (req.method !== 'POST') {
    res.writeHead(405).end(); // stateless: no standalone SSE stream, no session to delete
    return;
  }
  const server = mcpServer();
  const transport = new StreamableHTTPServerTransport({}); // no sessionIdGenerator: stateless
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res);
}

beforeAll(async () => {
  http = createServer((req, res) => void handle(req, res));
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  http.closeAllConnections();
  await new Promise<void>((done) => http.close(() => done()));
});

describe('listLiveTools over Streamable HTTP', () => {
  it('lists both pages, sending the configured headers', async () => {
    const result = await listLiveTools({ url: `${base}/mcp`, headers: { authorization: TOKEN } }, { source: 'remote', timeoutMs: 5_000 });
    expect(result).toEqual({
      source: 'remote',
      diagnostics: [],
      // What the server said about itself in initialize (over HTTP too).
      server: { name: 'http-fixture', version: '1.0.0' },
      tools: [
        {
          source: 'remote',
          name: 'find',
          kind: 'mcp',
          title: 'FIND',
          inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
          parameters: [{ name: 'q', type: 'string', required: false }],
          annotations: { readOnlyHint: { value: true, source: 'explicit' } },
          hints: {},
        },
        {
          source: 'remote',
          name: 'remove',
          kind: 'mcp',
          title: 'REMOVE',
          inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
          parameters: [{ name: 'q', type: 'string', required: false }],
          annotations: { readOnlyHint: { value: false, source: 'explicit' } },
          hints: {},
        },
      ],
    });
  });

  it('ends its session on a stateful server (DELETE) once the list is read', async () => {
    const result = await listLiveTools({ url: `${base}/stateful` }, { source: 'remote', timeoutMs: 5_000 });
    expect(result.diagnostics).toEqual([]);
    expect(result.tools.map((t) => t.name)).toEqual(['find', 'remove']);
    expect(deletes).toHaveLength(1);
    expect(sessions.size).toBe(0);
  });

  it('without the header: MDKG_SOURCE_FAILED naming the URL', async () => {
    const result = await listLiveTools({ url: `${base}/mcp` }, { source: 'remote', timeoutMs: 5_000 });
    expect(result.tools).toEqual([]);
    expect(result.diagnostics).toEqual([
      {
        code: 'MDKG_SOURCE_FAILED',
        severity: 'error',
        message: `source "remote" (${base}/mcp): failed while connecting and initializing: Streamable HTTP error: Error POSTing to endpoint: unauthorized (HTTP 401)`,
      },
    ]);
  });

  it('a server that never answers: MDKG_SOURCE_TIMEOUT', async () => {
    const result = await listLiveTools({ url: `${base}/hang` }, { source: 'remote', timeoutMs: 1_000 });
    expect(result).toEqual({
      source: 'remote',
      tools: [],
      diagnostics: [
        {
          code: 'MDKG_SOURCE_TIMEOUT',
          severity: 'error',
          message: `source "remote" (${base}/hang): no answer within 1000 ms while connecting and initializing`,
        },
      ],
    });
  });

  it('nothing listening: MDKG_SOURCE_FAILED', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/mcp`;
    await new Promise<void>((done) => closed.close(() => done()));
    const result = await listLiveTools({ url }, { source: 'remote', timeoutMs: 5_000 });
    expect(result.diagnostics).toEqual([
      {
        code: 'MDKG_SOURCE_FAILED',
        severity: 'error',
        message: `source "remote" (${url}): failed while connecting and initializing: fetch failed (connect ECONNREFUSED ${url.slice(7, -4)})`,
      },
    ]);
  });
});
