import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Diagnostic } from '../../../src/errors.js';
import { NORMALIZER_CACHE_LIMIT, prepareQuery, runNormalizer } from '../../../src/search/request/normalize-query.js';
import type { QueryNormalizer } from '../../../src/search/types.js';

const codes = (diagnostics: Diagnostic[]): string[] => diagnostics.map((d) => `${d.severity} ${d.code}`);

describe('prepareQuery', () => {
  it.each<[string, string, string, string[]]>([
    ['plain', 'list pods', 'list pods', []],
    ['whitespace collapsed', '  list \t\n pods  ', 'list pods', []],
    ['empty', '', '', ['error MDKG_QUERY_EMPTY']],
    ['whitespace only', ' \t\n ', '', ['error MDKG_QUERY_EMPTY']],
    ['controls become spaces', 'delete\u0000user\u0007', 'delete user', ['warning MDKG_QUERY_CONTROL_CHARS']],
    ['C1 controls and DEL', 'a\u0085b\u007fc', 'a b c', ['warning MDKG_QUERY_CONTROL_CHARS']],
    ['zero-width and bidi characters removed', 'dele\u200bte \u202efile\ufeff', 'delete file', ['warning MDKG_QUERY_CONTROL_CHARS']],
    ['lone surrogates removed, pairs kept', 'a\ud800b 😀', 'ab 😀', ['warning MDKG_QUERY_CONTROL_CHARS']],
    ['only controls', '\u0000\u200b', '', ['warning MDKG_QUERY_CONTROL_CHARS', 'error MDKG_QUERY_EMPTY']],
  ])('%s', (_, raw, text, diagnostics) => {
    const out = prepareQuery(raw);
    expect(out.text).toBe(text);
    expect(codes(out.diagnostics)).toEqual(diagnostics);
  });

  it('counts what it removed', () => {
    expect(prepareQuery('a\u0000b\u0001c').diagnostics[0]?.message).toBe('removed 2 control or invisible characters from the query');
  });

  it.each<[string, string, number, string]>([
    ['cut at the limit', 'abcdefghij', 4, 'abcd'],
    ['trailing space after the cut dropped', 'abc defgh', 4, 'abc'],
    ['a surrogate pair is not split', 'abc😀def', 4, 'abc'],
    ['a pair that fits is kept', 'ab😀def', 4, 'ab😀'],
  ])('%s', (_, raw, max, text) => {
    const out = prepareQuery(raw, max);
    expect(out.text).toBe(text);
    expect(codes(out.diagnostics)).toEqual(['warning MDKG_QUERY_TRUNCATED']);
  });

  it('truncates a 1 MB query to 1,000 characters by default', () => {
    const out = prepareQuery('x'.repeat(1 << 20));
    expect(out.text).toHaveLength(1000);
    expect(out.diagnostics).toEqual([
      { code: 'MDKG_QUERY_TRUNCATED', severity: 'warning', message: 'the query has 1048576 characters; searched its first 1000 (limit 1000)' },
    ]);
  });

  it('leaves a query at the limit alone', () => {
    expect(prepareQuery('x'.repeat(1000))).toEqual({ text: 'x'.repeat(1000), diagnostics: [] });
  });
});

function normalizer(name: string, normalize: QueryNormalizer['normalize']): QueryNormalizer & { calls: number } {
  const n = {
    name,
    calls: 0,
    normalize(query: string, signal: AbortSignal): Promise<string> {
      n.calls++;
      return normalize(query, signal);
    },
  };
  return n;
}

const upper = () => normalizer('upper', async (q) => q.toUpperCase());

