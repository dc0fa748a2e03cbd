import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ignoreMatcher } from '../../src/graph/scan.js';

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
