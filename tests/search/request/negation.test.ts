import { describe, expect, it } from 'vitest';
import { withoutNegated } from '../../../src/search/request/negation.js';

describe('withoutNegated', () => {
  it.each<[string, string, string[]]>([
    ['I want to change my booking, not cancel it', 'I want to change my booking,            it', ['cancel']],
    ['Close the editor without saving', 'Close the editor               ', ['saving']],
    ["don't delete the branch", '             the branch', ['delete']],
    // adverbs and the infinitive `to` between the cue and the verb stay
    ['never ever push to main', '      ever      to main', ['push']],
    ['be careful not to overwrite it', 'be careful     to           it', ['overwrite']],
    ['I cannot restart the server now', 'I                the server now', ['restart']],
    ["we can't merge this", 'we             this', ['merge']],
    // a function word after the cue opens a phrase: only the cue goes, its words still count
    ['find users without an email address', 'find users         an email address', []],
    ['list files not in src', 'list files     in src', []],
    ['show orders that are not in stock', 'show orders that are     in stock', []],
    // nothing negated
    ['delete the user', 'delete the user', []],
    ['notify the user', 'notify the user', []],
    // a cue at the end, or cues in a row, blank only the cues
    ['delete it, not', 'delete it,    ', []],
    ['not never', '         ', []],
  ])('%j -> %j', (text, expected, negated) => {
    const out = withoutNegated(text);
    expect(out.text).toBe(expected);
    expect(out.text.length).toBe(text.length);
    expect(out.negated).toEqual(negated);
  });

  it('is linear on long hostile input', () => {
    const text = 'not '.repeat(50_000);
    expect(withoutNegated(text).text.trim()).toBe('');
  });
});
