import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AtomicWriter } from '../../src/generate/atomic-files.js';
import { tempDir } from '../helpers/temp-dir.js';

/** Every file under dir, relative, sorted. */
async function listAll(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

describe('AtomicWriter.writeSync', () => {
  it('writes files into folders it creates, leaving no temp file', async () => {
    const out = await tempDir({ 'b/old.md': 'old' });
    const writer = new AtomicWriter();
    const files: Array<[string, string]> = [
      ['a.md', 'A'],
      ['b/old.md', 'replaced'],
      ['b/c/d.md', 'D'],
      ['b/c/e.md', 'E'],
      ['f/g.md', 'G'],
      ['a.md', 'A again'],
    ];
    for (const [path, text] of files) writer.writeSync(join(out, path), text);
    expect(await listAll(out)).toEqual(['a.md', 'b/c/d.md', 'b/c/e.md', 'b/old.md', 'f/g.md']);
    for (const [path, text] of files.slice(1)) expect(await readFile(join(out, path), 'utf8')).toBe(text);
  });

  it.each([
    { name: 'a folder that is a file', setup: { x: 'a file' }, target: 'x/y.md', code: 'EEXIST' },
    { name: 'a target that is a folder', setup: { 'x/keep.md': 'k' }, target: 'x', code: 'EISDIR' },
  ])('throws for $name and leaves no temp file', async ({ setup, target, code }) => {
    const out = await tempDir(setup);
    const before = await listAll(out);
    const writer = new AtomicWriter();
    for (let i = 0; i < 2; i += 1) expect(() => writer.writeSync(join(out, target), 'text')).toThrow(expect.objectContaining({ code }));
    expect(await listAll(out)).toEqual(before);
  });
});
