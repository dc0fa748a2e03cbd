import { describe, expect, it } from 'vitest';
import { Bm25Index } from '../../../src/search/text/bm25.js';
import { abbreviates, acronymsOf, queryView, rerank, rerankFeatures, rerankScore, toolProfiles } from '../../../src/search/rank/rerank.js';
import { checkRerankModel, DEFAULT_RERANK, RERANK_FEATURES, type RerankFeatures, type RerankModel } from '../../../src/search/params/rerank-model.js';
import type { Fused } from '../../../src/search/rank/fusion.js';
import { idf } from '../../../src/search/text/idf.js';

const zero = (): RerankFeatures => Object.fromEntries(RERANK_FEATURES.map((f) => [f, 0])) as RerankFeatures;
const weights = (w: Partial<RerankFeatures>): RerankModel['weights'] => ({ ...zero(), ...w });

describe('abbreviates', () => {
  it.each([
    ['repo', 'repositori', true],
    ['repositori', 'repo', true],
    ['config', 'configur', true],
    ['info', 'inform', true],
    ['pod', 'podtemplat', false], // too short a share of the longer word
    ['re', 'read', false], // shorter than 3
    ['list', 'list', true],
    ['star', 'unstar', false], // a prefix only
  ])('%s / %s -> %s', (a, b, expected) => {
    expect(abbreviates(a, b)).toBe(expected);
  });
});

describe('acronymsOf', () => {
  it('maps the initials of 2-3 consecutive words to their terms', () => {
    expect(acronymsOf(['get', 'pull', 'request'])).toEqual(
      new Map([
        ['gp', ['get', 'pull']],
        ['gpr', ['get', 'pull', 'request']],
        ['pr', ['pull', 'request']],
      ]),
    );
  });

  it('skips runs with digits or one-letter words, and keeps the first run of an acronym', () => {
    expect(acronymsOf(['list', 'core', 'v1', 'pod'])).toEqual(new Map([['lc', ['list', 'core']]]));
    expect(acronymsOf(['a', 'b'])).toEqual(new Map());
    expect(acronymsOf(['pull', 'request', 'page', 'rank'])).toEqual(
      new Map([
        ['pr', ['pull', 'request']],
        ['prp', ['pull', 'request', 'page']],
        ['rp', ['request', 'page']],
        ['rpr', ['request', 'page', 'rank']],
      ]),
    );
  });
});

describe('toolProfiles', () => {
  it('marks tools whose description says they are deprecated', () => {
    const tools = [
      { name: 'watchPod', description: 'watch changes to a Pod. deprecated: use list with watch' },
      { name: 'listPods', description: 'list Pods' },
      { name: 'undeprecatedThing', description: 'Deprecated.' },
      { name: 'x' },
    ].map((t) => ({ iri: `urn:${t.name}`, id: t.name, source: 's', annotations: {}, inferredHints: new Set<never>(), required: [], groups: [], ...t }));
    const bm25 = Bm25Index.build(
      tools.map((t) => new Map([['mdkg:name', [t.name]]])),
      { k1: 1.2, fields: { 'mdkg:name': { weight: 1, b: 0.75 } } },
    );
    const profiles = toolProfiles({ tools, edges: [], groups: new Map() }, bm25);
    expect(profiles.map((p) => p.deprecated)).toEqual([true, false, true, false]);
    expect(profiles[0]?.action).toBe('read');
    expect(profiles[1]?.nameTerms.map((t) => t.term)).toEqual(['list', 'pod']);
  });
});

describe('checkRerankModel', () => {
  it('accepts the shipped model', () => {
    expect(checkRerankModel(DEFAULT_RERANK)).toEqual(DEFAULT_RERANK);
  });

  it.each<[string, unknown, string]>([
    ['null', null, 'depth must be an integer from 1 to 100, got undefined'],
    ['depth 0', { depth: 0, weights: weights({}) }, 'depth must be an integer from 1 to 100, got 0'],
    ['depth 2.5', { depth: 2.5, weights: weights({}) }, 'got 2.5'],
    ['depth 101', { depth: 101, weights: weights({}) }, 'got 101'],
    ['no weights', { depth: 5 }, "weight of 'rrf' must be a finite number, got undefined"],
    ['NaN weight', { depth: 5, weights: { ...weights({}), graph: Number.NaN } }, "weight of 'graph' must be a finite number, got null"],
    ['string weight', { depth: 5, weights: { ...weights({}), action: '1' } }, `weight of 'action' must be a finite number, got "1"`],
  ])('refuses %s with MDKG_CONFIG_INVALID', (_, model, message) => {
    expect(() => checkRerankModel(model)).toThrow(expect.objectContaining({ code: 'MDKG_CONFIG_INVALID', message: expect.stringContaining(message) }));
  });
});

