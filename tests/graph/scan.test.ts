import { describe, expect, it } from 'vitest';
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