describe('runNormalizer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('returns the normalized query', async () => {
    expect(await runNormalizer(upper(), 'list pods', { timeoutMs: 1000 })).toEqual({ text: 'LIST PODS', normalized: true, diagnostics: [] });
  });

  it('cleans the output (controls, whitespace)', async () => {
    const n = normalizer('messy', async () => '  list\n\u0000pods \u200b ');
    expect((await runNormalizer(n, 'q', { timeoutMs: 1000 })).text).toBe('list pods');
  });

  it('times out a normalizer that never answers, and aborts its signal', async () => {
    vi.useFakeTimers();
    let seen: AbortSignal | undefined;
    const never = normalizer('never', (_, signal) => {
      seen = signal;
      return new Promise<string>(() => {});
    });
    const pending = runNormalizer(never, 'list pods', { timeoutMs: 50 });
    await vi.advanceTimersByTimeAsync(50);
    const out = await pending;
    expect(out).toEqual({
      text: 'list pods',
      normalized: false,
      diagnostics: [
        { code: 'MDKG_NORMALIZER_FAILED', severity: 'warning', message: 'query normalizer never timed out after 50 ms; searched the query as written' },
      ],
    });
    expect(seen?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears its timer when the normalizer answers', async () => {
    vi.useFakeTimers();
    await runNormalizer(upper(), 'x', { timeoutMs: 60_000 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each<[string, QueryNormalizer['normalize'], string]>([
    ['rejects', async () => Promise.reject(new Error('rate limited')), 'query normalizer bad failed: rate limited; searched the query as written'],
    [
      'throws synchronously',
      () => {
        throw new Error('boom');
      },
      'query normalizer bad failed: boom; searched the query as written',
    ],
    ['throws a non-error', async () => Promise.reject('nope'), 'query normalizer bad failed: nope; searched the query as written'],
    ['returns empty text', async () => '  \n ', 'query normalizer bad returned an empty query; searched the query as written'],
    ['returns a non-string', async () => null as unknown as string, 'query normalizer bad returned null, not text; searched the query as written'],
    ['returns absurdly long text', async () => 'x'.repeat(5000), 'query normalizer bad returned 5000 characters (limit 1000); searched the query as written'],
  ])('falls back when the normalizer %s', async (_, normalize, message) => {
    const cache = new Map<string, string>();
    const out = await runNormalizer(normalizer('bad', normalize), 'find files', { timeoutMs: 1000, cache });
    expect(out).toEqual({ text: 'find files', normalized: false, diagnostics: [{ code: 'MDKG_NORMALIZER_FAILED', severity: 'warning', message }] });
    expect(cache.size).toBe(0);
  });

  it('takes the output limit from the options', async () => {
    const out = await runNormalizer(upper(), 'abcdef', { timeoutMs: 1000, maxOutputChars: 5 });
    expect(out.normalized).toBe(false);
  });

  it('answers a repeated query from the cache, per normalizer', async () => {
    const cache = new Map<string, string>();
    const a = upper();
    expect((await runNormalizer(a, 'q1', { timeoutMs: 1000, cache })).text).toBe('Q1');
    expect(await runNormalizer(a, 'q1', { timeoutMs: 1000, cache })).toEqual({ text: 'Q1', normalized: true, diagnostics: [] });
    expect(a.calls).toBe(1);
    const b = normalizer('lower', async (q) => q.toLowerCase());
    expect((await runNormalizer(b, 'Q1', { timeoutMs: 1000, cache })).text).toBe('q1');
    expect(b.calls).toBe(1);
    expect(cache.size).toBe(2);
  });

  it(`keeps at most ${NORMALIZER_CACHE_LIMIT} entries, least recently used out first`, async () => {
    const cache = new Map<string, string>();
    const n = upper();
    for (let i = 0; i < NORMALIZER_CACHE_LIMIT; i++) await runNormalizer(n, `q${i}`, { timeoutMs: 1000, cache });
    await runNormalizer(n, 'q0', { timeoutMs: 1000, cache }); // q0 is now the most recent
    await runNormalizer(n, 'new', { timeoutMs: 1000, cache });
    expect(cache.size).toBe(NORMALIZER_CACHE_LIMIT);
    expect(cache.has('upper\u0000q0')).toBe(true);
    expect(cache.has('upper\u0000q1')).toBe(false);
    expect(n.calls).toBe(NORMALIZER_CACHE_LIMIT + 1);
  });
});
