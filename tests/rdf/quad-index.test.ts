import { describe, expect, it } from 'vitest';
import { buildIndex, candidates, position } from '../../src/rdf/quad-index.js';

// Terms 0..5; graph 9 (as a term id 6 would be; the table only stores it). Quads in table order:
// q0 (0 1 2), q1 (0 3 4), q2 (5 1 2) in graph 6, then q3 (0 1 4) in graph 7.
const graphs = new Map<number, number[]>([
  [6, [0, 1, 2, 0, 3, 4, 5, 1, 2]],
  [7, [0, 1, 4]],
]);

describe('quad index', () => {
  it('lays quads out graph by graph, four ids each, and sorts no position before it is read', () => {
    const index = buildIndex(graphs, 4, 8);
    expect([...index.quads]).toEqual([0, 1, 2, 6, 0, 3, 4, 6, 5, 1, 2, 6, 0, 1, 4, 7]);
    expect(index.count).toBe(4);
    expect(index.by).toEqual([undefined, undefined, undefined]);
  });

  it.each<[string, 0 | 1 | 2, number[], number[]]>([
    // slot, offsets (termCount + 1 entries), order (quad positions, ascending within a term)
    ['subject', 0, [0, 3, 3, 3, 3, 3, 4, 4, 4], [0, 1, 3, 2]],
    ['predicate', 1, [0, 0, 3, 3, 4, 4, 4, 4, 4], [0, 2, 3, 1]],
    ['object', 2, [0, 0, 0, 2, 2, 4, 4, 4, 4], [0, 2, 1, 3]],
  ])('sorts the %s position by counting sort, once', (_name, slot, offsets, order) => {
    const index = buildIndex(graphs, 4, 8);
    const by = position(index, slot);
    expect([...by.offsets]).toEqual(offsets);
    expect([...by.order]).toEqual(order);
    expect(position(index, slot)).toBe(by);
    expect(index.by.filter((p) => p !== undefined)).toHaveLength(1);
  });

  it.each<[string, [number | undefined, number | undefined, number | undefined], number[]]>([
    ['everything', [undefined, undefined, undefined], [0, 1, 2, 3]],
    ['subject 0', [0, undefined, undefined], [0, 1, 3]],
    ['subject 0 and predicate 3 (the narrower range; the caller filters)', [0, 3, undefined], [1]],
    ['subject 0 and predicate 1 (a tie keeps the first slot)', [0, 1, undefined], [0, 1, 3]],
    ['object 4', [undefined, undefined, 4], [1, 3]],
    ['an unused term', [2, undefined, undefined], []],
    ['a term beyond the table', [99, undefined, undefined], []],
  ])('gives the narrowest bound range as candidates: %s', (_name, pattern, quads) => {
    const index = buildIndex(graphs, 4, 8);
    const { order, start, end } = candidates(index, pattern);
    expect(Array.from({ length: end - start }, (_, i) => (order === undefined ? start + i : order[start + i]!))).toEqual(quads);
  });
});
