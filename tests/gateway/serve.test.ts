// A real MCP client (the SDK's) spawning `mdkg serve` over stdio, with the reference servers as
// downstream: find a file tool by describing it, read its schema, write and read a file through
// the gateway; and the faults: a server that does not exist, invalid arguments, an unknown tool,
// a SPARQL update, a runaway query (the next call still answers).
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, REPO } from '../helpers/cli.js';
import { META_TOOL_NAMES } from '../helpers/serve-client.js';

const NODE_MODULES = join(REPO, 'node_modules', '@modelcontextprotocol');
let client: Client;
let work: string;

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult & { structuredContent?: Record<string, unknown> }> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult & { structuredContent?: Record<string, unknown> };
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'mdkg-serve-'));
  const config = [
    'servers:',
    `  filesystem: { command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(join(NODE_MODULES, 'server-filesystem/dist/index.js'))}, ${JSON.stringify(work)}] }`,
    `  memory: { command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(join(NODE_MODULES, 'server-memory/dist/index.js'))}], env: { MEMORY_FILE_PATH: ${JSON.stringify(join(work, 'memory.jsonl'))} }, description: 'people I know and what they told me' }`,
    '  ghost: { command: /nonexistent/mdkg-ghost-server, timeout_ms: 3000 }',
    'serve: { confirm_destructive: true }',
    '',
  ].join('\n');
  await writeFile(join(work, 'mdkg.config.yaml'), config);
  // A copy of the bundled graph: the gateway regenerates the documents of the servers it connects.
  // The code documents of this repository's own source (graphs/code/) are left out: they change
  // with every commit, and this test counts documents.
  const code = join(REPO, 'graphs', 'code');
  await cp(join(REPO, 'graphs'), join(work, 'graphs'), { recursive: true, filter: (src) => src !== code && !src.startsWith(`${code}/`) });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'serve', '--config', join(work, 'mdkg.config.yaml'), '--graphs', join(work, 'graphs')],
    cwd: work,
    stderr: 'ignore',
  });
  client = new Client({ name: 'mdkg-test', version: '1.0.0' });
  await client.connect(transport);
  // Downstream servers connect in the background: wait (bounded) until none is still connecting.
  for (let i = 0; i < 200; i += 1) {
    const servers = (await call('index_status', {})).structuredContent?.servers as Array<{ state: string }>;
    if (servers.every((s) => s.state === 'connected' || s.state === 'down')) break;
    await new Promise((done) => setTimeout(done, 50));
  }
}, 30_000);

afterAll(async () => {
  await client?.close();
  await rm(work, { recursive: true, force: true });
});

