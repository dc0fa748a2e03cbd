import { describe, expect, it } from 'vitest';
import { detectDependencies } from '../../../src/ingest/dependencies/index.js';
import { MAX_PRODUCERS } from '../../../src/ingest/dependencies/field-match.js';
import { brief, mcp, op } from '../../helpers/tool-models.js';

describe('field-match', () => {
  it('matches produced and consumed names, with requires for required fields and precedes for optional ones', () => {
    const edges = detectDependencies([
      op('findOrders', 'GET', '/orders/search', { produces: [{ name: 'orderId', path: 'response.orders[].orderId', type: 'string' }] }),
      op('getOrder', 'GET', '/orders/{orderId}', {
        produces: [
          { name: 'orderId', path: 'response.orderId', type: 'string' },
          { name: 'shipmentId', path: 'response.shipmentId', type: 'string' },
        ],
      }),
      op('trackShipment', 'GET', '/shipments/{shipmentId}/tracking'),
      op('listInvoices', 'GET', '/invoices', {
        consumes: [{ name: 'order_id', path: 'query.order_id', type: 'integer' }],
        parameters: [{ name: 'order_id', in: 'query', required: false, type: 'integer' }],
      }),
    ]).edges;
    expect(edges.map(brief)).toEqual([
      // normalized name (order_id vs orderId), own identifier +0.05, integer vs string -0.3
      'findOrders -precedes-> listInvoices 0.45 inferred field-match',
      // same spelling 0.75, own identifier (orders[].orderId) +0.05; beats the 0.7 path-hierarchy lister
      'getOrder -requires-> findOrders 0.8 inferred field-match',
      // getOrder takes orderId and returns it: an inspection step, not its source
      'getOrder -nextStep-> listInvoices 0.4 inferred field-match',
      // shipmentId is a reference inside an order, and nothing else produces it: no penalty
      'trackShipment -requires-> getOrder 0.75 inferred field-match',
    ]);
    expect(edges[3]!.evidence).toBe('getOrder produces response.shipmentId (string) that trackShipment consumes as path.shipmentId (string) (shipment id)');
    expect(edges[2]!.evidence).toBe('getOrder reads the order that listInvoices takes as query.order_id');
  });

  it('qualifies a bare id by its schema and prefers the authoritative producer', () => {
    const edges = detectDependencies([
      op('addPet', 'POST', '/pets', {
        consumes: [{ name: 'id', path: 'body.id', type: 'integer', schema: 'Pet' }],
        produces: [{ name: 'id', path: 'response.id', type: 'integer', schema: 'Pet' }],
      }),
      op('placeOrder', 'POST', '/orders', {
        consumes: [{ name: 'petId', path: 'body.petId', type: 'integer', schema: 'Order' }],
        parameters: [{ name: 'petId', in: 'body', required: true, type: 'integer' }],
      }),
      op('getOrderById', 'GET', '/orders/{orderId}', {
        produces: [
          { name: 'id', path: 'response.id', type: 'integer', schema: 'OrderResponse' },
          { name: 'petId', path: 'response.petId', type: 'integer', schema: 'OrderResponse' },
        ],
      }),
      // a bare id with no owner in sight (`ping` is a verb, not a resource) matches nothing
      op('ping', 'GET', '/ping', { produces: [{ name: 'id', path: 'response.id', type: 'string' }] }),
    ]).edges;
    expect(edges.map(brief)).toEqual([
      // `id` in Pet -> pet id: schema-owned 0.7, own identifier +0.05
      'placeOrder -requires-> addPet 0.75 inferred field-match',
      'placeOrder -precedes-> getOrderById 0.6 inferred crud-order',
      // `petId` in Order is a reference to a pet: -0.15 as addPet produces pet ids as its own
      'placeOrder -requires-> getOrderById 0.6 inferred field-match',
    ]);
  });

  it('ignores weak identifiers set in a body, but not in a query', () => {
    const edges = detectDependencies([
      op('getMe', 'GET', '/me', {
        produces: [
          { name: 'firstName', path: 'response.firstName', type: 'string' },
          { name: 'userName', path: 'response.userName', type: 'string' },
        ],
      }),
      op('updateProfile', 'PUT', '/profile', { consumes: [{ name: 'firstName', path: 'body.firstName', type: 'string' }] }),
      op('findPosts', 'GET', '/posts', { consumes: [{ name: 'user_name', path: 'query.user_name', type: 'string' }] }),
    ]).edges;
    expect(edges.map(brief)).toEqual(['getMe -precedes-> findPosts 0.7 inferred field-match']);
  });

  it('skips nested fields deeper than two levels', () => {
    const edges = detectDependencies([
      op('getA', 'GET', '/a', { produces: [{ name: 'secretName', path: 'response.spec.volume.secretName', type: 'string' }] }),
      op('getB', 'GET', '/b', { consumes: [{ name: 'secretName', path: 'query.secretName', type: 'string' }] }),
    ]).edges;
    expect(edges).toEqual([]);
  });

  it.each([
    [MAX_PRODUCERS, MAX_PRODUCERS],
    [MAX_PRODUCERS + 1, 0],
  ])('a key with %i producers gives %i edges', (producers, expected) => {
    const tools = [op('useAccount', 'GET', '/use', { consumes: [{ name: 'accountId', path: 'query.accountId', type: 'string' }] })];
    for (let i = 0; i < producers; i += 1)
      tools.push(op(`producer${i}`, 'GET', `/p${i}`, { produces: [{ name: 'accountId', path: 'response.accountId', type: 'string' }] }));
    expect(detectDependencies(tools).edges.length).toBe(expected);
  });

  it('matches MCP input parameters against output schemas, owning a bare id by the tool name', () => {
    const users = { type: 'object', properties: { users: { type: 'array', items: { type: 'object', properties: { userId: { type: 'string' } } } } } };
    const edges = detectDependencies([
      mcp('list_users', { outputSchema: users }),
      mcp('get_user', { parameters: [{ name: 'userId', required: true, type: 'string' }] }),
      mcp('delete_user', { parameters: [{ name: 'id', required: true, type: 'string' }] }),
    ]).edges;
    expect(edges.map(brief)).toEqual([
      'delete_user -requires-> list_users 0.65 inferred field-match',
      'get_user -nextStep-> delete_user 0.3 inferred crud-order',
      'get_user -requires-> list_users 0.8 inferred field-match',
    ]);
  });
});
