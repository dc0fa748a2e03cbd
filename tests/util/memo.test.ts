import { describe, expect, it } from 'vitest';
import { memoize } from '../../src/util/memo.js';

describe('memoize', () => {
  it('calls the function once per key and returns the same result', () => {
    const calls: string[] = [];
    const upper = memoize((key: string) => {
      calls.push(key);
      return { text: key.toUpperCase() };
    });
    const first = upper('a');
    expect(upper('a')).toBe(first);
    expect(upper('b')).toEqual({ text: 'B' });
    expect(upper('a')).toEqual({ text: 'A' });
    expect(calls).toEqual(['a', 'b']);
  });

  it('keeps undefined results too', () => {
    let calls = 0;
    const none = memoize((_key: string): string | undefined => {
      calls += 1;
      return undefined;
    });
    expect([none('x'), none('x'), none('x')]).toEqual([undefined, undefined, undefined]);
    expect(calls).toBe(1);
  });

  it.each([
    { max: 1, keys: ['a', 'b', 'a'], calls: ['a', 'b', 'a'] },
    { max: 2, keys: ['a', 'b', 'a', 'c', 'a'], calls: ['a', 'b', 'c', 'a'] },
    { max: 3, keys: ['a', 'b', 'c', 'a', 'b', 'c'], calls: ['a', 'b', 'c'] },
  ])('starts over past $max entries: $keys -> calls $calls', ({ max, keys, calls }) => {
    const seen: string[] = [];
    const id = memoize((key: string) => {
      seen.push(key);
      return key;
    }, max);
    expect(keys.map(id)).toEqual(keys);
    expect(seen).toEqual(calls);
  });
});