describe('mdkg serve over stdio', () => {
  it('lists the meta-tools, each with a schema and annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(META_TOOL_NAMES);
    expect(tools.every((t) => t.inputSchema.type === 'object' && t.annotations !== undefined && (t.description ?? '').length > 40)).toBe(true);
  });

  it('finds a file tool by describing it, reads its schema, and writes and reads a file through the gateway', async () => {
    const found = await call('search_tools', { query: 'write text to a new file', limit: 3 });
    const tools = found.structuredContent?.tools as Array<{ id: string; confidence: number }>;
    expect(tools[0]?.id).toBe('tool:filesystem/write_file');
    const schema = await call('get_tool_schema', { tool: 'tool:filesystem/write_file' });
    expect(schema.structuredContent).toMatchObject({ source: 'filesystem', name: 'write_file', from: 'server' });
    const path = join(work, 'hello.txt');
    // write_file is destructive: with serve.confirm_destructive it runs only with confirm: true.
    const unconfirmed = await call('call_tool', { tool: 'filesystem/write_file', arguments: { path, content: 'hello through mdkg' } });
    expect([unconfirmed.isError, unconfirmed.structuredContent?.needsConfirmation]).toEqual([true, true]);
    const written = await call('call_tool', { tool: 'filesystem/write_file', arguments: { path, content: 'hello through mdkg' }, confirm: true });
    expect(written.isError ?? false).toBe(false);
    expect(await readFile(path, 'utf8')).toBe('hello through mdkg');
    const read = await call('call_tool', { tool: 'read_text_file', arguments: { path } });
    expect(JSON.stringify(read.content)).toContain('hello through mdkg');
  });

  it.each([
    [
      'invalid arguments',
      'call_tool',
      { tool: 'memory/create_entities', arguments: { entities: 'not a list' } },
      'invalid arguments for tool:memory/create_entities: arguments/entities must be array',
    ],
    ['an unknown tool', 'call_tool', { tool: 'no_such_tool', arguments: {} }, "no tool 'no_such_tool'"],
    ['an unknown tool schema, with suggestions', 'get_tool_schema', { tool: 'write' }, "no tool 'write'; did you mean"],
    ['a meta-tool without its required argument', 'search_tools', {}, "invalid arguments for search_tools: arguments must have required property 'query'"],
    ['a SPARQL update', 'graph_query', { sparql: 'INSERT DATA { <urn:a> <urn:b> <urn:c> }' }, 'MDKG_SPARQL_READ_ONLY'],
    ['a SERVICE not allowed', 'graph_query', { sparql: 'SELECT * WHERE { SERVICE <http://127.0.0.1:9/sparql> { ?s ?p ?o } }' }, 'MDKG_SPARQL_SERVICE_DENIED'],
    ['a runaway query', 'graph_query', { sparql: 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }', timeout_ms: 300 }, 'MDKG_SPARQL_TIMEOUT'],
  ])(
    '%s: a clear error, and the gateway keeps serving',
    async (_, name, args, message) => {
      const result = await call(name, args);
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain(message);
      // The runaway query's worker was ended, so the next query is not queued behind it: a query
      // behind a cartesian product of the graph would wait for hours, past any limit. Its own limit is
      // generous, as a busy machine may take seconds to start a worker (they run at nice 10).
      const after = await call('graph_query', { sparql: 'ASK { ?s a mdkg:Tool }', timeout_ms: 60_000 });
      expect(after.structuredContent?.boolean).toBe(true);
    },
    90_000,
  );

  it('index_status shows each server, the dead one down with its error', async () => {
    const status = (await call('index_status', {})).structuredContent as {
      tools: number;
      servers: Array<{ source: string; state: string; lastError?: string }>;
    };
    expect(status.tools).toBe(36);
    expect(status.servers.map((s) => `${s.source} ${s.state}`)).toEqual(['filesystem connected', 'memory connected', 'ghost down']);
    expect(status.servers[2]?.lastError).toMatch(/ENOENT|not found|spawn/i);
  });

  it('graph_schema and graph_search answer from the knowledge graph', async () => {
    const schema = (await call('graph_schema', {})).structuredContent as { classes: Array<{ iri: string }> };
    expect(schema.classes.map((c) => c.iri)).toContain('https://w3id.org/mdkg/vocab#Tool');
    const found = (await call('graph_search', { query: 'federation allowlist', limit: 3 })).structuredContent as { matches: Array<{ id: string }> };
    expect(found.matches[0]?.id).toBe('concept:federation-allowlist');
  });

  it('graph_export gives one document as Turtle; an unknown node is an error', async () => {
    const ttl = (await call('graph_export', { format: 'ttl', node: 'concept:federation-allowlist' })).structuredContent as { data: string; truncated: boolean };
    expect(ttl.truncated).toBe(false);
    expect(ttl.data).toContain('concept:federation-allowlist');
    const missing = await call('graph_export', { format: 'nq', node: 'concept:nowhere' });
    expect(missing.isError).toBe(true);
  });

  it('every loaded document is a resource mdkg://doc/<id>, read as its Markdown', async () => {
    const { resources, nextCursor } = await client.listResources();
    expect(nextCursor).toBeUndefined();
    expect(resources.length).toBe(61);
    const uri = 'mdkg://doc/tool:memory/create_entities';
    expect(resources.map((r) => r.uri)).toContain(uri);
    const read = await client.readResource({ uri });
    expect(read.contents[0]).toMatchObject({ uri, mimeType: 'text/markdown' });
    expect(JSON.stringify(read.contents[0])).toContain('# Create Entities');
    await expect(client.readResource({ uri: 'mdkg://doc/concept:nowhere' })).rejects.toThrow(/no document/);
  });

  it("writes each server's own words (initialize, and the config's description) into its source document", async () => {
    const file = join(work, 'graphs', 'tools', 'memory', '_source.md');
    // The gateway regenerates a server's documents after it connects: wait (bounded) for them.
    let text = '';
    for (let i = 0; i < 200 && !text.includes('description:'); i += 1) {
      text = await readFile(file, 'utf8').catch(() => '');
      if (!text.includes('description:')) await new Promise((done) => setTimeout(done, 50));
    }
    expect(text.split('\n').filter((l) => /^(id|type|title|name|version|source|description):/.test(l))).toEqual([
      'id: tool:memory',
      'type: ToolSource',
      'title: memory-server',
      'name: memory-server',
      'description: people I know and what they told me',
      'source: memory',
      'version: 0.6.3',
    ]);
    // Re-indexed with it (right after the write: wait, bounded): a request naming the server finds its tool.
    let first: string | undefined;
    for (let i = 0; i < 200 && first !== 'tool:memory/search_nodes'; i += 1) {
      if (i > 0) await new Promise((done) => setTimeout(done, 50));
      const tools = (await call('search_tools', { query: 'search my memory', limit: 1 })).structuredContent?.tools as Array<{ id: string }> | undefined;
      first = tools?.[0]?.id;
    }
    expect(first).toBe('tool:memory/search_nodes');
  });

  it('index_build reloads, re-indexes and reconnects: counts, timings, every server stated', async () => {
    const built = (await call('index_build', {})).structuredContent as { tools: number; buildMs: number; servers: Array<{ source: string; state: string }> };
    expect(built.tools).toBe(36);
    expect(built.buildMs).toBeGreaterThan(0);
    expect(built.servers.map((s) => `${s.source} ${s.state}`)).toEqual(['filesystem connected', 'memory connected', 'ghost down']);
    const found = (await call('search_tools', { query: 'read a text file', limit: 1 })).structuredContent?.tools as Array<{ id: string }>;
    expect(found[0]?.id).toBe('tool:filesystem/read_text_file');
  }, 30_000);
});
