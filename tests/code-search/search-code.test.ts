// search_code and search_by_symbol over a small generated project: names rank their exact symbol
// first and its callers after it, words find symbols by doc comments and name words, tests rank
// below implementation, typos are corrected, path and kind filter, and `..` is refused.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodeIndex, codeIndexOf } from '../../src/code-search/code-index.js';
import { searchCode } from '../../src/code-search/search-code.js';
import { lookupSymbols } from '../../src/code-search/symbol-query.js';
import type { SymbolMatchMode } from '../../src/code-search/types.js';
import { codeProject } from '../helpers/code-project.js';

let dir: string;
let index: CodeIndex;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mdkg-code-search-'));
  index = codeIndexOf((await codeProject(dir)).store);
}, 30_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('searchCode', () => {
  it.each([
    ['hash a password', 'src/util/crypto.ts#hashPassword'],
    ['signIn', 'src/auth/session.ts#SessionStore.signIn'],
    ['SessionStore.lookup', 'src/auth/session.ts#SessionStore.lookup'],
    // signIn is 4 lines: it folds into its class, whose unit holds its doc comment (docs/code.md#chunking).
    ['where does a user sign in', 'src/auth/session.ts#SessionStore'],
    ['crypto.ts', 'src/util/crypto.ts'],
    ['browser session', 'src/auth/session.ts#SessionStore'],
  ])('%s -> %s first', (query, id) => {
    expect(searchCode(index, query).hits[0]?.id).toBe(id);
  });

  it('lists a named symbol, then its callers as references, each with its evidence', () => {
    const hits = searchCode(index, 'hashPassword', { limit: 3 }).hits;
    expect(hits.map((h) => [h.id, h.evidence.find((e) => e.source === 'symbol')?.rule])).toEqual([
      ['src/util/crypto.ts#hashPassword', 'exact'],
      ['src/auth/session.ts#SessionStore.signIn', 'reference'],
      ['src/auth/session.ts#SessionStore', undefined],
    ]);
    expect(hits[0]).toMatchObject({
      file: 'src/util/crypto.ts',
      startLine: 2,
      endLine: 4,
      kind: 'function',
      qualifiedName: 'hashPassword',
      signature: 'function hashPassword(text: string): string',
      snippet: 'Hashes a password with a salt.',
      confidence: 0.95,
    });
  });

  it('ranks tests below the implementation they exercise', () => {
    const ids = searchCode(index, 'sign a user in').hits.map((h) => h.id);
    expect(ids.indexOf('src/auth/session.ts#SessionStore.signIn')).toBeLessThan(ids.indexOf('tests/session.test.ts#signInTwice'));
  });

  it('corrects a typo against the vocabulary and says so', () => {
    const hit = searchCode(index, 'pasword hashing').hits[0]!;
    expect(hit.id).toBe('src/util/crypto.ts#hashPassword');
    expect(hit.evidence[0]).toMatchObject({ source: 'bm25', corrected: [{ from: 'pasword', to: 'password' }] });
  });

  it.each([
    [{ path: 'src/util' }, ['src/util/crypto.ts#hashPassword']],
    [{ path: './src/util/' }, ['src/util/crypto.ts#hashPassword']],
    [{ kind: 'class' }, ['src/auth/session.ts#SessionStore']],
    [{ path: 'src/none' }, []],
  ])('filters by %o', (options, ids) => {
    expect(searchCode(index, 'password user session', options).hits.map((h) => h.id)).toEqual(ids);
  });

  it.each(['../src', 'src/../../x', '/etc', 'C:/x'])('refuses the path %s', (path) => {
    expect(() => searchCode(index, 'password', { path })).toThrow(expect.objectContaining({ code: 'MDKG_PATH_ESCAPE' }));
  });

  it('clamps the limit to 1..100', () => {
    expect(searchCode(index, 'user', { limit: 0 }).hits).toHaveLength(1);
  });
});

describe('lookupSymbols', () => {
  it.each<[string, SymbolMatchMode, string[]]>([
    ['signIn', 'exact', ['SessionStore.signIn:exact']],
    ['signin', 'exact', ['SessionStore.signIn:case-insensitive']],
    ['SessionStore.signIn', 'exact', ['SessionStore.signIn:exact']],
    ['sign', 'prefix', ['SessionStore.signIn:prefix', 'signInTwice:prefix']],
    ['Password', 'contains', ['hashPassword:contains']],
    ['hashPasword', 'fuzzy', ['hashPassword:fuzzy']],
    ['nothing', 'exact', []],
  ])('%s (%s)', (name, mode, expected) => {
    expect(lookupSymbols(index, name, mode).map((m) => `${index.symbols[m.ref]!.qualifiedName}:${m.rule}`)).toEqual(expected);
  });
});
