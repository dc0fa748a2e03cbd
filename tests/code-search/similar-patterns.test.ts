// get_similar_patterns over a small generated project: a renamed copy of a function finds it first,
// a snippet of unrelated shape finds nothing, files that cannot be read are reported and skipped.
import { mkdtemp, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodeIndex, codeIndexOf } from '../../src/code-search/code-index.js';
import { PatternIndex, patternIndexOf } from '../../src/code-search/similar-patterns.js';
import { codeProject } from '../helpers/code-project.js';

let dir: string;
let index: CodeIndex;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mdkg-similar-'));
  index = codeIndexOf((await codeProject(dir)).store);
}, 30_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('PatternIndex', () => {
  it.each([
    // hashPassword, renamed
    ['a renamed copy', "function digest(value: string): string {\n  return value.split('').reverse().join('');\n}", 'src/util/crypto.ts#hashPassword'],
    // the comparison inside signIn
    ['a fragment', 'return hashPassword(password) === this.lookup(user);', 'src/auth/session.ts#SessionStore.signIn'],
  ])('%s finds its source first', async (_, snippet, id) => {
    const patterns = await PatternIndex.build(index, dir);
    const { hits, diagnostics } = patterns.similar(snippet, 3);
    expect(diagnostics).toEqual([]);
    expect(hits[0]?.id).toBe(id);
    expect(hits[0]!.score).toBeCloseTo((hits[0]!.jaccard + hits[0]!.containment) / 2, 3);
    for (let i = 1; i < hits.length; i += 1) expect(hits[i]!.score).toBeLessThanOrEqual(hits[i - 1]!.score);
  });

  it('gives the lines, kind and qualified name of a hit', async () => {
    const { hits } = (await PatternIndex.build(index, dir)).similar("return text.split('').reverse().join('');", 1);
    expect(hits[0]).toMatchObject({ file: 'src/util/crypto.ts', startLine: 2, endLine: 4, kind: 'function', qualifiedName: 'hashPassword' });
  });

  it.each([
    ['unrelated code', 'while (queue.length > 0) { await worker.drain(queue.shift()); }', []],
    ['no code tokens', '   // a comment only\n', ['MDKG_QUERY_EMPTY']],
  ])('%s: no hits', async (_, snippet, codes) => {
    const result = (await PatternIndex.build(index, dir)).similar(snippet);
    expect(result.hits).toEqual([]);
    expect(result.diagnostics.map((d) => d.code)).toEqual(codes);
  });

  it('never follows a symbolic link to a source file, and says which file it skipped', async () => {
    const other = await mkdtemp(join(tmpdir(), 'mdkg-similar-outside-'));
    const crypto = join(dir, 'src', 'util', 'crypto.ts');
    try {
      await writeFile(join(other, 'crypto.ts'), 'export function outside() { return 1; }\n');
      await unlink(crypto);
      await symlink(join(other, 'crypto.ts'), crypto);
      const patterns = await PatternIndex.build(index, dir);
      expect(patterns.diagnostics.map((d) => [d.code, d.file])).toEqual([['MDKG_PATH_ESCAPE', 'src/util/crypto.ts']]);
      expect(patterns.similar("return text.split('').reverse().join('');").hits.map((h) => h.file)).not.toContain('src/util/crypto.ts');
    } finally {
      await unlink(crypto);
      await codeProject(dir); // restores the file
      await rm(other, { recursive: true, force: true });
    }
  });

  it('is built once per code index and root', async () => {
    expect(patternIndexOf(index, dir)).toBe(patternIndexOf(index, dir));
  });
});
