// The gateway notes every tool call but graph_query as other work, which long queries yield to
// (src/sparql/task-guard.ts); a graph_query never makes other queries yield. A real SDK client on
// the gateway's MCP server in this process (an in-memory transport pair).
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../../src/gateway/gateway.js';
import { createGatewayServer } from '../../src/gateway/server.js';
import { lastOtherWork } from '../../src/sparql/long-query-share.js';
import { closeQueryWorkers } from '../../src/sparql/worker-pool.js';
import { REPO } from '../helpers/cli.js';

let client: Client;

beforeAll(async () => {
  const gw = await buildGateway(join(REPO, 'graphs'), {}, REPO);
  const server = createGatewayServer(gw, () => undefined);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'mdkg-test', version: '1.0.0' });
  await client.connect(clientSide);
}, 60_000);

afterAll(async () => {
  await client.close();
  await closeQueryWorkers();
});

describe('other work, as the gateway notes it', () => {
  it.each([
    ['search_tools', true, { query: 'read a file', limit: 1 }],
    ['graph_schema', true, {}],
    ['graph_query', false, { sparql: 'ASK { ?s ?p ?o }' }],
  ])('%s is noted as other work: %s', async (name, noted, args) => {
    const before = Date.now();
    while (Date.now() === before); // a note made now is told from any made before
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError ?? false).toBe(false);
    expect(lastOtherWork() > before).toBe(noted);
  });

  it('index_status reports the query workers: threads, waiters, starts, reuses and time yielded', async () => {
    const result = await client.callTool({ name: 'index_status', arguments: {} });
    const queries = (result.structuredContent as { queries: Record<string, number> }).queries;
    expect(Object.keys(queries)).toEqual(['workers', 'waiting', 'started', 'reused', 'sleptMs']);
    // The graph_query above started the process's first worker; nothing ran out of time or yielded.
    expect([queries.waiting, queries.started, queries.reused, queries.sleptMs]).toEqual([0, 1, 0, 0]);
  });
});
