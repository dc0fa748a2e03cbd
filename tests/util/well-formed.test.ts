import { describe, expect, it } from 'vitest';
import { isLoneSurrogate, loneSurrogateAt, toWellFormed } from '../../src/util/well-formed.js';

describe('well-formed Unicode', () => {
  it.each([
    ['', -1, ''],
    ['plain', -1, 'plain'],
    ['🚀 pair', -1, '🚀 pair'],
    ['\ud800', 0, '\ufffd'],
    ['a\udc00b', 1, 'a\ufffdb'],
    ['\udc00\ud800', 0, '\ufffd\ufffd'],
    ['ok🚀\ud83d', 4, 'ok🚀\ufffd'],
    ['\ud83d\ud83d\ude80', 0, '\ufffd🚀'],
  ])('%j: first lone surrogate at %i, mended %j', (text, at, mended) => {
    expect(loneSurrogateAt(text)).toBe(at);
    expect(toWellFormed(text)).toBe(mended);
    // The same answer twice: the shared pattern keeps no state between calls.
    expect(loneSurrogateAt(text)).toBe(at);
  });

  it.each([
    ['a', false],
    ['🚀', false],
    ['\ud800', true],
    ['\udfff', true],
    ['\ufffd', false],
  ])('%j from a code-point iteration is a lone surrogate: %s', (ch, lone) => {
    expect(isLoneSurrogate(ch)).toBe(lone);
  });
});
