import { describe, expect, it } from 'vitest';
import { MAX_CLAUSES, splitClauses } from '../../../src/search/request/clauses.js';
import { interleaveClauses } from '../../../src/search/pipeline.js';
import type { Fused } from '../../../src/search/rank/fusion.js';

describe('splitClauses', () => {
  it.each<[string, string[]]>([
    // one step: the request as given
    ['delete the user', ['delete the user']],
    ['Who wrote the first draft of this report?', ['Who wrote the first draft of this report?']],
    ['coupons and discounts for a cart', ['coupons and discounts for a cart']],
    ['Pack the bags and checkout', ['Pack the bags and checkout']], // "checkout" is not a listed verb
    // punctuation that is part of a token does not split
    ['read /etc/hosts.conf', ['read /etc/hosts.conf']],
    ['version 1.2.3 and 1,000 users', ['version 1.2.3 and 1,000 users']],
    // steps
    ['Fix the typo, save the draft, commit, and push', ['Fix the typo', 'save the draft', 'commit', 'push']],
    ['email a@b.com, then delete it', ['email a@b.com', 'delete it']],
    ['list pods then delete the old ones', ['list pods', 'delete the old ones']],
    ['Remove the old banner and also delete its image', ['Remove the old banner', 'delete its image']],
    ['find and delete old files', ['find', 'delete old files']],
    ['Deploy — build image; push: done', ['Deploy', 'build image', 'push', 'done']],
    // other scripts split at their punctuation only
    ['파일을 찾고、삭제해줘', ['파일을 찾고', '삭제해줘']],
    ['삭제할 엔티티를 검색한 다음 제거해줘', ['삭제할 엔티티를 검색한 다음 제거해줘']],
    // nothing but punctuation between boundaries is not a clause
    ['delete it, , ,', ['delete it, , ,']],
  ])('%s', (text, clauses) => {
    expect(splitClauses(text)).toEqual(clauses);
  });

  it(`keeps at most ${MAX_CLAUSES} clauses`, () => {
    expect(splitClauses('a1, b2, c3, d4, e5, f6, g7')).toEqual(['a1', 'b2', 'c3', 'd4', 'e5']);
  });

  it('searches a very long request whole (no quadratic work on hostile input)', () => {
    const long = 'delete it, '.repeat(1000);
    expect(splitClauses(long)).toEqual([long]);
  });
});

describe('interleaveClauses', () => {
  const f = (doc: number, score = 1 - doc / 100): Fused => ({ doc, score, ranks: { bm25: doc + 1 } });

  it('puts the first tool of each clause right after the whole request’s first', () => {
    const whole = [f(0), f(1), f(2), f(3), f(4)];
    const out = interleaveClauses(whole, [[f(3), f(1)], [f(0)], [f(4)]]);
    expect(out.map((x) => x.doc)).toEqual([0, 3, 4, 1, 2]);
    expect(out[1]).toBe(whole[3]); // the whole request's entry is kept
  });

  it('adds a clause tool the whole request did not rank, and handles empty lists', () => {
    expect(interleaveClauses([f(0)], [[f(9)], []]).map((x) => x.doc)).toEqual([0, 9]);
    expect(interleaveClauses([], [[f(2)]]).map((x) => x.doc)).toEqual([2]);
  });
});
