import { describe, expect, it } from 'vitest';
import { detectDependencies } from '../../../src/ingest/dependencies/index.js';
import { MAX_CHILD_PATHS } from '../../../src/ingest/dependencies/path-rules.js';
import { brief, op } from '../../helpers/tool-models.js';

describe('path-hierarchy and crud-order', () => {
  const tools = [
    op('listUsers', 'GET', '/users'),
    op('createUser', 'POST', '/users'),
    op('getUser', 'GET', '/users/{userId}'),
    op('updateUser', 'PUT', '/users/{userId}'),
    op('deleteUser', 'DELETE', '/users/{userId}'),
    op('listOrders', 'GET', '/users/{userId}/orders'),
    op('getOrder', 'GET', '/users/{userId}/orders/{orderId}'),
  ];

  it('links listers, creators, item reads and sub-paths with exact scores', () => {
    expect(detectDependencies(tools).edges.map(brief)).toEqual([
      'createUser -precedes-> deleteUser 0.6 inferred crud-order',
      'createUser -precedes-> getUser 0.6 inferred crud-order',
      'createUser -precedes-> listOrders 0.6 inferred crud-order',
      'createUser -precedes-> updateUser 0.6 inferred crud-order',
      'deleteUser -requires-> listUsers 0.8 inferred path-hierarchy',
      'getOrder -requires-> listOrders 0.8 inferred path-hierarchy',
      'getOrder -requires-> listUsers 0.5 inferred path-hierarchy',
      'getUser -nextStep-> deleteUser 0.5 inferred crud-order',
      'getUser -relatedTo-> listOrders 0.4 inferred path-hierarchy',
      'getUser -requires-> listUsers 0.8 inferred path-hierarchy',
      'getUser -nextStep-> updateUser 0.5 inferred crud-order',
      'listOrders -requires-> listUsers 0.8 inferred path-hierarchy',
      'updateUser -requires-> listUsers 0.8 inferred path-hierarchy',
    ]);
  });

  it('says why in the evidence', () => {
    const edges = detectDependencies(tools).edges;
    const evidence = (from: string, to: string): string | undefined => edges.find((e) => e.from === from && e.to === to)?.evidence;
    expect(evidence('getOrder', 'listUsers')).toBe('GET /users lists the items whose {userId} GET /users/{userId}/orders/{orderId} needs');
    expect(evidence('createUser', 'getUser')).toBe('POST /users creates the item {userId} that GET /users/{userId} acts on');
    expect(evidence('getUser', 'updateUser')).toBe('GET /users/{userId} reads the item PUT /users/{userId} changes');
    expect(evidence('getUser', 'listOrders')).toBe('/users/{userId}/orders is a sub-path of the item /users/{userId}');
  });

  it('takes a read-verb segment under the collection as its lister', () => {
    const edges = detectDependencies([
      op('searchProducts', 'GET', '/products/search'),
      op('queryProducts', 'POST', '/products/query'),
      op('exportProducts', 'DELETE', '/products/export'),
      op('getProduct', 'GET', '/products/{id}'),
    ]).edges;
    expect(edges.map(brief)).toEqual([
      'getProduct -requires-> queryProducts 0.7 inferred path-hierarchy',
      'getProduct -requires-> searchProducts 0.7 inferred path-hierarchy',
    ]);
  });

  it.each([
    [MAX_CHILD_PATHS, MAX_CHILD_PATHS],
    [MAX_CHILD_PATHS + 1, 0],
  ])('an item with %i child paths gets %i relatedTo edges', (children, expected) => {
    const tools = [op('getSpace', 'GET', '/spaces/{space}')];
    for (let i = 0; i < children; i += 1) tools.push(op(`child${i}`, 'GET', `/spaces/{space}/things${i}`));
    const related = detectDependencies(tools).edges.filter((e) => e.relation === 'relatedTo');
    expect(related.length).toBe(expected);
  });
});