describe('rerankScore', () => {
  it('is the weighted sum of the features', () => {
    const x = { ...zero(), rrf: 0.5, nameCoverage: 1, action: -1 };
    expect(rerankScore(x, { depth: 5, weights: weights({ rrf: 2, nameCoverage: 3, action: 0.5 }) })).toBe(0.5 * 2 + 3 - 0.5);
  });
});

describe('rerank', () => {
  const fused: Fused[] = [0, 1, 2, 3].map((doc) => ({ doc, score: 1 - doc / 10, ranks: { bm25: doc + 1 } }));
  const features = (f: Fused): RerankFeatures => ({ ...zero(), rrf: f.score, nameCoverage: f.doc === 2 ? 1 : 0 });

  it('re-orders the first `depth` candidates by model score and keeps the rest in fused order', () => {
    const out = rerank(fused, features, { depth: 3, weights: weights({ rrf: 1, nameCoverage: 1 }) });
    expect(out.order.map((f) => f.doc)).toEqual([2, 0, 1, 3]);
    expect([...out.features.keys()]).toEqual([2, 0, 1]);
  });

  it('never pulls a candidate from below `depth`', () => {
    const out = rerank(fused, (f) => ({ ...zero(), nameCoverage: f.doc === 3 ? 1 : 0 }), { depth: 2, weights: weights({ nameCoverage: 5 }) });
    expect(out.order.map((f) => f.doc)).toEqual([0, 1, 2, 3]);
  });

  it('keeps fused order on ties', () => {
    const out = rerank(fused, () => zero(), { depth: 4, weights: weights({}) });
    expect(out.order.map((f) => f.doc)).toEqual([0, 1, 2, 3]);
  });
});

describe('rerankFeatures: how much of the request a tool explains', () => {
  // Three tools named in words; the request is always "list allowed directories" (+ the equivalent
  // `dir` standing for "directories"), so only the tool side changes.
  const tools = ['list_directory', 'list_allowed_directories', 'read_file'].map((name) => ({
    iri: `urn:${name}`,
    id: name,
    name,
    source: 's',
    annotations: {},
    inferredHints: new Set<never>(),
    required: [],
    groups: [],
  }));
  const fields = [
    ['list', 'directori', 'dir'],
    ['list', 'allow', 'directori'],
    ['read', 'file'],
  ];
  const bm25 = Bm25Index.build(
    fields.map((f) => new Map([['mdkg:name', f]])),
    { k1: 1.2, fields: { 'mdkg:name': { weight: 1, b: 0.75 } } },
  );
  const catalog = { tools, edges: [], groups: new Map() };
  const rows = toolProfiles(catalog, bm25);
  const profiles = { size: rows.length, get: (doc: number) => rows[doc]! };
  const input = {
    terms: new Set(['list', 'allow', 'directori', 'dir']),
    corrected: new Map<string, number>(),
    actions: [],
    intent: 'read' as const,
    bm25: new Map([
      [0, 2],
      [1, 2],
      [2, 0],
    ]),
    reached: new Map(),
  };
  const top: Fused = { doc: 0, score: 1, ranks: {} };
  const at = (doc: number, words?: string[][]) =>
    rerankFeatures(doc, { doc, score: 1, ranks: {} }, top, queryView(words === undefined ? input : { ...input, words }, bm25), { catalog, bm25, profiles });
  const grouped = [['list'], ['allow'], ['directori', 'dir']];
  // IDF of a term two of the three tools have, and of one only one has
  const two = idf(3, 2);
  const one = idf(3, 1);

  it.each([
    // a word and its equivalent count once: the tool with both is not ahead of one with the word only
    ['list_allowed_directories, words grouped', 1, grouped, 1, 1],
    ['list_directory, words grouped', 0, grouped, (two + one) / (two + 2 * one), (two + one) / (two + 2 * one)],
    ['read_file', 2, grouped, 0, 0],
    // without groups the equivalent is a word of its own that list_allowed_directories lacks
    ['list_allowed_directories, terms alone', 1, undefined, (2 * two + one) / (2 * two + 2 * one), (2 * two + one) / (2 * two + 2 * one)],
  ])('%s', (_, doc, words, coverage, inName) => {
    const x = at(doc, words);
    expect(x.queryCoverage).toBeCloseTo(coverage, 12);
    expect(x.requestInName).toBeCloseTo(inName, 12);
  });
});
