import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STOP_WORDS } from '../../src/lexicon/stem.js';
import { tokenize } from '../../src/search/text/tokenize.js';
import { firstSentence, singularize, splitIdentifier, verbForms } from '../../src/lexicon/words.js';

describe('splitIdentifier', () => {
  it.each([
    ['get_file', ['get', 'file']],
    ['listDirectory', ['list', 'directory']],
    ['delete-item', ['delete', 'item']],
    ['HTTPResponseCode', ['http', 'response', 'code']],
    ['orderID', ['order', 'id']],
    ['order_Id', ['order', 'id']],
    ['v2beta1', ['v2beta1']],
    ['a.b c', ['a', 'b', 'c']],
    ['', []],
    // an acronym's plural stays whole, as in the tokenizer
    ['userIDs', ['user', 'ids']],
    ['listURLs', ['list', 'urls']],
    ['getAPIKeys', ['get', 'api', 'keys']],
    ['S3Bucket', ['s3', 'bucket']],
    ['enable2FA', ['enable2fa']],
    ['OAuthToken', ['o', 'auth', 'token']],
  ])('%s', (name, words) => {
    expect(splitIdentifier(name)).toEqual(words);
  });

  it('splits the way the search tokenizer splits (one rule)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z]{1,20}$/), (name) => {
        // the tokenizer also gives the whole run after its parts when it split it (surface = the name)
        const parts = splitIdentifier(name);
        const words = tokenize(name)
          .filter((t) => t.kind === 'word' && (parts.length === 1 || t.surface !== name))
          .map((t) => t.surface.toLowerCase());
        expect(words).toEqual(parts.filter((w) => !STOP_WORDS.has(w)));
      }),
    );
  });
});

describe('singularize', () => {
  it.each([
    ['orders', 'order'],
    ['entities', 'entity'],
    ['addresses', 'address'],
    ['branches', 'branch'],
    ['boxes', 'box'],
    ['statuses', 'status'],
    ['componentstatuses', 'componentstatus'],
    ['status', 'status'],
    ['alias', 'alias'],
    ['people', 'person'],
    ['caches', 'cache'],
    ['data', 'data'],
    ['ids', 'ids'],
    ['pods', 'pod'],
  ])('%s -> %s', (word, singular) => {
    expect(singularize(word)).toBe(singular);
  });
});

describe('verbForms', () => {
  it.each([
    ['Creates', ['creates', 'create']],
    ['Searches', ['searches', 'search', 'searche']],
    ['Queries', ['queries', 'query', 'querie']],
    ['listing', ['listing', 'list', 'liste']],
    ['get', ['get']],
  ])('%s', (word, forms) => {
    expect(verbForms(word)).toEqual(forms);
  });
});

describe('firstSentence', () => {
  it.each([
    ['Reads a file. Then more.', 'Reads a file'],
    ['파일을 삭제합니다。다음', '파일을 삭제합니다'],
    ['v1.2 of the API', 'v1.2 of the API'],
    ['line one\nline two', 'line one'],
  ])('%s', (text, sentence) => {
    expect(firstSentence(text)).toBe(sentence);
  });
});
