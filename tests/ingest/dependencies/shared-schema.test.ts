import { describe, expect, it } from 'vitest';
import { apiShape, operationsOf } from '../../../src/ingest/dependencies/paths.js';
import { MAX_USERS, primarySchemas, sharedSchemaEdges } from '../../../src/ingest/dependencies/shared-schema.js';
import type { FieldRef, ToolModel } from '../../../src/ingest/types.js';
import { brief, op } from '../../helpers/tool-models.js';

const field = (path: string, schema: string): FieldRef => ({ name: path.split('.').pop()!, path, schema });

function edgesOf(tools: ToolModel[]): string[] {
  const ops = operationsOf(tools);
  return sharedSchemaEdges(ops, apiShape(ops)).map(brief);
}

describe('shared-schema', () => {
  const error = field('response.message', 'Error');
  const tools = [
    op('listPets', 'GET', '/pets', { produces: [field('response[].name', 'Pet'), error], schemaRefs: ['Pet', 'Error'] }),
    op('adoptPet', 'POST', '/adoptions', { consumes: [field('body.name', 'Pet')], produces: [error], schemaRefs: ['Pet', 'Error'] }),
    op('listOwners', 'GET', '/owners', {
      produces: [field('response[].name', 'Owner'), field('response[].pets[].name', 'Pet'), error],
      schemaRefs: ['Owner', 'Pet', 'Error'],
    }),
    op('findOwners', 'GET', '/people', { produces: [field('response.items[].name', 'Owner'), error], schemaRefs: ['Owner', 'Error'] }),
  ];

  it('links operations whose body or response is the same schema, not a nested one, and skips a ubiquitous one', () => {
    expect(edgesOf(tools)).toEqual([
      'findOwners -relatedTo-> listOwners 0.3 ambiguous shared-schema',
      'adoptPet -relatedTo-> listPets 0.3 ambiguous shared-schema',
    ]);
  });

  it('finds the primary schemas of an operation', () => {
    const ops = operationsOf(tools);
    expect(ops.map((o) => primarySchemas(o))).toEqual([
      ['Error', 'Pet'],
      ['Error', 'Pet'],
      ['Error', 'Owner'],
      ['Error', 'Owner'],
    ]);
  });

  it('skips a schema used on more than two resources', () => {
    const spread = ['/a', '/b', '/c'].map((path, i) => op(`op${i}`, 'GET', path, { produces: [field('response.x', 'Meta')], schemaRefs: ['Meta'] }));
    const others = Array.from({ length: 7 }, (_, i) => op(`other${i}`, 'GET', `/other${i}`));
    expect(edgesOf([...spread, ...others])).toEqual([]);
    expect(edgesOf([...spread.slice(0, 2), ...others])).toEqual(['op0 -relatedTo-> op1 0.3 ambiguous shared-schema']);
  });

  it.each([
    [MAX_USERS, (MAX_USERS * (MAX_USERS - 1)) / 2],
    [MAX_USERS + 1, 0],
  ])('a schema with %i users on one resource gives %i edges', (users, expected) => {
    const sharing = Array.from({ length: users }, (_, i) =>
      op(`thing${i}`, 'GET', `/things/{id}/v${i}`, { produces: [field('response.x', 'Thing')], schemaRefs: ['Thing'] }),
    );
    const others = Array.from({ length: 20 }, (_, i) => op(`other${i}`, 'GET', `/other${i}`));
    expect(edgesOf([...sharing, ...others]).length).toBe(expected);
  });
});
