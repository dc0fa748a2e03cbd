import { afterEach, describe, expect, it } from 'vitest';
import { requestObject } from '../../../src/search/request/request-object.js';
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
