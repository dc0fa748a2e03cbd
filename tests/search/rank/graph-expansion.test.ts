import { arrayTable, packSteps, stepsTable } from '../../../src/search/tool-tables.js';
import { describe, expect, it } from 'vitest';
import type { ToolCatalog, ToolRecord } from '../../../src/search/catalog/tool-records.js';
import type { ExpansionParams } from '../../../src/search/params/search-params.js';
import { buildAdjacency, expand } from '../../../src/search/rank/graph-expansion.js';

const tool = (name: string): ToolRecord => ({
  iri: `urn:t:${name}`,
  id: `tool:s/${name}`,
  name,
  source: 's',
  annotations: {},
  inferredHints: new Set(),
  required: [],
  groups: [],
});

/** a requires b (extracted, score 1), b precedes c (inferred, score 0.5); a, c, d share a group. */
const catalog: ToolCatalog = {
  tools: ['a', 'b', 'c', 'd'].map(tool),
  edges: [
    { from: 0, to: 1, relation: 'requires', confidence: 'extracted', score: 1 },
    { from: 1, to: 2, relation: 'precedes', confidence: 'inferred', score: 0.5 },
  ],
  groups: new Map([['urn:g', { label: 'g', members: [0, 2, 3] }]]),
};

const params: ExpansionParams = {
  seeds: 1,
  depth: 2,
  decay: 0.5,
  confidence: { extracted: 1, inferred: 0.5, ambiguous: 0.25 },
  relation: { requires: 1, precedes: 0.8, relatedTo: 0.5, nextStep: 0.8, memberOf: 0.2 },
  reverse: 0.5,
  maxGroupSize: 3,
};

describe('buildAdjacency', () => {
  it('weighs each edge by confidence, relation and score, both ways, and links group members', () => {
    const adjacency = buildAdjacency(catalog, params);
    const brief = adjacency.map((steps) => steps.map((s) => `${s.reverse ? '^' : ''}${s.relation}->${s.to}:${s.weight}`));
    expect(brief).toEqual([
      ['requires->1:1', 'memberOf->2:0.1', 'memberOf->3:0.1'],
      // best first: a's requires walked back (1 × 0.5), then 0.5 (inferred) × 0.8 (precedes) × (0.5 + 0.5 × 0.5)
      ['^requires->0:0.5', 'precedes->2:0.30000000000000004'],
      ['^precedes->1:0.15000000000000002', 'memberOf->0:0.1', 'memberOf->3:0.1'],
      ['memberOf->0:0.1', 'memberOf->2:0.1'],
    ]);
  });

  it('does not link the members of a group larger than maxGroupSize', () => {
    const adjacency = buildAdjacency(catalog, { ...params, maxGroupSize: 2 });
    expect(adjacency[3]).toEqual([]);
  });
});

describe('expand', () => {
  const adjacency = arrayTable(buildAdjacency(catalog, params));

  it('walks the same steps from a packed table (a persisted index) as from the built one', () => {
    const packed = stepsTable(packSteps(adjacency));
    expect(Array.from({ length: packed.size }, (_, doc) => packed.get(doc))).toEqual(Array.from({ length: adjacency.size }, (_, doc) => adjacency.get(doc)));
  });

  it('walks from the seeds with decay per hop, keeping the best path to each tool', () => {
    const reached = expand(adjacency, [{ doc: 0, score: 2 }], params, () => 1);
    expect(reached.map((r) => [r.doc, Number(r.score.toFixed(4)), r.relations.join(' '), r.confidence])).toEqual([
      [0, 1, '', 'extracted'],
      [1, 0.5, 'requires', 'extracted'],
      [2, 0.075, 'requires precedes', 'inferred'],
      [3, 0.05, 'memberOf', 'inferred'],
    ]);
  });

  it('scales reached tools by the bias, never the seeds; no seeds or a zero score reach nothing', () => {
    const reached = expand(adjacency, [{ doc: 0, score: 1 }], params, (doc) => (doc === 1 ? 0 : 1));
    expect(reached.map((r) => r.doc)).toEqual([0, 2, 3]);
    expect(expand(adjacency, [], params, () => 1)).toEqual([]);
    expect(expand(adjacency, [{ doc: 0, score: 0 }], params, () => 1)).toEqual([]);
  });
});
