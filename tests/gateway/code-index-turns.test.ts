// The first code request after the graph is loaded builds the code index in slices (issue 25: one
// client never stalls another): a real SDK client over stdio to `mdkg serve` on a copy of the
// repository's code documents (about 2,700 symbols) sends search_code, then searches tools one after
// another, and every search is answered before search_code. Built in one piece, the index held the
// event loop for 110–280 ms, and the searches waited behind it.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectServe } from '../helpers/serve-client.js';

let client: Client;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'mdkg-code-turns-'));
  await cp(join(import.meta.dirname, '..', '..', 'graphs', 'code'), join(work, 'graphs', 'code'), { recursive: true });
  client = await connectServe(['--graphs', 'graphs'], work);
}, 60_000);

afterAll(async () => {
  await client?.close();
  await rm(work, { recursive: true, force: true });
});

it('answers tool searches while the first search_code builds the code index', async () => {
  // The graph loaded first (graph_schema needs it, not the code index): what is left is the build.
  await client.callTool({ name: 'graph_schema', arguments: {} });
  const order: string[] = [];
  const code = client.callTool({ name: 'search_code', arguments: { query: 'parse front matter' } }).then((r) => {
    order.push('search_code');
    return r;
  });
  for (let i = 0; i < 3; i++) {
    await client.callTool({ name: 'search_tools', arguments: { query: 'read a file' } });
    order.push('search_tools');
  }
  const found = (await code).structuredContent as { hits: Array<{ id: string }> };
  expect(order).toEqual(['search_tools', 'search_tools', 'search_tools', 'search_code']);
  expect(found.hits[0]?.id).toMatch(/^src\/.+#/);
}, 60_000);
