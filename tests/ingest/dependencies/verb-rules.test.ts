import { describe, expect, it } from 'vitest';
import { detectDependencies } from '../../../src/ingest/dependencies/index.js';
import { brief, mcp, op } from '../../helpers/tool-models.js';

describe('rpc-resource', () => {
  it('orders verb-named paths of one resource: create, then reads, then changes', () => {
    const { edges, groups } = detectDependencies([
      op('createOrder', 'POST', '/api/order/create'),
      op('getOrder', 'GET', '/api/order/get'),
      op('cancelOrder', 'POST', '/api/order/cancel'),
      op('changeOption', 'POST', '/v1/basket/optionChange'),
      op('approveTask', 'POST', '/tasks/{taskId}/approve'),
      op('createTaskNote', 'POST', '/tasks/{taskId}/create'),
    ]);
    expect(edges.map(brief)).toEqual([
      'createOrder -precedes-> cancelOrder 0.5 inferred rpc-resource',
      'createOrder -precedes-> getOrder 0.5 inferred rpc-resource',
      'getOrder -nextStep-> cancelOrder 0.4 inferred rpc-resource',
    ]);
    expect(edges[0]!.evidence).toBe('POST /api/order/create creates what POST /api/order/cancel deletes (resource /api/order)');
    expect(groups).toEqual([
      { id: 'order', name: 'order', members: ['cancelOrder', 'createOrder', 'getOrder'] },
      { id: 'task', name: 'task', members: ['approveTask', 'createTaskNote'] },
    ]);
  });
});

describe('crud-order from MCP tool names', () => {
  it('orders tools whose names have the same noun phrase', () => {
    const { edges } = detectDependencies([
      mcp('create_entities'),
      mcp('delete_entities'),
      mcp('add_observations'),
      mcp('delete_observations'),
      mcp('search_nodes'),
      mcp('open_nodes'),
      mcp('read_graph'),
      mcp('add_issue_comment'),
      mcp('get_issue'),
      mcp('update_issue'),
    ]);
    expect(edges.map(brief)).toEqual([
      'add_observations -precedes-> delete_observations 0.4 inferred crud-order',
      'create_entities -precedes-> delete_entities 0.4 inferred crud-order',
      'get_issue -nextStep-> update_issue 0.3 inferred crud-order',
    ]);
    expect(edges[1]!.evidence).toBe('create_entities creates what delete_entities deletes (same noun "entity")');
  });
});
