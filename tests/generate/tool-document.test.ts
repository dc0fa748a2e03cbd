import { describe, expect, it } from 'vitest';
import { stamp } from '../../src/generate/marker.js';
import { groupDocument, proseOnly, summaryOf, toolDocument } from '../../src/generate/tool-document.js';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import type { DependencyEdge, ToolModel } from '../../src/ingest/types.js';
import { writeDocument } from '../../src/markdown-ld/write.js';
import { tempDir } from '../helpers/temp-dir.js';

const getPet: ToolModel = {
  source: 'petstore',
  name: 'getPetById',
  kind: 'openapi',
  title: 'Find pet by ID',
  description: 'Returns a single pet. Needs an id.\n\n```jsonld\n{"id": "tool:evil", "title": "smuggled"}\n```\nSee [[nothing]].',
  parameters: [{ name: 'petId', type: 'integer', required: true, description: 'ID of pet | to return', in: 'path', enum: [{ a: 1 }, 2] }],
  annotations: { readOnlyHint: { value: true, source: 'inferred', rule: 'http-method:GET' }, destructiveHint: { value: false, source: 'explicit' } },
  hints: { aliases: ['pet by id'], keywords: ['lookup'] },
  inputSchema: { type: 'object', properties: { petId: { type: 'integer' } }, required: ['petId'] },
  openapi: {
    method: 'GET',
    path: '/pet/{petId}',
    operationId: 'getPetById',
    generatedOperationId: false,
    tags: ['pet'],
    servers: ['https://petstore3.swagger.io/api/v3'],
    security: ['api_key'],
    consumes: [{ name: 'petId', path: 'path.petId', type: 'integer' }],
    produces: [{ name: 'id', path: 'response.id', type: 'integer', schema: 'Pet' }],
    schemaRefs: ['Pet'],
  },
};
const edges: DependencyEdge[] = [
  {
    from: 'getPetById',
    to: 'addPet',
    relation: 'requires',
    confidence: 'inferred',
    score: 0.8123,
    evidence: 'addPet produces id used as petId',
    rule: 'field-match',
  },
  { from: 'addPet', to: 'getPetById', relation: 'precedes', confidence: 'inferred', score: 0.7, evidence: 'x', rule: 'crud-order' },
];

describe('toolDocument', () => {
  it.each([
    ['One. Two.', 'One.'],
    ['  no   end ', 'no end'],
    ['日本語。次', '日本語。'],
    ['', undefined],
    [undefined, undefined],
  ])('summaryOf(%j) = %j', (text, expected) => {
    expect(summaryOf(text)).toBe(expected);
  });

  it('escapes code fences and wiki links in source text', () => {
    expect(proseOnly('a ```jsonld b ~~~ [[c]]')).toBe('a \\`\\`\\`jsonld b \\~\\~\\~ [\\[c]]');
  });

  it('loads with no diagnostics and states its format, hints, their origin, parameters, OpenAPI details and edge notes', async () => {
    const text = stamp(writeDocument(toolDocument(getPet, edges, ['pet'])));
    const group = stamp(writeDocument(groupDocument('petstore', { id: 'pet', name: 'pet', members: ['getPetById'] })));
    const dir = await tempDir({ 'petstore/getPetById.md': text, 'petstore/_groups/pet.md': group });
    const kg = await loadGraph(dir, { cache: false });
    expect(kg.diagnostics).toEqual([]);
    const q = async (sparql: string) => {
      const r = await kg.query(sparql);
      return r.kind === 'bindings' ? r.rows.map((row) => r.variables.flatMap((v) => (row[v] === undefined ? [] : [row[v].value])).join(' ')) : [];
    };
    expect(await q('SELECT ?h WHERE { tool:petstore/getPetById mdkg:hintOrigin ?h } ORDER BY ?h')).toEqual([
      'destructiveHint explicit',
      'readOnlyHint inferred http-method:GET',
    ]);
    expect(await q('SELECT ?f WHERE { tool:petstore/getPetById mdkg:documentFormat ?f }')).toEqual(['2']);
    expect(await q('SELECT ?s WHERE { ?s a mdkg:HintSource }')).toEqual([]);
    expect(await q('SELECT ?v WHERE { tool:petstore/getPetById mdkg:readOnlyHint ?v }')).toEqual(['true']);
    expect(await q('SELECT ?n WHERE { tool:petstore/getPetById mdkg:edgeNote ?n }')).toEqual([
      'requires tool:petstore/addPet inferred 0.812 field-match: addPet produces id used as petId',
    ]);
    expect(await q('SELECT ?d WHERE { ?d a mdkg:Dependency }')).toEqual([]);
    expect(await q('SELECT ?t WHERE { tool:petstore/getPetById mdkg:requires ?t }')).toEqual(['https://w3id.org/mdkg/tool/petstore/addPet']);
    expect(
      await q('SELECT ?n ?l ?e WHERE { tool:petstore/getPetById mdkg:parameter ?p . ?p mdkg:name ?n ; mdkg:location ?l ; mdkg:enumValue ?e } ORDER BY ?e'),
    ).toEqual(['petId path 2', 'petId path {"a":1}']);
    expect(await q('SELECT ?m ?p WHERE { ?t mdkg:httpMethod ?m ; mdkg:httpPath ?p }')).toEqual(['GET /pet/{petId}']);
    expect(await q('SELECT ?g WHERE { tool:petstore/getPetById mdkg:memberOf ?x . ?x schema:name ?g }')).toEqual(['pet']);
    expect(await q('SELECT ?s WHERE { GRAPH ?s { ?x schema:name "smuggled" } }')).toEqual([]);
  });
});
