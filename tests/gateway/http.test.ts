// `mdkg serve --http` on 127.0.0.1 port 0, with a bearer token: the SDK client over Streamable
// HTTP lists the meta-tools and searches; requests without or with a wrong token get 401; a
// non-loopback bind without a token refuses to start; requests for foreign host names (DNS rebinding) get 403.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, REPO } from '../helpers/cli.js';
import { listeningUrl } from '../helpers/serve-http.js';

const TOKEN = 'test-token-0123456789abcdef';
let child: ChildProcess;
let url: string;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'mdkg-http-'));
  await writeFile(join(work, 'mdkg.config.yaml'), 'serve: { token_env: MDKG_TEST_TOKEN }\n');
  child = spawn(process.execPath, [BIN, 'serve', '--http', '127.0.0.1:0', '--graphs', join(REPO, 'graphs')], {
    cwd: work,
    env: { ...process.env, MDKG_TEST_TOKEN: TOKEN },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  url = await listeningUrl(child);
}, 30_000);

afterAll(async () => {
  child?.kill('SIGTERM');
  await rm(work, { recursive: true, force: true });
});

describe('mdkg serve --http', () => {
  it('serves the meta-tools to an SDK client that sends the token', async () => {
    const client = new Client({ name: 'mdkg-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('search_tools');
    const found = await client.callTool({ name: 'search_tools', arguments: { query: 'delete entities from the knowledge graph', limit: 1 } });
    expect((found.structuredContent as { tools: Array<{ id: string }> }).tools[0]?.id).toBe('tool:memory/delete_entities');
    // Every other meta-tool answers over HTTP too (no downstream server here: call_tool says so).
    const calls: Array<[string, Record<string, unknown>, boolean]> = [
      ['get_tool_schema', { tool: 'memory/delete_entities' }, false],
      ['call_tool', { tool: 'memory/delete_entities', arguments: { entityNames: ['x'] } }, true],
      ['plan_tools', { request: 'delete entities' }, false],
      ['graph_schema', {}, false],
      // A generous limit: the first query of a fresh gateway starts a worker, seconds on a busy machine.
      ['graph_query', { sparql: 'ASK { ?s a mdkg:Tool }', timeout_ms: 60_000 }, false],
      ['graph_search', { query: 'federation' }, false],
      ['graph_export', { format: 'ttl', node: 'concept:federation-allowlist' }, false],
      ['index_status', {}, false],
      ['index_build', {}, false],
      ['search_code', { query: 'read a file' }, false],
      ['get_repo_map', { budget_tokens: 64 }, false],
      ['reindex_codebase', {}, true],
      ['validate_symbol_relevance', { term: 'delete entities', symbols: ['memory/delete_entities'] }, false],
    ];
    for (const [name, args, isError] of calls) {
      const result = await client.callTool({ name, arguments: args });
      expect([name, result.isError ?? false]).toEqual([name, isError]);
    }
    await client.close();
    // Fourteen calls, among them a first query, code indexing and a re-index: on a busy machine the
    // default 20 s is too little for all of them together.
  }, 90_000);

  it.each([
    ['no token', undefined],
    ['a wrong token', 'Bearer wrong-token-0123456789abcd'],
  ])('a request with %s gets 401', async (_, authorization) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    if (authorization !== undefined) headers.authorization = authorization;
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    expect(res.status).toBe(401);
  });

  // Row 15 of issue 25: the scheme is case-insensitive (RFC 9110 §11.1); the token is compared in constant time.
  it.each<[string, string, number]>([
    ['Bearer', `Bearer ${TOKEN}`, 200],
    ['bearer', `bearer ${TOKEN}`, 200],
    ['BEARER', `BEARER ${TOKEN}`, 200],
    ['bEaReR', `bEaReR ${TOKEN}`, 200],
    ['two spaces', `Bearer  ${TOKEN}`, 200],
    ['a tab', `Bearer\t${TOKEN}`, 200],
    ['a trailing space', `Bearer ${TOKEN} `, 200],
    ['no space', `Bearer${TOKEN}`, 401],
    ['another scheme', `Basic ${TOKEN}`, 401],
    ['the token alone', TOKEN, 401],
    ['the scheme alone', 'Bearer', 401],
    ['the scheme and a space', 'Bearer ', 401],
    ['a wrong token', `bearer ${TOKEN.slice(0, -1)}x`, 401],
    ['a longer token', `bearer ${TOKEN}x`, 401],
    ['a prefix of the token', `bearer ${TOKEN.slice(0, 8)}`, 401],
    ['two tokens', `Bearer ${TOKEN} ${TOKEN}`, 401],
  ])('Authorization with %s gets %i', async (_, authorization, status) => {
    const res = await fetch(new URL('/health', url), { headers: { authorization } });
    await res.arrayBuffer();
    expect(res.status).toBe(status);
  });

  it.each([
    ['a foreign Host header', { host: 'attacker.example:80' }, 403],
    ['a foreign Origin', { origin: 'http://attacker.example' }, 403],
    ['a loopback Host and Origin', { origin: 'http://localhost:3000' }, 401],
    ['an IPv6 loopback Host', { host: '[::1]:9' }, 401],
  ])('DNS rebinding: a request with %s gets %i', async (_, extra, status) => {
    const { port } = new URL(url);
    const got = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json', ...extra } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.once('error', reject);
      req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    });
    expect(got).toBe(status);
  });

  it.each([
    ['a non-loopback address without a token', '', 'MDKG_USAGE refusing to listen on 0.0.0.0 without a bearer token'],
    [
      'a token variable that is empty',
      'serve: { token_env: MDKG_TEST_TOKEN }\n',
      'MDKG_USAGE serve.token_env names MDKG_TEST_TOKEN, which must hold a token of at least 16 characters',
    ],
  ])('refuses to start with %s', async (_, config, message) => {
    const dir = await mkdtemp(join(tmpdir(), 'mdkg-http-'));
    await writeFile(join(dir, 'mdkg.config.yaml'), config);
    const r = spawnSync(process.execPath, [BIN, 'serve', '--http', '0.0.0.0:0', '--graphs', join(REPO, 'graphs')], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 20_000,
      env: { ...process.env, MDKG_TEST_TOKEN: '' },
    });
    await rm(dir, { recursive: true, force: true });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
  });
});
