import { describe, expect, it } from 'vitest';
import { declaredEdges, outrankDetected } from '../../../src/ingest/dependencies/declared-edges.js';
import { edge } from '../../../src/ingest/dependencies/edges.js';
import type { DeclaredRequire, DependencyEdge, ToolModel } from '../../../src/ingest/types.js';

const tool = (name: string, requires: DeclaredRequire[] = []): ToolModel => ({
  source: 's',
  name,
  kind: 'openapi',
  parameters: [],
  annotations: {},
  hints: {},
  ...(requires.length > 0 ? { requires } : {}),
});
const line = (e: DependencyEdge): string =>
  `${e.from} ${e.relation} ${e.to} ${e.rule} | ${e.evidence}${e.bindings === undefined ? '' : ` | ${e.bindings.map((b) => `${b.parameter}<-${b.field}`).join(' ')}`}`;

describe('declaredEdges', () => {
  it('merges declarations of one pair: the first source by rank, every binding once, all evidence', () => {
    const edges = declaredEdges([
      tool('get', [
        {
          tool: 'list',
          source: 'declared:meta',
          evidence: '_meta names list',
          bindings: [
            { parameter: 'id', field: 'response.first' },
            { parameter: 'page', field: 'response.next' },
          ],
        },
        { tool: 'list', source: 'declared:openapi-links', evidence: 'link Get of GET /items (200)', bindings: [{ parameter: 'id', field: 'response[].id' }] },
        { tool: 'gone', source: 'declared:meta', evidence: 'names gone' },
      ]),
      tool('list'),
    ]);
    expect(edges.map(line)).toEqual([
      'get requires list declared:openapi-links | link Get of GET /items (200); _meta names list: response[].id -> id, response.next -> page | id<-response[].id page<-response.next',
    ]);
    expect(edges[0]).toMatchObject({ confidence: 'extracted', score: 1 });
  });
});

describe('outrankDetected', () => {
  it.each<[string, DependencyEdge[], string[], string]>([
    ['a detected order the same way is dropped and noted', [edge('get', 'list', 'requires', 'inferred', 0.8, 'path-hierarchy', 'e')], [], 'path-hierarchy 0.8'],
    ['a detected precedes the same way', [edge('list', 'get', 'precedes', 'inferred', 0.6, 'crud-order', 'e')], [], 'crud-order 0.6'],
    ['a detected order the other way', [edge('list', 'get', 'requires', 'inferred', 0.5, 'field-match', 'e')], [], 'field-match 0.5 the other way'],
    [
      'weaker relations and other pairs stay',
      [edge('get', 'list', 'relatedTo', 'ambiguous', 0.3, 'shared-schema', 'e'), edge('get', 'other', 'requires', 'inferred', 0.8, 'path-hierarchy', 'e')],
      ['get relatedTo list shared-schema | e', 'get requires other path-hierarchy | e'],
      '',
    ],
  ])('%s', (_, detected, kept, note) => {
    const declared = [edge('get', 'list', 'requires', 'extracted', 1, 'declared:openapi-links', 'link')];
    expect(outrankDetected(declared, detected).map(line)).toEqual(kept);
    expect(declared[0]?.evidence).toBe(note === '' ? 'link' : `link; also detected: ${note}`);
  });
});
