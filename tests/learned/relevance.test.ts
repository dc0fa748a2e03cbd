import { describe, expect, it } from 'vitest';
import { isMdkgError } from '../../src/errors.js';
import { learnPair } from '../../src/learned/learn-pair.js';
import { openLearnedPairs } from '../../src/learned/open-pairs.js';
import { lexicalSimilarity, validateSymbolRelevance, verdictOf } from '../../src/learned/relevance.js';
import type { EmbeddingProvider } from '../../src/search/vector/provider.js';
import { learnedGraph } from '../helpers/learned-graph.js';

describe('lexicalSimilarity', () => {
  it.each([
    ['every word, as written', 'remove person', 'remove_person Removes a person record', 1, ['=remov', '=person']],
    ['half the words', 'remove invoice', 'remove_person Removes a person record', 0.5, ['=remov']],
    ['a computing equivalent', 'folder', 'list_directory Lists a directory', 0.7, ['~folder']],
    ['a prefix', 'auth', 'AuthService.signIn authenticate', 1, ['=auth']],
    ['a prefix of a longer word', 'sess', 'opens a session', 0.6, ['^sess']],
    ['a typo', 'pasword', 'checks the password', 0.5143, ['≈pasword']],
    ['no word in common', 'rename file', 'remove_person', 0, []],
    ['stop words only', 'the of', 'anything', 0, []],
  ])('%s', (_what, term, text, similarity, matched) => {
    expect(lexicalSimilarity(term, text)).toEqual({ similarity, matched });
  });
});

describe('verdictOf', () => {
  it.each([
    [1, 'accepted', 'LOW'],
    [0.6001, 'accepted', 'LOW'],
    [0.6, 'accepted_high_risk', 'HIGH'],
    [0.3, 'accepted_high_risk', 'HIGH'],
    [0.2999, 'rejected', 'HIGH'],
    [0, 'rejected', 'HIGH'],
  ])('%f is %s with risk %s', (similarity, verdict, risk) => {
    expect(verdictOf(similarity)).toEqual({ verdict, risk });
  });
});

describe('validateSymbolRelevance', () => {
  it('gives each symbol a similarity and a verdict, guidance when rejected, and the matching pairs', async () => {
    const { dir, kg } = await learnedGraph();
    learnPair(kg.store, dir, { term: 'sign in', target: 'AuthService.signIn', code_evidence: 'src/auth.ts:3' }, { now: new Date() });
    await kg.refresh();
    const { pairs } = openLearnedPairs(kg.store, {});
    const report = await validateSymbolRelevance(
      kg.store,
      'sign in user',
      ['AuthService.signIn', 'code:src/auth.ts#AuthService', 'book/list_people', 'Nothing.here'],
      { pairs },
    );
    expect(report.results.map((r) => [r.symbol, r.target, r.similarity, r.verdict, r.risk, r.matched])).toEqual([
      ['AuthService.signIn', 'code:src/auth.ts#AuthService.signIn', 1, 'accepted', 'LOW', ['=sign', '=user']],
      ['code:src/auth.ts#AuthService', 'code:src/auth.ts#AuthService', 0, 'rejected', 'HIGH', []],
      ['book/list_people', 'tool:book/list_people', 0, 'rejected', 'HIGH', []],
      ['Nothing.here', undefined, 0, 'rejected', 'HIGH', []],
    ]);
    expect(report.results[1]!.guidance?.[0]).toBe('search_code {"query": "sign in user"} for the code that does it');
    expect(report.results[2]!.guidance?.[0]).toBe('search_tools {"query": "sign in user"} (mdkg search "sign in user") for the tools that do it');
    expect(report.results[3]!.note).toBe("no tool or symbol 'Nothing.here' in the graph");
    expect(report.pairs.map((p) => [p.term, p.target, p.how])).toEqual([['sign in', 'code:src/auth.ts#AuthService.signIn', 'exact']]);
    expect(report.results.map((r) => r.learned?.term)).toEqual(['sign in', undefined, undefined, undefined]);
  });

  it('uses vectors when a provider is given (the larger similarity counts)', async () => {
    const { kg } = await learnedGraph();
    const provider: EmbeddingProvider = {
      modelId: 'fixed',
      dimensions: 2,
      embed: (texts) => Promise.resolve(texts.map((_, i) => new Float32Array(i === 0 ? [1, 0] : [0.8, 0.6]))),
    };
    const [r] = (await validateSymbolRelevance(kg.store, 'drop contact', ['book/remove_person'], { provider })).results;
    expect([r?.lexical, r?.cosine, r?.similarity, r?.method, r?.verdict]).toEqual([0, 0.8, 0.8, 'lexical+vector', 'accepted']);
  });

  it.each([
    ['an empty term', '', ['a'], 'MDKG_USAGE'],
    ['no symbols', 'x', [], 'MDKG_USAGE'],
    ['51 symbols', 'x', Array.from({ length: 51 }, () => 'a'), 'MDKG_USAGE'],
    ['a symbol of 1001 characters', 'x', ['s'.repeat(1001)], 'MDKG_USAGE'],
  ])('refuses %s', async (_what, term, symbols, code) => {
    const { kg } = await learnedGraph();
    const error = await validateSymbolRelevance(kg.store, term, symbols).catch((e: unknown) => e);
    expect(isMdkgError(error) ? error.code : error).toBe(code);
  });
});
