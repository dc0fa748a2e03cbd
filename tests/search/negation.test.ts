import { describe, expect, it } from 'vitest';
import { withoutNegated } from '../../src/search/negation.js';

describe('withoutNegated', () => {
  it.each<[string, string, string[]]>([
    ['I need to update my order, not cancel it', 'I need to update my order,            it', ['cancel']],
    ['Save my work-in-progress without committing', 'Save my work-in-progress                   ', ['committing']],
    ["don't delete the branch", '             the branch', ['delete']],
    // function words between the cue and the governed word stay
    ['never ever push to main', '      ever      to main', ['push']],
    ['do not the delete', 'do     the       ', ['delete']],
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
