// `mdkg serve` with embeddings configured: search_tools ranks with the configured strategy (auto by
// default) over vectors made offline by use-lite and cached under <graphs>/.mdkg.
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, REPO } from '../helpers/cli.js';
import { USE_LITE_INSTALLED } from '../helpers/use-lite.js';

const installed = USE_LITE_INSTALLED;

describe.skipIf(!installed)('search_tools with embeddings', () => {
  let client: Client;
  let work: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'mdkg-vectors-'));
    await cp(join(REPO, 'graphs'), join(work, 'graphs'), { recursive: true });
    await writeFile(join(work, 'mdkg.config.yaml'), 'embeddings: { provider: use-lite }\n');
    client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve'], cwd: work, stderr: 'ignore' }));
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('finds a tool described in other words, with the cosine as evidence', async () => {
    const result = (await client.callTool({ name: 'search_tools', arguments: { query: 'what is the total of 3 and 4', limit: 2 } })).structuredContent as {
      strategy: string;
      tools: { id: string; evidence: string[] }[];
    };
    expect(result.strategy).toBe('auto');
    expect(result.tools[0]?.id).toBe('tool:everything/get-sum');
    expect(result.tools[0]?.evidence.find((e) => e.startsWith('vector #'))).toMatch(/^vector #1: cosine 0\.\d\d$/);
    expect((await readdir(join(work, 'graphs', '.mdkg'))).some((f) => f.startsWith('vectors-'))).toBe(true);
  }, 60_000);
});
