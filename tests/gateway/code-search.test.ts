// The code meta-tools through a real MCP client (the SDK's) spawning `mdkg serve --code-root src`
// over stdio on a small project without code documents: search_code warns there is no code, then
// reindex_codebase generates it, and search_code, search_by_symbol, get_file_structure and
// get_repo_map answer from it; path arguments that leave the root are refused with their code.
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectServe } from '../helpers/serve-client.js';
import { writeProject } from '../helpers/code-project.js';

let client: Client;
let work: string;
let outside: string;

type Result = CallToolResult & { structuredContent?: Record<string, unknown> };
const call = async (name: string, args: Record<string, unknown> = {}): Promise<Result> => (await client.callTool({ name, arguments: args })) as Result;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'mdkg-serve-code-'));
  outside = await mkdtemp(join(tmpdir(), 'mdkg-serve-outside-'));
  await writeProject(work);
  await writeFile(join(outside, 'secret.ts'), 'export function secret(): number {\n  return 1;\n}\n');
  await symlink(outside, join(work, 'src', 'linked'));
  client = await connectServe(['--code-root', 'src'], work);
}, 30_000);

afterAll(async () => {
  await client?.close();
  await rm(work, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe('code meta-tools of mdkg serve', () => {
  it('lists the code tools, reindex_codebase included with --code-root', async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names.slice(-6)).toEqual(['search_code', 'search_by_symbol', 'get_file_structure', 'get_repo_map', 'get_similar_patterns', 'reindex_codebase']);
  });

  it('warns when the graph holds no code, reindexes, then finds symbols', async () => {
    const empty = await call('search_code', { query: 'hash a password' });
    expect(empty.structuredContent).toMatchObject({ hits: [], diagnostics: [{ code: 'MDKG_NO_CODE_DOCUMENTS', severity: 'warning' }] });
    const reindexed = (await call('reindex_codebase')).structuredContent!;
    expect(reindexed).toMatchObject({ counts: { added: 2, updated: 0, removed: 0, unchanged: 0 }, files: 2, parsed: 2, symbols: 4 });
    expect(typeof reindexed.ms).toBe('number');
    const again = (await call('reindex_codebase')).structuredContent!;
    expect(again).toMatchObject({ counts: { added: 0, updated: 0, removed: 0, unchanged: 2 }, parsed: 0 });
    const found = (await call('search_code', { query: 'hash a password', limit: 2 })).structuredContent as { hits: Array<Record<string, unknown>> };
    expect(found.hits[0]).toMatchObject({
      id: 'src/util/crypto.ts#hashPassword',
      file: 'src/util/crypto.ts',
      startLine: 2,
      endLine: 4,
      kind: 'function',
      qualifiedName: 'hashPassword',
      signature: 'function hashPassword(text: string): string',
      snippet: 'Hashes a password with a salt.',
    });
    const byFile = (await call('search_code', { query: 'hash a password', by: 'file' })).structuredContent as {
      hits: unknown[];
      files: Array<{ file: string; symbols: Array<{ id: string }> }>;
    };
    expect(byFile.hits).toEqual([]);
    expect(byFile.files.map((f) => f.file).sort()).toEqual(['src/auth/session.ts', 'src/util/crypto.ts']);
    expect(byFile.files.find((f) => f.file === 'src/util/crypto.ts')?.symbols.map((h) => h.id)).toEqual(['src/util/crypto.ts#hashPassword']);
  });

  it('looks symbols up by name, lists the structure, maps the repository', async () => {
    const fuzzy = (await call('search_by_symbol', { name: 'sigIn', mode: 'fuzzy' })).structuredContent as { hits: Array<{ id: string }>; total: number };
    expect(fuzzy.hits.map((h) => h.id)).toEqual(['src/auth/session.ts#SessionStore.signIn']);
    const tree = (await call('get_file_structure', { path: 'src', depth: 0 })).structuredContent as { text: string };
    expect(tree.text).toBe('src/  2 files, 4 symbols\n  src/auth/  1 files, 3 symbols\n  src/util/  1 files, 1 symbols\n');
    const map = (await call('get_repo_map', { budget_tokens: 100, focus: ['src/auth'] })).structuredContent as {
      symbols: Array<{ id: string }>;
      tokens: number;
    };
    expect(map.symbols[0]?.id).toBe('src/auth/session.ts#SessionStore');
    expect(map.tokens).toBeLessThanOrEqual(100);
  });

  it('finds code like a snippet, and refuses an empty one', async () => {
    const similar = (await call('get_similar_patterns', { code_snippet: "return value.split('').reverse().join('');", limit: 1 })).structuredContent as {
      hits: Array<Record<string, unknown>>;
    };
    expect(similar.hits).toEqual([expect.objectContaining({ id: 'src/util/crypto.ts#hashPassword', startLine: 2, endLine: 4, kind: 'function' })]);
    const empty = await call('get_similar_patterns', { code_snippet: '' });
    expect(empty.isError).toBe(true);
  });

  it.each([
    ['search_code', { query: 'password', path: '../' }],
    ['search_code', { query: 'password', path: '/etc' }],
    ['get_file_structure', { path: 'src/linked' }],
    ['get_file_structure', { path: 'src/../..' }],
    ['get_repo_map', { focus: ['../outside.ts'] }],
  ])('%s refuses %j', async (name, args) => {
    const result = await call(name, args);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ code: 'MDKG_PATH_ESCAPE' });
  });
});
