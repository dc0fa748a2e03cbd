import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { requestObject, requestPhrase } from '../../../src/search/request/request-object.js';
import { setRuleAblationForBenchmarks } from '../../../src/search/request/rule-ablation.js';

afterEach(() => setRuleAblationForBenchmarks([]));

describe('requestObject: the head noun after the main verb', () => {
  it.each<[string, string | undefined]>([
    // the head is the last word of the phrase after the verb, before a preposition
    ['make a folder', 'folder'],
    ['make a new folder for the build logs', 'folder'],
    ['remove a relation between two entities', 'relat'],
    ['add two numbers', 'number'],
    ['show me the whole layout of the repo', 'layout'],
    ['list all of the files in src', 'file'],
    // phrasal verbs and imperatives of verbs not in the verb list
    ['set up a staging database', 'databas'],
    ['navigate to the settings page', 'page'],
    // a question: its first phrase, ended by the auxiliary
    ['what time is it', 'time'],
    ['which files have changed', 'file'],
    // an inflected verb after the start is a participle; the head comes before it
    ['files changed in the release', 'file'],
    // values are never objects
    ['go to https://docs.example.org/start', undefined],
    ['read /tmp/a.txt', undefined],
    ['delete kube-system', undefined],
    // nothing to take
    ['delete it', undefined],
    ['', undefined],
    ['ファイルを削除', undefined],
  ])('%s -> %s', (text, expected) => {
    expect(requestObject(text)).toBe(expected);
  });

  it('finds nothing when the rule is off (the ablation switch)', () => {
    setRuleAblationForBenchmarks(['object']);
    expect(requestObject('make a folder')).toBeUndefined();
  });
});

describe('requestPhrase: the object and the phrase that qualifies it', () => {
  it.each<[string, { object: string; modifiers: string[] } | undefined]>([
    ['remove a relation between two entities', { object: 'relat', modifiers: ['entiti'] }],
    ['delete the file in the tmp folder', { object: 'file', modifiers: ['tmp', 'folder'] }],
    // the phrase ends at the next phrase end or verb
    ['delete the row with the old id and then vacuum', { object: 'row', modifiers: ['old', 'id'] }],
    // a phrase of direction belongs to the verb: it says where, not which
    ['add a product to the cart', { object: 'product', modifiers: [] }],
    ['remove the item from my wishlist', { object: 'item', modifiers: [] }],
    ['move the report into the archive', { object: 'report', modifiers: [] }],
    ['close the ticket after the release', { object: 'ticket', modifiers: [] }],
    ['find the user by email', { object: 'user', modifiers: [] }],
    // nor a genitive: the owner of the object changes with it
    ['update the title of the issue', { object: 'titl', modifiers: [] }],
    // no phrase after the object
    ['make a folder', { object: 'folder', modifiers: [] }],
    ['delete it', undefined],
  ])('%s', (text, expected) => {
    expect(requestPhrase(text)).toEqual(expected);
  });

  it('never counts the object among its modifiers, and gives an object whenever it gives modifiers (property)', () => {
    const word = fc.constantFrom(
      'delete',
      'remove',
      'a',
      'the',
      'relation',
      'between',
      'two',
      'entities',
      'of',
      'to',
      'in',
      'and',
      'files',
      'after',
      'x1',
      '/tmp/a',
      'Config',
      '削除',
      '',
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 14 }), (words) => {
        const phrase = requestPhrase(words.join(' '));
        if (phrase === undefined) return;
        expect(phrase.object.length).toBeGreaterThan(0);
        expect(phrase.modifiers).not.toContain(phrase.object);
        expect(new Set(phrase.modifiers).size).toBe(phrase.modifiers.length);
      }),
    );
  });
});
