// The persisted index's fingerprint walks the document files itself (one lstat each): it must cover
// exactly the files the graph scan lists, whatever the folder holds.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanMarkdown } from '../../src/graph/scan.js';
import { fingerprintFolder } from '../../src/search/index-cache.js';
import { tempDir } from '../helpers/temp-dir.js';

const hashed = async (root: string): Promise<string[]> => {
  const files: string[] = [];
  await fingerprintFolder(root, (path) => files.push(path));
  return files.sort();
};
const scanned = async (root: string): Promise<string[]> => (await scanMarkdown(root, [])).map((f) => f.path).sort();

describe('fingerprintFolder: the files of the persisted index key', () => {
  it.each<[string, Record<string, string>, (root: string) => Promise<void>, string[]]>([
    ['nested folders', { 'a.md': 'x', 'tools/b.md': 'x', 'tools/deep/c.md': 'x' }, async () => {}, ['a.md', 'tools/b.md', 'tools/deep/c.md']],
    [
      'hidden folders and files, node_modules, other extensions, upper-case .MD',
      { '.mdkg/x.md': 'x', '.hidden.md': 'x', 'node_modules/p/r.md': 'x', 'notes.txt': 'x', 'UP.MD': 'x', 'a.md': 'x' },
      async () => {},
      ['UP.MD', 'a.md'],
    ],
    [
      '.mdkgignore patterns (a folder, a glob, a negation)',
      { '.mdkgignore': 'drafts/\n*.tmp.md\n!keep.tmp.md\n', 'drafts/d.md': 'x', 'x.tmp.md': 'x', 'keep.tmp.md': 'x', 'a.md': 'x' },
      async () => {},
      ['a.md', 'keep.tmp.md'],
    ],
    [
      'symbolic links (never followed: to a file, to a folder, dangling)',
      { 'a.md': 'x', 'sub/b.md': 'x' },
      async (root) => {
        await symlink(join(root, 'a.md'), join(root, 'link.md'));
        await symlink(join(root, 'sub'), join(root, 'linked'));
        await symlink(join(root, 'nowhere.md'), join(root, 'dangling.md'));
      },
      ['a.md', 'sub/b.md'],
    ],
    [
      'a folder named like a document, an empty folder',
      { 'a.md': 'x' },
      async (root) => {
        await mkdir(join(root, 'folder.md'));
        await writeFile(join(root, 'folder.md', 'inner.md'), 'x');
        await mkdir(join(root, 'empty'));
      },
      ['a.md', 'folder.md/inner.md'],
    ],
  ])('hashes the files the scan lists: %s', async (_, files, extra, expected) => {
    const root = await tempDir(files);
    await extra(root);
    expect(await hashed(root)).toEqual(expected);
    expect(await scanned(root)).toEqual(expected);
  });

  it('gives the same digest for the same files, another for any change', async () => {
    const root = await tempDir({ 'a.md': 'x', 'sub/b.md': 'y' });
    const first = await fingerprintFolder(root);
    expect((await fingerprintFolder(root)).digest).toBe(first.digest);
    await writeFile(join(root, 'sub/b.md'), 'z');
    expect((await fingerprintFolder(root)).digest).not.toBe(first.digest);
  });

  it('rejects a missing graph folder as the scan does', async () => {
    const root = await tempDir();
    await expect(fingerprintFolder(join(root, 'missing'))).rejects.toMatchObject({ code: 'MDKG_NOT_FOUND' });
  });
});
