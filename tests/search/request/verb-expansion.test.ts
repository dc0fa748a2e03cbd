import { describe, expect, it } from 'vitest';
import { verbExpansion } from '../../../src/search/request/verb-expansion.js';
import { terms } from '../../../src/search/text/tokenize.js';

/** The expanded terms, sorted, and the one weight they all carry. */
function expanded(text: string, present: readonly string[] = []): { terms: string[]; weights: number[] } {
  const out = verbExpansion(text, new Map(present.map((t) => [t, 1])), 0.3);
  return { terms: [...out.keys()].sort(), weights: [...new Set(out.values())] };
}

describe('verbExpansion', () => {
  it('expands a delete verb to the common delete verbs of the data file (stemmed)', () => {
    const out = expanded('remove the pod');
    expect(out.weights).toEqual([0.3]);
    expect(out.terms).toContain(terms('delete')[0]);
    expect(out.terms).not.toContain(terms('create')[0]);
  });

  it('leaves out the terms the request already has', () => {
    const remove = terms('remove')[0]!;
    expect(expanded('remove the pod', [remove]).terms).not.toContain(remove);
    expect(expanded('remove the pod').terms).toContain(remove);
  });

  it('expands the verbs of head-final languages to English verbs of their class', () => {
    expect(expanded('사용자 삭제')).toEqual(expanded('delete the user'));
    expect(expanded('ファイルを検索')).toEqual(expanded('search files'));
  });

  it('expands every class the request names, and nothing without a verb', () => {
    const both = expanded('find and delete old files').terms;
    expect(both).toEqual([...new Set([...expanded('find files').terms, ...expanded('delete files').terms])].sort());
    expect(expanded('the weather in Paris')).toEqual({ terms: [], weights: [] });
  });
});
