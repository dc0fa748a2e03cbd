// Tool document formats 1 and 2 describe the same catalog: the committed format-1 documents of the
// three reference servers (tests/fixtures/tool-format-v1, written before format 2) and the same
// tools regenerated in format 2 (graphs/tools) give the same records, edges, field text and results.
import { beforeAll, describe, expect, it } from 'vitest';
import { KnowledgeGraph } from '../../../src/graph/knowledge-graph.js';
import { readToolsForIndex, type ToolCatalog, type ToolText } from '../../../src/search/catalog/tool-records.js';
import { ToolIndex } from '../../../src/search/tool-index.js';

const FIELDS = ['mdkg:name', 'schema:name', 'schema:description', 'parameter/mdkg:name', 'parameter/schema:description', 'group/schema:name', 'mdkg:keyword'];

interface Loaded {
  kg: KnowledgeGraph;
  catalog: ToolCatalog;
  docs: ToolText[];
  index: ToolIndex;
}

const load = async (dir: string): Promise<Loaded> => {
  const kg = await KnowledgeGraph.load(dir, { cache: false });
  const { catalog, docs } = readToolsForIndex(kg.store, FIELDS);
  return { kg, catalog, docs, index: ToolIndex.build(kg) };
};

let v1: Loaded;
let v2: Loaded;
beforeAll(async () => {
  [v1, v2] = await Promise.all([load('tests/fixtures/tool-format-v1'), load('graphs/tools')]);
});

describe('tool documents, format 1 and format 2', () => {
  it('the format-1 fixtures are format 1 (qualified nodes, no format key) and graphs/tools is format 2', async () => {
    const count = async (kg: KnowledgeGraph, sparql: string): Promise<string> => {
      const r = await kg.query(sparql);
      return r.kind === 'bindings' ? (r.rows[0]?.n?.value ?? '') : '';
    };
    const shape = async (kg: KnowledgeGraph) => [
      await count(kg, 'SELECT (COUNT(*) AS ?n) WHERE { ?d a mdkg:Dependency }'),
      await count(kg, 'SELECT (COUNT(*) AS ?n) WHERE { ?d a mdkg:HintSource }'),
      await count(kg, 'SELECT (COUNT(*) AS ?n) WHERE { ?t mdkg:edgeNote ?x }'),
      await count(kg, 'SELECT (COUNT(*) AS ?n) WHERE { ?t mdkg:hintOrigin ?x }'),
      await count(kg, 'SELECT (COUNT(*) AS ?n) WHERE { ?t mdkg:documentFormat 2 }'),
    ];
    expect(await shape(v1.kg)).toEqual(['18', '134', '0', '0', '0']);
    expect(await shape(v2.kg)).toEqual(['0', '0', '18', '134', '36']);
  });

  it('gives the same tool records, edges and groups', () => {
    expect(v2.catalog.tools).toEqual(v1.catalog.tools);
    expect(v2.catalog.edges).toEqual(v1.catalog.edges);
    expect(v2.catalog.groups).toEqual(v1.catalog.groups);
    expect(v1.catalog.tools.length).toBe(36);
    expect(v1.catalog.edges.filter((e) => e.confidence === 'inferred').length).toBe(18);
    expect(v1.catalog.tools.filter((t) => t.inferredHints.size > 0).length).toBeGreaterThan(0);
  });

  it('gives the same field text', () => {
    for (let i = 0; i < v1.docs.length; i += 1) for (const key of FIELDS) expect(v2.docs[i]?.get(key)).toEqual(v1.docs[i]?.get(key));
  });

  it.each([
    'find files matching a pattern',
    'delete entities from the knowledge graph',
    'edit a file then move it',
    'add observations to an entity',
    'read two files and compare them',
    'print an environment variable',
  ])('gives the same results (every strategy but vector): %s', async (query) => {
    for (const strategy of ['bm25', 'full', 'auto'] as const) {
      const [a, b] = [await v1.index.search(query, { strategy }), await v2.index.search(query, { strategy })];
      expect(b.hits).toEqual(a.hits);
    }
  });
});
