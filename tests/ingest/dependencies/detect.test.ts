import { describe, expect, it } from 'vitest';
import { MdkgError } from '../../../src/errors.js';
import { detectDependencies } from '../../../src/ingest/dependencies/index.js';
import type { ToolModel } from '../../../src/ingest/types.js';
import { brief, mcp, op } from '../../helpers/tool-models.js';

const catalog: ToolModel[] = [
  op('listPets', 'GET', '/pets', { produces: [{ name: 'id', path: 'response[].id', type: 'integer', schema: 'Pet' }], schemaRefs: ['Pet'], tags: ['pet'] }),
  op('addPet', 'POST', '/pets', { produces: [{ name: 'id', path: 'response.id', type: 'integer', schema: 'Pet' }], schemaRefs: ['Pet'], tags: ['pet'] }),
  op('getPet', 'GET', '/pets/{petId}', { produces: [{ name: 'id', path: 'response.id', type: 'integer', schema: 'Pet' }], schemaRefs: ['Pet'], tags: ['pet'] }),
  op('deletePet', 'DELETE', '/pets/{petId}', { tags: ['pet'] }),
  op('placeOrder', 'POST', '/store/orders', { consumes: [{ name: 'petId', path: 'body.petId', type: 'integer', schema: 'Order' }], tags: ['store'] }),
  op('getOrder', 'GET', '/store/orders/{orderId}', { tags: ['store'] }),
];

describe('detectDependencies', () => {
  it('takes explicit requires as extracted edges, skipping unknown names and itself', () => {
    const { edges } = detectDependencies([
      mcp('read_file', { requires: ['list_allowed_directories', 'missing_tool', 'read_file'] }),
      mcp('list_allowed_directories'),
    ]);
    expect(edges).toEqual([
      {
        from: 'read_file',
        to: 'list_allowed_directories',
        relation: 'requires',
        confidence: 'extracted',
        score: 1,
        evidence: '_meta["mdkg/requires"] names list_allowed_directories',
        rule: 'declared:meta',
      },
    ]);
  });

  it('combines the rules into one sorted, deduplicated list and the groups', () => {
    const { edges, groups } = detectDependencies(catalog);
    expect(edges.map(brief)).toEqual([
      'addPet -precedes-> deletePet 0.6 inferred crud-order',
      'addPet -precedes-> getPet 0.6 inferred crud-order',
      'addPet -relatedTo-> listPets 0.3 ambiguous shared-schema',
      'addPet -precedes-> placeOrder 0.75 inferred field-match',
      'deletePet -requires-> listPets 0.8 inferred path-hierarchy',
      'getPet -nextStep-> deletePet 0.5 inferred crud-order',
      'getPet -requires-> listPets 0.8 inferred path-hierarchy',
      'getPet -nextStep-> placeOrder 0.4 inferred field-match',
      'listPets -precedes-> placeOrder 0.75 inferred field-match',
      'placeOrder -precedes-> getOrder 0.6 inferred crud-order',
    ]);
    expect(groups).toEqual([
      { id: 'pet', name: 'pet', members: ['addPet', 'deletePet', 'getPet', 'listPets'] },
      { id: 'store-order', name: 'store order', members: ['getOrder', 'placeOrder'] },
    ]);
  });

  it('never links a tool to itself', () => {
    expect(detectDependencies(catalog).edges.filter((e) => e.from === e.to)).toEqual([]);
  });

  it('is deterministic: the order of the input does not matter', () => {
    const expected = JSON.stringify(detectDependencies(catalog));
    for (const order of [[...catalog].reverse(), [catalog[3]!, catalog[0]!, catalog[5]!, catalog[1]!, catalog[4]!, catalog[2]!]]) {
      expect(JSON.stringify(detectDependencies(order))).toBe(expected);
    }
  });

  it('keeps the first of two tools with the same name', () => {
    const { edges } = detectDependencies([mcp('a', { requires: ['b'] }), mcp('a'), mcp('b')]);
    expect(edges.map(brief)).toEqual(['a -requires-> b 1 extracted declared:meta']);
  });

  it('refuses tools of more than one source', () => {
    expect(() => detectDependencies([mcp('a'), op('b', 'GET', '/b')])).toThrow(MdkgError);
    expect(() => detectDependencies([mcp('a'), op('b', 'GET', '/b')])).toThrow('detectDependencies takes the tools of one source, got api, mcp');
  });

  it('gives nothing for no tools', () => {
    expect(detectDependencies([])).toEqual({ edges: [], groups: [] });
  });
});
