import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ignoreMatcher, scanMarkdown } from '../../src/graph/scan.js';
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
