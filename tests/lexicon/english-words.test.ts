import { describe, expect, it } from 'vitest';
import { isEnglishVerb, isEnglishWord } from '../../src/lexicon/english-words.js';

describe('isEnglishWord (WordNet lemmas with a sense-tagged use)', () => {
  it.each<[string, boolean]>([
    ['forget', true],
    ['folders', true],
    ['forgetting', true],
    ['Time', true],
    // typos and identifiers are not words
    ['lsit', false],
    ['contnets', false],
    ['craete', false],
    ['kubectl', false],
    // keys from input are plain strings here
    ['constructor', false],
    ['__proto__', false],
    ['', false],
  ])('%s -> %s', (word, expected) => {
    expect(isEnglishWord(word)).toBe(expected);
  });
});

describe('isEnglishVerb', () => {
  it.each<[string, boolean, boolean]>([
    ['navigate', false, true],
    ['navigates', false, true],
    // as an imperative only the base form counts: "files changed" does not start with a verb
    ['navigates', true, false],
    ['files', true, false],
    ['file', true, true],
    ['pods', true, false],
    ['what', true, false],
  ])('%s (base only: %s) -> %s', (word, base, expected) => {
    expect(isEnglishVerb(word, base)).toBe(expected);
  });
});
