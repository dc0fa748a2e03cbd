// The plan's view of the tools: format-1 dependency nodes and format-2 edge notes give the same
// edges with rule and evidence (the committed format-1 fixtures against graphs/tools); parameters
// with location, type, enum, default and field path; hand-written edges.
import { describe, expect, it } from 'vitest';
import { KnowledgeGraph } from '../../src/graph/knowledge-graph.js';
import { planCatalog } from '../../src/plan/plan-catalog.js';
import { ToolIndex } from '../../src/search/tool-index.js';
import { BILLING, planFixture } from '../helpers/plan-graph.js';
import { storeOf } from '../../src/plan/plan-request.js';

const catalogOf = async (dir: string) => {
  const kg = await KnowledgeGraph.load(dir, { cache: false });
  const index = ToolIndex.build(kg);
  return planCatalog(kg.store, index.tools());
};

describe('planCatalog', () => {
  it('reads the same edges, rules and evidence from format-1 nodes and format-2 notes', async () => {
    const [v1, v2] = await Promise.all([catalogOf('tests/fixtures/tool-format-v1'), catalogOf('graphs/tools')]);
    const edges = (c: typeof v1) =>
      c.tools.flatMap((t) => t.edges.map((e) => `${t.id} ${e.relation} ${c.tools[e.to]!.id} ${e.score} ${e.rule}: ${e.evidence}`)).sort();
    expect(edges(v1).length).toBeGreaterThan(10);
    expect(edges(v1)).toEqual(edges(v2));
    const memory = v2.tools.find((t) => t.id === 'tool:memory/delete_entities')!;
    expect([memory.params, memory.readOnly]).toEqual([[{ name: 'entityNames', required: true, type: 'array', enum: [], field: 'entityNames' }], false]);
  });

  it('reads OpenAPI-style parameters, produced fields, enums and hand-written edges', async () => {
    const source = await planFixture('shop', [
      {
        name: 'list_items',
        title: 'List items',
        readOnly: true,
        params: ['query.state:string:optional'],
        enums: { state: ['open', 'done'] },
        produces: ['response[].id'],
      },
      { name: 'get_item', title: 'Get an item', readOnly: true, params: ['path.itemId:integer'], handRequires: ['list_items'] },
    ]);
    const catalog = planCatalog(storeOf(source), source.index.tools());
    const [getItem, listItems] = catalog.tools;
    expect([getItem!.params, getItem!.edges]).toEqual([
      [{ name: 'itemId', required: true, in: 'path', type: 'integer', enum: [], field: 'path.itemId' }],
      [
        {
          to: 1,
          relation: 'requires',
          confidence: 'extracted',
          score: 1,
          rule: 'hand-written',
          evidence: 'get_item requires tool:shop/list_items (stated in its document)',
          declared: true,
        },
      ],
    ]);
    expect([listItems!.params, listItems!.produces]).toEqual([
      [{ name: 'state', required: false, in: 'query', type: 'string', enum: ['open', 'done'], field: 'query.state' }],
      ['response[].id'],
    ]);
    expect([catalog.byKey.get('get_item'), catalog.byKey.get('shop/get_item'), catalog.byKey.get('tool:shop/get_item')]).toEqual([0, 0, 0]);
  });

  it('is read once per store version', async () => {
    const source = await planFixture('bill', BILLING);
    expect(planCatalog(storeOf(source), source.index.tools())).toBe(planCatalog(storeOf(source), source.index.tools()));
  });
});
