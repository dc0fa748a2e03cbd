import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LearnedPairs, matchLearnedPairs } from '../../../src/search/learned/learned-pairs.js';
import type { PairRecord } from '../../../src/search/learned/pair-records.js';

const HASH = `sha256:${'a'.repeat(64)}`;
const pair = (term: string, target: string, extra: Partial<PairRecord> = {}): PairRecord => ({
  iri: `https://w3id.org/mdkg/doc/learned/${encodeURIComponent(term)}/${target}`,
  term,
  target: `https://w3id.org/mdkg/tool/${target}`,
  targetId: `tool:${target}`,
  targetKind: 'tool',
  similarity: 0.5,
  evidence: 'e',
  learnedAt: '2026-11-20T00:00:00.000Z',
  targetHash: HASH,
  currentHash: HASH,
  status: 'active',
  path: `learned/${target}.md`,
  ...extra,
});
const NOW = new Date('2026-11-25T00:00:00.000Z');

describe('LearnedPairs.match', () => {
  const pairs = new LearnedPairs(
    [
      pair('forget someone', 'book/remove_person'),
      pair('login', 'auth/sign_in'),
      pair('show every contact', 'book/list_people'),
      pair('new contact card', 'book/add_person'),
    ],
    { now: NOW },
  );
  it.each([
    ['every word of the term, exactly', 'please forget someone named Ana', [['tool:book/remove_person', 'exact', 0.75]]],
    ['the whole request is the term', 'forget someone', [['tool:book/remove_person', 'exact', 1]]],
    ['stemmed forms', 'forgetting someone', [['tool:book/remove_person', 'exact', 1]]],
    ['a typo of a word', 'forgt someone', [['tool:book/remove_person', 'fuzzy', 0.8333]]],
    ['a one-word term', 'login fails on the site', [['tool:auth/sign_in', 'exact', 0.6667]]],
    ['a long term with 2 of 3 words', 'make a contact card', [['tool:book/add_person', 'exact', 0.5556]]],
    ['stop words of the term do not count', 'show each contact', [['tool:book/list_people', 'exact', 1]]],
    ['a long term with 1 of 3 words', 'a card', []],
    ['a short term with half its words', 'forget the keys', []],
    ['no shared word', 'rename a file', []],
    ['stop words only', 'the of and', []],
    ['an empty request', '', []],
  ])('%s', (_what, request, expected) => {
    expect(pairs.match(request).map((m) => [m.targetId, m.how, m.weight])).toEqual(expected);
  });

  it('keeps one match per target, the best; and filters by kind', () => {
    const twice = new LearnedPairs([pair('forget', 'book/remove_person'), pair('forget someone', 'book/remove_person')], { now: NOW });
    expect(twice.match('forget someone').map((m) => [m.pair.term, m.weight])).toEqual([['forget someone', 1]]);
    expect(matchLearnedPairs(twice, 'forget someone', 'symbol')).toEqual([]);
  });

  it('matches deterministically, with weights in (0, 1], best first (any request)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (request) => {
        const out = pairs.match(request);
        expect(pairs.match(request)).toEqual(out);
        for (const m of out) expect(m.weight > 0 && m.weight <= 1).toBe(true);
        for (let i = 1; i < out.length; i += 1) expect(out[i - 1]!.weight >= out[i]!.weight).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('LearnedPairs: what is not used is reported', () => {
  it.each([
    ['an active pair', pair('forget', 'a/b'), 1, []],
    ['a pair at its TTL', pair('forget', 'a/b', { learnedAt: '2026-10-26T00:00:00.000Z' }), 1, []],
    ['an expired pair', pair('forget', 'a/b', { learnedAt: '2026-10-25T23:59:59.000Z' }), 0, ['MDKG_PAIR_EXPIRED warning learned/a/b.md:1']],
    ['a stale pair', pair('forget', 'a/b', { status: 'stale', currentHash: `sha256:${'b'.repeat(64)}` }), 0, ['MDKG_PAIR_STALE warning learned/a/b.md:1']],
    ['an orphaned pair', pair('forget', 'a/b', { status: 'missing' }), 0, ['MDKG_PAIR_TARGET_UNKNOWN warning learned/a/b.md:1']],
  ])('%s', (_what, record, active, codes) => {
    const pairs = new LearnedPairs([record], { now: NOW, ttlDays: 30 });
    expect([pairs.size, pairs.diagnostics.map((d) => `${d.code} ${d.severity} ${d.file}:${d.line}`)]).toEqual([active, codes]);
  });

  it('takes its TTL from the options (learned.ttl_days)', () => {
    const record = pair('forget', 'a/b', { learnedAt: '2026-11-20T00:00:00.000Z' });
    expect([new LearnedPairs([record], { now: NOW, ttlDays: 5 }).size, new LearnedPairs([record], { now: NOW, ttlDays: 4 }).size]).toEqual([1, 0]);
  });
});
