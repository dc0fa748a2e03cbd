// plan_tools and search_tools' prerequisites through a real MCP client (the SDK's) against
// `mdkg serve` over stdio, on a copy of the bundled memory tools.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cli.js';
import { connectServe } from '../helpers/serve-client.js';

let client: Client;
let work: string;

type Result = CallToolResult & { structuredContent?: Record<string, unknown> };
const call = async (name: string, args: Record<string, unknown>): Promise<Result> => (await client.callTool({ name, arguments: args })) as Result;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'mdkg-plan-'));
  await cp(join(REPO, 'graphs', 'tools', 'memory'), join(work, 'graphs', 'tools', 'memory'), { recursive: true });
  client = await connectServe(['--graphs', join(work, 'graphs')], work);
}, 30_000);

afterAll(async () => {
  await client?.close();
  await rm(work, { recursive: true, force: true });
});

describe('plan_tools over MCP', () => {
  it('is listed as read-only', async () => {
    const tool = (await client.listTools()).tools.find((t) => t.name === 'plan_tools');
    expect([tool?.annotations?.readOnlyHint, tool?.annotations?.destructiveHint, tool?.inputSchema.required]).toEqual([true, false, ['request']]);
  });

  it('plans a lookup before the target and binds its output to the parameter', async () => {
    const plan = (await call('plan_tools', { request: 'delete entities' })).structuredContent as {
      steps: Array<{ id: string; tool: string; role: string; dependsOn: string[] }>;
      bindings: Array<Record<string, unknown>>;
      missing: unknown[];
    };
    expect(plan.steps.map((s) => [s.id, s.tool, s.role, s.dependsOn])).toEqual([
      ['s1', 'tool:memory/read_graph', 'prerequisite', []],
      ['s2', 'tool:memory/delete_entities', 'target', ['s1']],
    ]);
    expect(plan.bindings.map((b) => [b.from, b.field, b.to, b.parameter, b.rule])).toEqual([
      ['s1', 'output.entities[].name', 's2', 'entityNames', 'field-match'],
    ]);
    expect(plan.missing).toEqual([]);
  });

  it('a name in the request fills the parameter: no prerequisite', async () => {
    const plan = (await call('plan_tools', { request: 'delete the entity called Bob' })).structuredContent as {
      steps: Array<{ tool: string; arguments: Record<string, unknown> }>;
    };
    expect(plan.steps.map((s) => [s.tool, s.arguments])).toEqual([['tool:memory/delete_entities', { entityNames: ['Bob'] }]]);
  });

  it('an unknown target is a coded diagnostic, not an error result', async () => {
    const result = await call('plan_tools', { request: 'delete entities', target: 'memory/nope' });
    const diagnostics = result.structuredContent?.diagnostics as Array<{ code: string }>;
    expect([result.isError ?? false, diagnostics.map((d) => d.code)]).toEqual([false, ['MDKG_PLAN_UNKNOWN_TARGET']]);
  });

  it('search_tools with prerequisites: true puts the lookup right after the hit', async () => {
    const found = (await call('search_tools', { query: 'delete entities', limit: 1, prerequisites: true })).structuredContent?.tools as Array<{
      id: string;
      prerequisiteOf?: string;
    }>;
    expect(found.map((t) => [t.id, t.prerequisiteOf])).toEqual([
      ['tool:memory/delete_entities', undefined],
      ['tool:memory/read_graph', 'tool:memory/delete_entities'],
    ]);
  });
});
