// search_code and get_similar_patterns of `mdkg serve` with embeddings configured (a static model
// the test writes): search_code ranks with the configured strategy (default auto) and finds code
// by a word no symbol has; get_similar_patterns blends in the cosine.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectServe } from '../helpers/serve-client.js';
import { codeStaticModelDir } from '../helpers/code-static-model.js';
import { codeProject } from '../helpers/code-project.js';
import { writeFiles } from '../helpers/temp-dir.js';

let client: Client;
let work: string;

type Result = CallToolResult & { structuredContent?: Record<string, unknown> };
const call = async (name: string, args: Record<string, unknown>): Promise<Result> => (await client.callTool({ name, arguments: args })) as Result;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'mdkg-serve-code-vectors-'));
  await codeProject(work);
  const model = await codeStaticModelDir();
  for (const f of ['config.json', 'tokenizer.json', 'model.safetensors']) await writeFiles(work, { [`model/${f}`]: await readFile(join(model, f)) });
  await writeFiles(work, { 'mdkg.config.yaml': 'graphs: graphs\nembeddings:\n  provider: static\n  path: model\n' });
  client = await connectServe([], work);
}, 30_000);

afterAll(async () => {
  await client?.close();
  await rm(work, { recursive: true, force: true });
});

describe('code meta-tools with embeddings', () => {
  it('search_code ranks with the configured strategy (auto) and finds a paraphrase', async () => {
    const found = (await call('search_code', { query: 'scramble', limit: 1 })).structuredContent as {
      strategy: string;
      hits: { id: string }[];
      diagnostics: unknown[];
    };
    expect([found.strategy, found.hits.map((h) => h.id), found.diagnostics]).toEqual(['auto', ['src/util/crypto.ts#hashPassword'], []]);
  });

  it('get_similar_patterns blends in the cosine', async () => {
    const similar = (await call('get_similar_patterns', { code_snippet: 'scramble', limit: 1 })).structuredContent as {
      hits: { id: string; cosine: number }[];
    };
    expect(similar.hits.map((h) => [h.id, h.cosine])).toEqual([['src/util/crypto.ts#hashPassword', 1]]);
  });
});
