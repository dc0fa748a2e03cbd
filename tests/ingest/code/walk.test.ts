import { appendFile, mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { walkSources } from '../../../src/ingest/code/walk.js';
import { makeSkippedEntries } from '../../helpers/skipped-entries.js';
import { tempDir } from '../../helpers/temp-dir.js';

const all = (): boolean => true;
const paths = async (root: string, options: Partial<Parameters<typeof walkSources>[1]> = {}): Promise<string[]> =>
  (await walkSources(root, { accept: all, ...options })).files.map((f) => f.path);

describe('walkSources', () => {
  it('honours .gitignore files (nested ones for their folder), negations and folder rules', async () => {
    const root = await tempDir({
      '.gitignore': 'secret.ts\ngen/\n*.log\n!keep.log\n',
      'a.ts': '',
      'secret.ts': '',
      'gen/x.ts': '',
      'b.log': '',
      'keep.log': '',
      'sub/.gitignore': 'local.ts\n',
      'sub/local.ts': '',
      'sub/kept.ts': '',
      'other/local.ts': '',
    });
    expect(await paths(root)).toEqual(['.gitignore', 'a.ts', 'keep.log', 'other/local.ts', 'sub/.gitignore', 'sub/kept.ts']);
  });

  it('always skips node_modules, .git, dist, build and .mdkg, and the excluded output folder', async () => {
    const root = await tempDir({
      'src/a.ts': '',
      'node_modules/p/i.js': '',
      'src/node_modules/q.js': '',
      '.git/config.ts': '',
      'dist/a.js': '',
      'build/b.js': '',
      '.mdkg/c.ts': '',
      'graphs/code/src/a.ts.md': '',
    });
    expect(await paths(root, { exclude: [join(root, 'graphs', 'code')] })).toEqual(['src/a.ts']);
  });

  it('walks a named folder even when a .gitignore above ignores it, and keeps paths relative to the root', async () => {
    const root = await tempDir({ '.gitignore': 'vendor/\n', 'vendor/lib/x.ts': '', 'vendor/lib/.gitignore': 'y.ts\n', 'vendor/lib/y.ts': '', 'z.ts': '' });
    expect(await paths(root, { start: 'vendor/lib' })).toEqual(['vendor/lib/.gitignore', 'vendor/lib/x.ts']);
    await expect(walkSources(root, { accept: all, start: '../x' })).rejects.toThrow('leaves the root');
  });

  it('never follows symbolic links: one leading outside is reported, one inside is left to its target', async () => {
    const outside = await tempDir({ 'stolen.ts': 'export const secret = 1;\n', 'dir/deep.ts': '' });
    const root = await tempDir({ 'a.ts': '', 'inner/b.ts': '' });
    await symlink(join(outside, 'stolen.ts'), join(root, 'link.ts'));
    await symlink(join(outside, 'dir'), join(root, 'linkdir'));
    await symlink(join(root, 'inner'), join(root, 'alias'));
    await symlink(join(root, 'nowhere.ts'), join(root, 'dangling.ts'));
    const { files, diagnostics } = await walkSources(root, { accept: all });
    expect(files.map((f) => f.path)).toEqual(['a.ts', 'inner/b.ts']);
    expect(diagnostics.map((d) => [d.code, d.file, d.message])).toEqual([
      ['MDKG_PATH_ESCAPE', 'dangling.ts', 'symbolic link leads nowhere (its target is missing, or it loops) and is skipped'],
      ['MDKG_PATH_ESCAPE', 'link.ts', 'symbolic link leads outside the folder and is skipped'],
      ['MDKG_PATH_ESCAPE', 'linkdir', 'symbolic link leads outside the folder and is skipped'],
    ]);
  });

  it('skips files over the size cap with a diagnostic', async () => {
    const root = await tempDir({ 'small.ts': 'x', 'big.ts': 'x'.repeat(101) });
    await mkdir(join(root, 'empty'));
    const { files, diagnostics } = await walkSources(root, { accept: all, maxFileBytes: 100 });
    expect(files).toEqual([{ path: 'small.ts', size: 1, mtimeMs: expect.any(Number), ctimeMs: expect.any(Number) }]);
    expect(diagnostics).toEqual([
      { code: 'MDKG_FILE_TOO_LARGE', severity: 'warning', message: '101 bytes, over the 100 a code file may have: skipped', file: 'big.ts' },
    ]);
  });

  it('names every entry it skips: a FIFO, names not UTF-8, a link loop, links leading outside or nowhere; again from a kept listing', async () => {
    const outside = await tempDir({ 'stolen.ts': 'export const secret = 1;\n' });
    const root = await tempDir({ 'a.ts': '', 'sub/b.ts': '' });
    const expected = [...makeSkippedEntries(root, '', join(outside, 'stolen.ts')), ...makeSkippedEntries(root, 'sub', join(outside, 'stolen.ts'))];
    const now = Date.now() + 60_000;
    const first = await walkSources(root, { accept: all, now });
    expect(first.files.map((f) => f.path)).toEqual(['a.ts', 'sub/b.ts']);
    expect(first.diagnostics).toEqual(expected);
    // The second walk reuses the folders' listings (their times are trusted): the same diagnostics.
    const second = await walkSources(root, { accept: all, now, folders: first.folders });
    expect(second.folders['sub/']).toBe(first.folders['sub/']);
    expect(second.diagnostics).toEqual(expected);
    // Entries the walk would not keep are not named: an ignored one, or one of a file type not accepted.
    await writeFile(join(root, '.gitignore'), 'pipe.ts\nloop-*\n');
    const filtered = await walkSources(root, { accept: (p) => !p.endsWith('bad\ufffd.ts') });
    expect(filtered.diagnostics.map((d) => d.file)).toEqual([
      'bad\ufffd\ufffddir',
      'dangling.ts',
      'escape.ts',
      'sub/bad\ufffd\ufffddir',
      'sub/dangling.ts',
      'sub/escape.ts',
    ]);
  });

  it('lists only accepted files, in path order', async () => {
    const root = await tempDir({ 'b.ts': '', 'a.md': '', 'c/d.ts': '', 'A.ts': '' });
    expect(await paths(root, { accept: (p) => p.endsWith('.ts') })).toEqual(['A.ts', 'b.ts', 'c/d.ts']);
  });

  it.each([
    ['a file edited', (root: string) => appendFile(join(root, 'a/x.ts'), '\n'), ['', 'a/']],
    ['a file added', (root: string) => writeFile(join(root, 'b/new.ts'), ''), ['', 'b/']],
    ['a folder added', (root: string) => mkdir(join(root, 'a/deep')), ['', 'a/']],
    ['nothing', async () => {}, []],
  ] as Array<[string, (root: string) => Promise<unknown>, string[]]>)('per-folder hashes: %s changes the hashes of %j', async (_what, change, changed) => {
    const root = await tempDir({ 'a/x.ts': 'x', 'b/y.ts': 'y', 'top.ts': 't' });
    const now = Date.now() + 60_000;
    const first = await walkSources(root, { accept: all, now });
    await change(root);
    const second = await walkSources(root, { accept: all, now, folders: first.folders });
    const differ = ['', 'a/', 'b/'].filter((f) => first.folders[f]?.hash !== second.folders[f]?.hash);
    expect(differ).toEqual(changed);
    // A folder's hash names its subfolders: an empty one added changes its parent's and the root's.
  });
});
