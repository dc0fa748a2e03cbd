// Query normalization through MCP sampling: a scripted client that offers sampling answers with a
// translation table written for this test only (the product holds no such table).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, REPO } from '../helpers/cli.js';

const TABLE = new Map([['지식 그래프에서 엔티티를 삭제해 줘', 'delete entities from the knowledge graph']]);
const asked: string[] = [];
let client: Client;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'mdkg-sampling-'));
  await writeFile(join(work, 'mdkg.config.yaml'), 'serve: { normalize: true }\n');
  client = new Client({ name: 'scripted', version: '1.0.0' }, { capabilities: { sampling: {} } });
  client.setRequestHandler(CreateMessageRequestSchema, (request) => {
    const message = request.params.messages[0]?.content;
    const text = message !== undefined && 'text' in message ? String(message.text) : '';
    asked.push(text);
    const answer = TABLE.get(text);
    if (answer === undefined) throw new Error('no translation');
    return { role: 'assistant', model: 'table', content: { type: 'text', text: answer } };
  });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--graphs', join(REPO, 'graphs')], cwd: work, stderr: 'ignore' }));
}, 30_000);

afterAll(async () => {
  await client?.close();
  await rm(work, { recursive: true, force: true });
});

describe('search_tools with serve.normalize and a client that offers sampling', () => {
  it('rewrites a Korean request through the client, then ranks the English query', async () => {
    const result = (await client.callTool({ name: 'search_tools', arguments: { query: '지식 그래프에서 엔티티를 삭제해 줘', limit: 1 } })).structuredContent as { searched: string; tools: Array<{ id: string }> };
    expect(result.searched).toBe('delete entities from the knowledge graph');
    expect(result.tools.map((t) => t.id)).toEqual(['tool:memory/delete_entities']);
    expect(asked).toEqual(['지식 그래프에서 엔티티를 삭제해 줘']);
  });

  it('a failed rewrite falls back to the request as it was, with a diagnostic', async () => {
    const result = (await client.callTool({ name: 'search_tools', arguments: { query: 'read a text file', limit: 1 } })).structuredContent as { searched?: string; tools: Array<{ id: string }>; diagnostics: Array<{ code: string }> };
    expect(result.searched).toBeUndefined();
    expect(result.tools.map((t) => t.id)).toEqual(['tool:filesystem/read_text_file']);
    expect(result.diagnostics.map((d) => d.code)).toContain('MDKG_NORMALIZER_FAILED');
  });
});
