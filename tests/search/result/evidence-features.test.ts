import { describe, expect, it } from 'vitest';
import { nameExplained, VERB_CLASS_SHARE } from '../../../src/search/result/evidence-features.js';
import type { RankingState } from '../../../src/search/rank/rank-request.js';
import type { ToolProfile } from '../../../src/search/rank/rerank.js';
import type { Correction } from '../../../src/search/text/fuzzy.js';

// a two-word name: an action term of IDF 1 and an object term of IDF 3
const profile = (action: string, object: string): ToolProfile => ({
  nameTerms: [
    { term: action, idf: 1 },
    { term: object, idf: 3 },
  ],
  headSet: new Set(),
  nameSet: new Set([action, object]),
  acronyms: new Map(),
  deprecated: false,
});

interface Said {
  terms?: string[];
  equivalents?: [string, string][];
  expanded?: string[];
  corrections?: Correction[];
}
const state = (said: Said): RankingState => ({
  terms: new Map((said.terms ?? []).map((t) => [t, 1])),
  surfaces: new Map(),
  corrections: said.corrections ?? [],
  bm25: [],
  expanded: said.expanded ?? [],
  synonyms: new Map(),
  equivalents: new Map(said.equivalents ?? []),
  reached: new Map(),
  intent: 'neutral',
});

describe('nameExplained: the IDF share of a tool name the request says', () => {
  it.each<[string, Said, number]>([
    ['every name word said', { terms: ['delet', 'relat'] }, 1],
    ['only the object', { terms: ['relat'] }, 3 / 4],
    ['only the action', { terms: ['delet'] }, 1 / 4],
    ['nothing of the name', { terms: ['time'] }, 0],
    ['the object through an equivalent', { terms: ['link'], equivalents: [['relat', 'link']] }, 3 / 4],
    ['the object abbreviated (3+ letters, 40 % of it)', { terms: ['rel'] }, 3 / 4],
    ['two letters abbreviate nothing', { terms: ['re'] }, 0],
    ['the action through a verb of its class', { terms: ['eras', 'relat'], expanded: ['delet'] }, (VERB_CLASS_SHARE * 1 + 3) / 4],
    ['the object corrected at distance 1 of 5', { terms: ['relta'], corrections: [{ from: 'relta', to: 'relat', distance: 1 }] }, (3 * 0.8) / 4],
    ['a word said and corrected counts once', { terms: ['relat'], corrections: [{ from: 'relta', to: 'relat', distance: 1 }] }, 3 / 4],
  ])('%s', (_, said, expected) => {
    expect(nameExplained(profile('delet', 'relat'), state(said))).toBeCloseTo(expected, 12);
  });

  it('counts name words the request says by their initials ("PR" for get_pull_request)', () => {
    const named: ToolProfile = {
      nameTerms: [
        { term: 'get', idf: 1 },
        { term: 'pull', idf: 2 },
        { term: 'request', idf: 2 },
      ],
      headSet: new Set(),
      nameSet: new Set(['get', 'pull', 'request']),
      acronyms: new Map([
        ['gp', ['get', 'pull']],
        ['gpr', ['get', 'pull', 'request']],
        ['pr', ['pull', 'request']],
      ]),
      deprecated: false,
    };
    expect(nameExplained(named, state({ terms: ['pr', '99'] }))).toBeCloseTo(4 / 5, 12);
    expect(nameExplained(named, state({ terms: ['rp'] }))).toBe(0);
  });

  it('a name with no terms explains nothing', () => {
    expect(nameExplained({ ...profile('a', 'b'), nameTerms: [] }, state({ terms: ['a'] }))).toBe(0);
  });
});
