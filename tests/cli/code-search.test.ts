// The code-search commands in-process: tables for people, JSON as the meta-tools return it,
// usage errors (exit 2) and path escapes (exit 1 with MDKG_PATH_ESCAPE).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { codeProject } from '../helpers/code-project.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mdkg-cli-code-'));
  await codeProject(dir);
}, 30_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('code-search commands', () => {
  it('search-code prints a table of symbols', async () => {
    const r = await runCli(['search-code', 'hash', 'a', 'password', '--limit', '1'], dir);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout.split('\n')[2]).toMatch(/^1 {2}src\/util\/crypto\.ts:2-4 {2}function {2}hashPassword {2}0\.\d\d {2}Hashes a password with a salt\.$/);
  });

  it('search-code --by file ranks files with their symbols under them; --by other is a usage error', async () => {
    const r = await runCli(['search-code', 'sign', 'in', '--by', 'file', '--json'], dir);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      hits: unknown[];
      files: Array<{ file: string; symbols: Array<{ id: string }>; evidence: { matchedTerms: string[] } }>;
    };
    expect(out.hits).toEqual([]);
    expect(out.files[0]).toMatchObject({ file: 'src/auth/session.ts', evidence: { matchedTerms: ['sign'] } });
    expect(out.files[0]!.symbols[0]!.id).toBe('src/auth/session.ts#SessionStore.signIn');
    expect(new Set(out.files.map((f) => f.file)).size).toBe(out.files.length);
    const table = await runCli(['search-code', 'sign', 'in', '--by', 'file', '--limit', '1'], dir);
    expect(table.stdout.split('\n')[2]).toMatch(/^1 +src\/auth\/session\.ts +\d+ lines +0\.\d\d/);
    expect(table.stdout).toContain('SessionStore.signIn');
    expect((await runCli(['search-code', 'x', '--by', 'folder'], dir)).code).toBe(2);
  });

  it('search-by-symbol --json returns what search_by_symbol returns', async () => {
    const r = await runCli(['search-by-symbol', 'Session', '--mode', 'prefix', '--json'], dir);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { mode: string; total: number; hits: Array<{ id: string; evidence: unknown[] }> };
    expect(out).toMatchObject({ mode: 'prefix', total: 3 });
    expect(out.hits.map((h) => h.id)).toEqual([
      'src/auth/session.ts#SessionStore',
      'src/auth/session.ts#SessionStore.lookup',
      'src/auth/session.ts#SessionStore.signIn',
    ]);
  });

  it('get-file-structure and get-repo-map print text', async () => {
    const tree = await runCli(['get-file-structure', 'src/util'], dir);
    expect(tree).toEqual({ code: 0, stderr: '', stdout: 'src/util/  1 files, 1 symbols\n  crypto.ts  4 lines, 1 symbols: function hashPassword\n' });
    const map = await runCli(['get-repo-map', '--budget-tokens', '64'], dir);
    expect(map.code).toBe(0);
    expect(map.stdout).toContain('src/util/crypto.ts\n  2: function hashPassword(text: string): string\n');
    expect(map.stdout).toMatch(/\n\(\d symbols, ~\d+ of 64 tokens\)\n$/);
  });

  it.each<[string, string[], string | undefined]>([
    ['words', ['get-similar-patterns', "return value.split('').reverse().join('');"], undefined],
    ['standard input', ['get-similar-patterns', '-'], "return value.split('').reverse().join('');\n"],
  ])('get-similar-patterns reads a snippet from %s and prints the symbols like it', async (_, argv, stdin) => {
    const r = await runCli([...argv, '--limit', '1'], dir, stdin);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout.split('\n')[2]).toMatch(/^1 {2}src\/util\/crypto\.ts:2-4 {2}function {2}hashPassword {2}0\.\d\d +0\.\d\d +0\.\d\d$/);
  });

  it('get-similar-patterns --json returns what get_similar_patterns returns', async () => {
    const r = await runCli(['get-similar-patterns', 'return hashPassword(password) === this.lookup(user);', '--limit', '1', '--json'], dir);
    expect(JSON.parse(r.stdout)).toEqual({
      snippetChars: 52,
      hits: [expect.objectContaining({ id: 'src/auth/session.ts#SessionStore.signIn', file: 'src/auth/session.ts', startLine: 6, endLine: 8, kind: 'method' })],
      diagnostics: [],
    });
  });

  it('reindex-codebase reports a no-change run', async () => {
    await runCli(['reindex-codebase'], dir);
    const r = await runCli(['reindex-codebase', '--json'], dir);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ counts: { added: 0, updated: 0, removed: 0, unchanged: 4 }, parsed: 0 });
  });

  it.each([
    [['search-code', 'x', '--path', '../other'], 1, 'MDKG_PATH_ESCAPE'],
    [['get-file-structure', '/etc'], 1, 'MDKG_PATH_ESCAPE'],
    [['reindex-codebase', '..'], 1, 'MDKG_PATH_ESCAPE'],
    [['search-code'], 2, 'MDKG_USAGE'],
    [['search-by-symbol', 'x', '--mode', 'regex'], 2, 'MDKG_USAGE'],
    [['get-repo-map', '--budget-tokens', '3'], 2, 'MDKG_USAGE'],
    [['get-similar-patterns'], 2, 'MDKG_USAGE'],
    [['get-similar-patterns', 'x', '--file', 'a.ts'], 2, 'MDKG_USAGE'],
    [['get-similar-patterns', '--file', 'missing.ts'], 1, 'MDKG_NOT_FOUND'],
  ])('%j exits %i with %s', async (argv, code, error) => {
    const r = await runCli(argv, dir);
    expect(r.code).toBe(code);
    expect(r.stderr).toContain(error);
  });
});
