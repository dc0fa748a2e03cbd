// After a learned pair pins its target first, the low-confidence warning speaks of that target.
import { describe, expect, it } from 'vitest';
import { LearnedPairs, type LearnedMatch } from '../../../src/search/learned/learned-pairs.js';
import { withPairEvidence } from '../../../src/search/learned/pair-search.js';
import type { SearchHit, SearchResult } from '../../../src/search/types.js';

const hit = (name: string, confidence: number): SearchHit =>
  ({
    id: `tool:s/${name}`,
    iri: `urn:${name}`,
    name,
    source: 's',
    annotations: {},
    required: [],
    score: 0,
    confidence,
    evidence: [],
    related: [],
    nextSteps: [],
  }) as SearchHit;
const result = (confidences: number[], low: boolean): SearchResult => ({
  query: 'q',
  searched: 'q',
  intent: 'neutral',
  strategy: 'full',
  mode: 'lexical',
  hits: confidences.map((c, i) => hit(`t${i}`, c)),
  diagnostics: low ? [{ code: 'MDKG_LOW_CONFIDENCE', severity: 'warning', message: 'old' }] : [],
  sparql: '',
});
const pin = (target: string): LearnedMatch => ({ target, targetId: target, weight: 1, how: 'exact' }) as LearnedMatch;
const none = new LearnedPairs([]);

describe('withPairEvidence', () => {
  it.each<[string, number[], boolean, string | undefined, string[], string[]]>([
    ['no pin: as it was', [0.9, 0.1], false, undefined, ['t0', 't1'], []],
    ['no pin, low: as it was', [0.3, 0.1], true, undefined, ['t0', 't1'], ['old']],
    [
      'a low target pinned over a confident first',
      [0.9, 0.1, 0.05],
      false,
      'urn:t2',
      ['t2', 't0'],
      ['the best match has low confidence (0.05); it is first because a learned pair names it'],
    ],
    ['a confident target pinned over a low first', [0.3, 0.6], true, 'urn:t1', ['t1', 't0'], []],
    ['the pinned target is already first', [0.3, 0.1], true, 'urn:t0', ['t0', 't1'], ['old']],
  ])('%s', (_, confidences, low, target, names, messages) => {
    const out = withPairEvidence(result(confidences, low), none, target === undefined ? undefined : pin(target), 2);
    expect(out.hits.map((h) => h.name)).toEqual(names);
    expect(out.diagnostics.filter((d) => d.code === 'MDKG_LOW_CONFIDENCE').map((d) => d.message)).toEqual(messages);
  });
});
