import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replaceFileSync, writeFileAtomic } from '../../src/graph/atomic-write.js';
import { tempDir } from '../helpers/temp-dir.js';

const names = async (dir: string): Promise<string[]> => (await readdir(dir, { recursive: true })).map(String).sort();

describe('writeFileAtomic', () => {
  it('creates the folder and replaces an existing file, leaving no temp file', async () => {
    const out = await tempDir({ 'a/old.txt': 'old' });
    await writeFileAtomic(join(out, 'a/old.txt'), 'new');
    await writeFileAtomic(join(out, 'b/c/new.txt'), 'c');
    expect(await names(out)).toEqual(['a', 'a/old.txt', 'b', 'b/c', 'b/c/new.txt']);
    expect(await readFile(join(out, 'a/old.txt'), 'utf8')).toBe('new');
  });

  it('rejects a target that is a folder and leaves no temp file', async () => {
    const out = await tempDir({ 'x/keep.txt': 'k' });
    await expect(writeFileAtomic(join(out, 'x'), 'text')).rejects.toMatchObject({ code: 'EISDIR' });
    expect(await names(out)).toEqual(['x', 'x/keep.txt']);
  });
});

describe('replaceFileSync', () => {
  it('replaces a file in an existing folder', async () => {
    const out = await tempDir({ 'f.txt': 'old' });
    replaceFileSync(join(out, 'f.txt'), 'new');
    expect(await readFile(join(out, 'f.txt'), 'utf8')).toBe('new');
    expect(await names(out)).toEqual(['f.txt']);
  });

  it.each([
    { name: 'a missing folder', setup: {}, target: 'nope/f.txt', code: 'ENOENT' },
    { name: 'a target that is a folder', setup: { 'x/keep.txt': 'k' }, target: 'x', code: 'EISDIR' },
  ])('throws for $name and leaves no temp file', async ({ setup, target, code }) => {
    const out = await tempDir(setup);
    const before = await names(out);
    expect(() => replaceFileSync(join(out, target), 'text')).toThrow(expect.objectContaining({ code }));
    expect(await names(out)).toEqual(before);
  });
});
