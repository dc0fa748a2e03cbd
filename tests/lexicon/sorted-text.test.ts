// The lexicon's data files are looked up in their text (src/lexicon/sorted-text.ts): the lookups
// must agree with the parsed files on every entry, and the files must keep the order they rely on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonWordsAt, sortedWordsHave } from '../../src/lexicon/sorted-text.js';

const DATA = join(import.meta.dirname, '..', '..', 'src', 'lexicon', 'data');
const read = (name: string): string => readFileSync(join(DATA, name), 'utf8');

describe('sortedWordsHave', () => {
  it.each<[string, string, boolean]>([
    ['a b c', 'a', true],
    ['a b c', 'c', true],
    ['a b c', 'b', true],
    ['a b c', 'bb', false],
    ['a b c', '', false],
    ['a b c', 'a b', false],
    ['apple banana cherry', 'banan', false],
    ['apple banana cherry', 'cherryx', false],
    ['only', 'only', true],
    ['', 'x', false],
  ])('%j has %j: %s', (list, word, expected) => {
    expect(sortedWordsHave(list, word)).toBe(expected);
  });

  it.each(['words', 'verbs'] as const)('agrees with a Set of english-words.json %s on every word and on others', (field) => {
    const list = (JSON.parse(read('english-words.json')) as Record<string, string>)[field]!;
    const words = list.split(' ');
    expect(words.every((w, i) => i === 0 || words[i - 1]! < w)).toBe(true);
    expect(words.filter((w) => !sortedWordsHave(list, w))).toEqual([]);
    const others = [...words.slice(0, 500).map((w) => `${w}x`), ...words.slice(0, 500).map((w) => w.slice(0, -1)), 'zzzzq', '~', '\u00e9t\u00e9'];
    const set = new Set(words);
    expect(others.filter((w) => sortedWordsHave(list, w) !== set.has(w))).toEqual([]);
  });
});

describe('jsonWordsAt', () => {
  it.each<[string, string, string[] | undefined]>([
    ['{"a": ["x", "y"], "b": []}', 'a', ['x', 'y']],
    ['{"a": ["x", "y"], "b": []}', 'b', []],
    ['{"a": ["b", "c"]}', 'b', undefined],
    ['{"d": "say \\"a\\": [1]", "a": ["z"]}', 'a', ['z']],
    ['{ "a" :\n [ "z" ] }', 'a', ['z']],
    ['{"a": "text"}', 'a', undefined],
  ])('%s at %j', (text, key, expected) => {
    expect(jsonWordsAt(text, key, 0)).toEqual(expected);
  });

  it('agrees with the parsed thesaurus on every entry and on words it lacks', () => {
    const text = read('thesaurus.json');
    const words = (JSON.parse(text) as { words: Record<string, string[]> }).words;
    const from = text.indexOf('"words"');
    const keys = Object.keys(words);
    expect(keys.filter((k) => JSON.stringify(jsonWordsAt(text, k, from)) !== JSON.stringify(words[k]))).toEqual([]);
    const lacking = ['description', 'words', 'zzzq', 'constructor', '__proto__', ...keys.slice(0, 300).map((k) => `${k}q`)];
    expect(lacking.filter((k) => jsonWordsAt(text, k, from) !== undefined)).toEqual([]);
  });
});
