// Row 6 of issue 25: HTTP sessions are capped (one more gets 503 MDKG_BUSY with Retry-After) and
// expire when unused (their MCP server objects closed, gone from gw.sessions). A real HTTP server
// on 127.0.0.1 port 0 with real SDK clients; the clock is injected, so nothing sleeps.
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../../src/gateway/gateway.js';
import { serveHttp } from '../../src/gateway/http.js';
import { REPO } from '../helpers/cli.js';

const MAX = 3;
const IDLE = 60_000;
let clock = 1_000_000;
let gw: Gateway;
let http: HttpServer;
let url: URL;

beforeAll(async () => {
  gw = await buildGateway(join(REPO, 'graphs'), {}, REPO);
  http = await serveHttp(gw, { host: '127.0.0.1', port: 0 }, undefined, () => undefined, { max: MAX, idleMs: IDLE, now: () => clock });
  url = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
}, 60_000);

afterAll(async () => {
  await new Promise((done) => http.close(done));
});

async function open(): Promise<Client> {
  const client = new Client({ name: 'mdkg-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

async function rawInitialize(): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });
}

describe('HTTP sessions are capped and expire', () => {
  it('a full server refuses one more session with 503 busy and Retry-After; expired sessions are closed and removed', async () => {
    const before = gw.sessions.size;
    const clients = [await open(), await open(), await open()];
    expect(gw.sessions.size).toBe(before + MAX);
    // Full: refused at once, with a coded message and Retry-After.
    const refused = await rawInitialize();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^MDKG_BUSY mdkg serve holds its most sessions \(3, serve.max_sessions\)/,
    );
    // Sessions in use stay: one client keeps calling while the clock moves on.
    clock += IDLE - 1;
    expect((await clients[0]?.listTools())?.tools.length).toBeGreaterThan(0);
    clock += 2;
    // The other two are unused for longer than IDLE: a new client gets a place, they are closed.
    const fresh = await open();
    expect(gw.sessions.size).toBe(before + 2);
    await expect(clients[1]?.listTools()).rejects.toThrow(/no such session \(closed, or expired after being unused\)/);
    expect((await clients[0]?.listTools())?.tools.length).toBeGreaterThan(0);
    expect((await fresh.listTools()).tools.length).toBeGreaterThan(0);
    // Clients that leave without DELETE: all expire; the server is then empty and takes MAX again.
    clock += IDLE + 1;
    const again = [await open(), await open(), await open()];
    expect(gw.sessions.size).toBe(before + MAX);
    expect((await rawInitialize()).status).toBe(503);
    for (const c of again) await c.close();
  });

  it('1,500 initialize requests leave at most the cap open', async () => {
    clock += IDLE + 1;
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1500; i += 1) {
      if (i % 100 === 0) clock += IDLE + 1;
      const res = await rawInitialize();
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(gw.sessions.size).toBeLessThanOrEqual(MAX);
    }
    // Every 100 requests the earlier sessions expire: 3 open, 97 refused, 15 times.
    expect(Object.fromEntries(statuses)).toEqual({ 200: 15 * MAX, 503: 1500 - 15 * MAX });
  }, 120_000);
});
