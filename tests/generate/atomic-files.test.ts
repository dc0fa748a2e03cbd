import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AtomicWriter, mapLimit } from '../../src/generate/atomic-files.js';
import { tempDir } from '../helpers/temp-dir.js';

/** Every file under dir, relative, sorted. */
async function listAll(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

describe('AtomicWriter', () => {
  it('writes files into folders it creates, concurrently, leaving no temp file', async () => {
    const out = await tempDir({ 'b/old.md': 'old' });
    const writer = new AtomicWriter();
    const files: Array<[string, string]> = [
      ['a.md', 'A'],
      ['b/old.md', 'replaced'],
      ['b/c/d.md', 'D'],
      ['b/c/e.md', 'E'],
      ['f/g.md', 'G'],
    ];
    await Promise.all(files.map(([path, text]) => writer.write(join(out, path), text)));
    expect(await listAll(out)).toEqual(['a.md', 'b/c/d.md', 'b/c/e.md', 'b/old.md', 'f/g.md']);
    for (const [path, text] of files) expect(await readFile(join(out, path), 'utf8')).toBe(text);
  });

  it.each([
    { name: 'a folder that is a file', setup: { x: 'a file' }, target: 'x/y.md', code: 'EEXIST' },
    { name: 'a target that is a folder', setup: { 'x/keep.md': 'k' }, target: 'x', code: 'EISDIR' },
  ])('rejects $name and leaves no temp file', async ({ setup, target, code }) => {
    const out = await tempDir(setup);
    const before = await listAll(out);
    await expect(new AtomicWriter().write(join(out, target), 'text')).rejects.toMatchObject({ code });
    expect(await listAll(out)).toEqual(before);
  });
});

describe('mapLimit', () => {
  it.each([1, 2, 64])('keeps item order with %i in flight, never more at once', async (limit) => {
    let running = 0;
    let most = 0;
    const items = [5, 1, 4, 2, 3, 0];
    const out = await mapLimit(items, limit, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, n));
      running -= 1;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30, 0]);
    expect(most).toBe(Math.min(limit, items.length));
  });

  it('starts no new item after a failure', async () => {
    const started: number[] = [];
    const run = mapLimit([0, 1, 2, 3], 1, async (n) => {
      started.push(n);
      if (n === 1) throw new Error('boom');
      return n;
    });
    await expect(run).rejects.toThrow('boom');
    expect(started).toEqual([0, 1]);
  });
});
