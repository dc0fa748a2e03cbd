// Query normalization through MCP sampling: a scripted client that offers sampling answers with a
// translation table written for this test only (the product holds no such table).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { spawn } from 'node:child_process';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, REPO } from '../helpers/cli.js';
import { listeningUrl } from '../helpers/serve-http.js';

const KOREAN = '지식 그래프에서 엔티티를 삭제해 줘';
const TABLE = new Map([[KOREAN, 'delete entities from the knowledge graph']]);
const asked: string[] = [];
let client: Client;
let work: string;

/** A client whose model answers sampling from `table` (and records what it was asked in `log`). */
function scriptedClient(table: Map<string, string>, log: string[]): Client {
  const c = new Client({ name: 'scripted', version: '1.0.0' }, { capabilities: { sampling: {} } });
  c.setRequestHandler(CreateMessageRequestSchema, (request) => {
    const message = request.params.messages[0]?.content;
    const text = message !== undefined && 'text' in message ? String(message.text) : '';
    log.push(text);
    const answer = table.get(text);
    if (answer === undefined) throw new Error('no translation');
    return { role: 'assistant', model: 'table', content: { type: 'text', text: answer } };
  });
  return c;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'mdkg-sampling-'));
  await writeFile(join(work, 'mdkg.config.yaml'), 'serve: { normalize: true }\n');
  client = scriptedClient(TABLE, asked);
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--graphs', join(REPO, 'graphs')], cwd: work, stderr: 'ignore' }),
  );
}, 30_000);

afterAll(async () => {
  await client?.close();
  await rm(work, { recursive: true, force: true });
});

describe('search_tools with serve.normalize and a client that offers sampling', () => {
  it('rewrites a Korean request through the client, then ranks the English query', async () => {
    const result = (await client.callTool({ name: 'search_tools', arguments: { query: KOREAN, limit: 1 } })).structuredContent as {
      searched: string;
      tools: Array<{ id: string }>;
    };
    expect(result.searched).toBe('delete entities from the knowledge graph');
    expect(result.tools.map((t) => t.id)).toEqual(['tool:memory/delete_entities']);
    expect(asked).toEqual([KOREAN]);
  });

  it('a failed rewrite falls back to the request as it was, with a diagnostic', async () => {
    const result = (await client.callTool({ name: 'search_tools', arguments: { query: 'read a text file', limit: 1 } })).structuredContent as {
      searched?: string;
      tools: Array<{ id: string }>;
      diagnostics: Array<{ code: string }>;
    };
    expect(result.searched).toBeUndefined();
    expect(result.tools.map((t) => t.id)).toEqual(['tool:filesystem/read_text_file']);
    expect(result.diagnostics.map((d) => d.code)).toContain('MDKG_NORMALIZER_FAILED');
  });
});

describe('search_tools with serve.normalize over HTTP sessions', () => {
  it("each session is rewritten by its own client, never from another session's cache", async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--http', '127.0.0.1:0', '--graphs', join(REPO, 'graphs')], {
      cwd: work,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    try {
      const url = await listeningUrl(child);
      const askedA: string[] = [];
      const askedB: string[] = [];
      const a = scriptedClient(TABLE, askedA);
      const b = scriptedClient(new Map([[KOREAN, 'read the graph']]), askedB);
      const plain = new Client({ name: 'plain', version: '1.0.0' });
      for (const c of [a, b, plain]) await c.connect(new StreamableHTTPClientTransport(new URL(url)));
      const search = async (c: Client): Promise<{ searched?: string }> =>
        (await c.callTool({ name: 'search_tools', arguments: { query: KOREAN, limit: 1 } })).structuredContent as { searched?: string };
      expect((await search(a)).searched).toBe('delete entities from the knowledge graph');
      expect((await search(b)).searched).toBe('read the graph');
      expect((await search(plain)).searched).toBeUndefined();
      expect([askedA, askedB]).toEqual([[KOREAN], [KOREAN]]);
      for (const c of [a, b, plain]) await c.close();
    } finally {
      child.kill('SIGTERM');
    }
  }, 30_000);
});
