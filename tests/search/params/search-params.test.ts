import { describe, expect, it } from 'vitest';
import { MdkgError } from '../../../src/errors.js';
import { DEFAULT_SEARCH_PARAMS, withOverrides, type SearchOverrides } from '../../../src/search/params/search-params.js';

describe('withOverrides', () => {
  it('applies field and fusion weights, keeping the rest of the defaults', () => {
    const p = withOverrides({ fields: { 'mdkg:name': 7, 'mdkg:newField': 2 }, weights: { graph: 0.25 } });
    expect(p.bm25.fields['mdkg:name']).toEqual({ weight: 7, b: DEFAULT_SEARCH_PARAMS.bm25.fields['mdkg:name']!.b });
    // a field the defaults do not weigh gets b 0.75
    expect(p.bm25.fields['mdkg:newField']).toEqual({ weight: 2, b: 0.75 });
    expect(p.fusion.weights).toEqual({ ...DEFAULT_SEARCH_PARAMS.fusion.weights, graph: 0.25 });
    expect({ ...p, bm25: DEFAULT_SEARCH_PARAMS.bm25, fusion: DEFAULT_SEARCH_PARAMS.fusion }).toEqual(DEFAULT_SEARCH_PARAMS);
    // the defaults are not changed
    expect(DEFAULT_SEARCH_PARAMS.bm25.fields['mdkg:newField']).toBeUndefined();
  });

  it('sets the thesaurus weight', () => {
    expect(withOverrides({ thesaurus: 0.2 }).thesaurus).toBe(0.2);
  });

  it('without overrides gives the defaults', () => {
    expect(withOverrides()).toEqual(DEFAULT_SEARCH_PARAMS);
  });

  it.each<[string, SearchOverrides, string]>([
    ['a negative field weight', { fields: { 'mdkg:name': -1 } }, 'search.fields.mdkg:name must be a number from 0 to 100, got -1'],
    ['a field weight over 100', { fields: { 'mdkg:name': 101 } }, 'search.fields.mdkg:name must be a number from 0 to 100, got 101'],
    ['a weight that is not a number', { weights: { graph: '1' as unknown as number } }, 'search.weights.graph must be a number from 0 to 100, got "1"'],
    ['NaN', { weights: { bm25: Number.NaN } }, 'search.weights.bm25 must be a number from 0 to 100, got null'],
    ['a thesaurus weight over 1', { thesaurus: 1.5 }, 'search.thesaurus must be a number from 0 to 1, got 1.5'],
    ['a negative thesaurus weight', { thesaurus: -0.1 }, 'search.thesaurus must be a number from 0 to 1, got -0.1'],
    [
      'an unknown source',
      { weights: { vectors: 1 } } as unknown as SearchOverrides,
      'search.weights.vectors: unknown source (known: bm25, graph, annotations, fuzzy, pairs, vector)',
    ],
  ])('refuses %s with MDKG_CONFIG_INVALID', (_, overrides, message) => {
    let error: unknown;
    try {
      withOverrides(overrides);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MdkgError);
    expect([(error as MdkgError).code, (error as MdkgError).message]).toEqual(['MDKG_CONFIG_INVALID', message]);
  });
});
