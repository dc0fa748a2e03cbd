import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ignoreMatcher, scanMarkdown } from '../../src/graph/scan.js';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import { makeSkippedEntries } from '../helpers/skipped-entries.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('scanMarkdown paths, however the root is spelled', () => {
  const files = { 'a.md': 'a', 'sub/b.md': 'b', 'sub/deep/c.MD': 'c', 'sub/.hidden/d.md': 'd', 'node_modules/e.md': 'e', 'sub/f.txt': 'f' };
  it.each([
    ['as made', (dir: string) => dir],
    ['with a trailing slash', (dir: string) => `${dir}/`],
    ['with ./ inside', (dir: string) => `${dir}/./`],
    ['relative to the working folder', (dir: string) => `./${relative(process.cwd(), dir)}`],
  ])('%s: the same relative paths, each absolute path joins root and path', async (_, spell) => {
    const dir = await tempDir(files);
    const root = spell(dir);
    const scanned = await scanMarkdown(root, []);
    expect(scanned.map((f) => f.path)).toEqual(['a.md', 'sub/b.md', 'sub/deep/c.MD']);
    expect(scanned.map((f) => f.absolute)).toEqual(scanned.map((f) => join(root, f.path)));
  });
});

describe('scanMarkdown names every entry it skips (issue 25 row 13)', () => {
  const byFile = (a: { file?: string }, b: { file?: string }): number => ((a.file ?? '') < (b.file ?? '') ? -1 : 1);

  it("a FIFO, names that are not UTF-8, a link loop, links leading outside or nowhere: one warning each, in the code walk's words", async () => {
    const outside = await tempDir({ 'stolen.md': '# secret\n' });
    const root = await tempDir({ 'a.md': '# A\n', 'sub/b.md': '# B\n' });
    const graphOutside = 'symbolic link leads outside the graph folder and is skipped';
    const expected = [
      ...makeSkippedEntries(root, '', join(outside, 'stolen.md'), '.md', graphOutside),
      ...makeSkippedEntries(root, 'sub', join(outside, 'stolen.md'), '.md', graphOutside),
    ];
    const diagnostics: { file?: string }[] = [];
    const scanned = await scanMarkdown(root, diagnostics as never);
    expect(scanned.map((f) => f.path)).toEqual(['a.md', 'sub/b.md']);
    // In listing order (the file system's): compared sorted.
    expect(diagnostics.sort(byFile)).toEqual(expected.sort(byFile));
    // Loading the graph carries them, and reads the two documents.
    const kg = await loadGraph(root);
    expect(kg.diagnostics.filter((d) => d.code === 'MDKG_FILE_READ' || d.code === 'MDKG_PATH_ESCAPE').sort(byFile)).toEqual(expected);
  });

  it('entries that are not documents are not named: a FIFO or a file not UTF-8-named without .md, an ignored one', async () => {
    const outside = await tempDir({ 'stolen.txt': 'x' });
    const root = await tempDir({ 'a.md': '# A\n', '.mdkgignore': 'sub/\n' });
    makeSkippedEntries(root, '', join(outside, 'stolen.txt'), '.txt');
    makeSkippedEntries(root, 'sub', join(outside, 'stolen.txt'), '.md');
    const diagnostics: { file?: string }[] = [];
    await scanMarkdown(root, diagnostics as never);
    // The folder not UTF-8-named, and the links leading nowhere (they could be anything), are still named.
    expect(diagnostics.map((d) => d.file).sort()).toEqual(['bad\ufffd\ufffddir', 'dangling.txt', 'loop-a.txt', 'loop-b.txt']);
  });
});

describe('ignoreMatcher', () => {
  const ignored = ignoreMatcher(['# comment', '', 'drafts/', '*.tmp.md', '/top.md', 'archive/**/old.md', '!keep.tmp.md']);
  it.each([
    ['drafts', true, true],
    ['drafts/a.md', false, true],
    ['x/drafts', true, true],
    ['drafts.md', false, false],
    ['a.tmp.md', false, true],
    ['deep/b.tmp.md', false, true],
    ['keep.tmp.md', false, false],
    ['top.md', false, true],
    ['sub/top.md', false, false],
    ['archive/old.md', false, true],
    ['archive/2020/01/old.md', false, true],
    ['archive/new.md', false, false],
    ['notes/a.md', false, false],
  ])('%s (dir: %s) ignored: %s', (path, isDir, expected) => {
    expect(ignored(path, isDir)).toBe(expected);
  });
});

describe('ignoreMatcher on hostile patterns', () => {
  it.each(['*a*a*a*a*a*a*a*a*a*a*a*a*b', '**/**/**/**/**/**/**/**/**/**/x', '?*?*?*?*?*?*?*?*?*?*?*?*b', '[a-z]*[a-z]*[a-z]*[a-z]*[a-z]*[a-z]*[a-z]*b'])(
    '%s against long names answers (time: benchmarks/linear-time.ts)',
    (pattern) => {
      const ignored = ignoreMatcher([pattern]);
      const names = ['a'.repeat(250), `${'a/'.repeat(120)}a`, `${'ab'.repeat(120)}.md`];
      expect(names.map((name) => ignored(name, false))).toEqual(names.map((name) => ignoreMatcher([pattern])(name, false)));
    },
  );
});

describe('ignoreMatcher over any pattern and path (property)', () => {
  it('never throws and answers a boolean', () => {
    const piece = fc.constantFrom('a', 'b', '*', '**', '?', '/', '!', '#', ' ', '\\', '[', ']', '.', 'md');
    const pattern = fc.array(piece, { maxLength: 30 }).map((p) => p.join(''));
    const path = fc.array(fc.constantFrom('a', 'b', '/', '.', 'md', ' '), { minLength: 1, maxLength: 200 }).map((p) =>
      p
        .join('')
        .replace(/^\/+|\/+$/g, '')
        .replace(/\/{2,}/g, '/'),
    );
    fc.assert(
      fc.property(fc.array(pattern, { maxLength: 5 }), path, fc.boolean(), (patterns, p, isDir) => {
        expect(typeof ignoreMatcher(patterns)(p, isDir)).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});
