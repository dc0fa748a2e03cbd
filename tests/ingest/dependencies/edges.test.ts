import { describe, expect, it } from 'vitest';
import { edge, finalizeEdges } from '../../../src/ingest/dependencies/edges.js';
import { brief } from '../../helpers/tool-models.js';

describe('finalizeEdges', () => {
  it('drops self edges and keeps the strongest edge per (from, to, relation)', () => {
    const out = finalizeEdges([
      edge('a', 'a', 'requires', 'extracted', 1, 'declared:meta', 'self'),
      edge('a', 'b', 'requires', 'inferred', 0.5, 'field-match', 'weak'),
      edge('a', 'b', 'requires', 'inferred', 0.8, 'path-hierarchy', 'strong'),
      edge('x', 'y', 'requires', 'inferred', 0.7, 'field-match', 'inferred one'),
      edge('x', 'y', 'requires', 'extracted', 0.7, 'declared:meta', 'extracted one'),
    ]);
    expect(out.map((e) => `${brief(e)} ${e.evidence}`)).toEqual([
      'a -requires-> b 0.8 inferred path-hierarchy strong',
      'x -requires-> y 0.7 extracted declared:meta extracted one',
    ]);
  });

  it('keeps one pair linked by its strongest kind of relation only', () => {
    const out = finalizeEdges([
      edge('a', 'b', 'requires', 'inferred', 0.6, 'field-match', ''),
      edge('b', 'a', 'precedes', 'inferred', 0.9, 'crud-order', 'the same order, stronger'),
      edge('h', 'i', 'requires', 'inferred', 0.6, 'field-match', ''),
      edge('i', 'h', 'precedes', 'inferred', 0.6, 'crud-order', 'the same order, a tie'),
      edge('a', 'b', 'relatedTo', 'ambiguous', 0.3, 'shared-schema', ''),
      edge('c', 'b', 'relatedTo', 'ambiguous', 0.3, 'shared-schema', ''),
      edge('b', 'c', 'nextStep', 'inferred', 0.5, 'crud-order', ''),
      edge('e', 'd', 'relatedTo', 'ambiguous', 0.4, 'path-hierarchy', ''),
      edge('d', 'e', 'relatedTo', 'ambiguous', 0.3, 'shared-schema', ''),
      edge('f', 'g', 'precedes', 'inferred', 0.6, 'crud-order', ''),
      edge('g', 'f', 'nextStep', 'inferred', 0.4, 'field-match', ''),
    ]);
    expect(out.map(brief)).toEqual([
      'b -precedes-> a 0.9 inferred crud-order',
      'b -nextStep-> c 0.5 inferred crud-order',
      'd -relatedTo-> e 0.4 ambiguous path-hierarchy',
      'f -precedes-> g 0.6 inferred crud-order',
      'h -requires-> i 0.6 inferred field-match',
    ]);
  });

  it('clamps and rounds scores', () => {
    expect(
      [
        edge('a', 'b', 'precedes', 'inferred', 1.2, 'r', ''),
        edge('a', 'b', 'precedes', 'inferred', -0.1, 'r', ''),
        edge('a', 'b', 'precedes', 'inferred', 0.456, 'r', ''),
      ].map((e) => e.score),
    ).toEqual([1, 0, 0.46]);
  });
});
