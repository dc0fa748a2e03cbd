import { describe, expect, it } from 'vitest';
import termData from '../../src/lexicon/data/computing-terms.json' with { type: 'json' };
import { equivalentsOf } from '../../src/lexicon/equivalents.js';

describe('equivalentsOf (computing-terms.json)', () => {
  it.each<[string, readonly string[]]>([
    ['folder', ['directory', 'dir']],
    ['Folders', ['directory', 'dir']],
    ['directory', ['folder', 'dir']],
    ['repo', ['repository']],
    ['config', ['configuration', 'conf']],
    // no group, and keys from input
    ['file', []],
    ['constructor', []],
    ['__proto__', []],
  ])('%s', (word, expected) => {
    expect(equivalentsOf(word)).toEqual(expected);
  });

  it('puts every word in one group only, in lower case', () => {
    const words = termData.groups.flat();
    expect(new Set(words).size).toBe(words.length);
    expect(words.filter((w) => w !== w.toLowerCase())).toEqual([]);
  });
});
