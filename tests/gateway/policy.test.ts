// Profiles, destructive-call confirmation and close names through `mdkg serve` with the real
// reference servers: over HTTP, SDK clients with and without MCP elicitation (one accepting, one
// declining, one whose confirmation fails) and one with a profile token (three meta-tools, allow
// and deny globs); over stdio, the top-level profile with confirmation turned off.
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type CallToolResult, ElicitRequestSchema, type ElicitResult, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, REPO } from '../helpers/cli.js';
import { fixtureServer, serverEntry } from '../helpers/mcp-servers.js';
import { META_TOOL_NAMES } from '../helpers/serve-client.js';
import { listeningUrl } from '../helpers/serve-http.js';

type Result = CallToolResult & { structuredContent?: Record<string, unknown> };
const CORE_TOKEN = 'core-token-0123456789abcdef';
const CORE = ['search_tools', 'get_tool_schema', 'call_tool'];
let work: string;
let child: ChildProcess;
let url: string;
const clients: Client[] = [];

/** An answer that records the message it was asked. */
const recording =
  (log: string[], answer: ElicitResult) =>
  (message: string): ElicitResult => {
    log.push(message);
    return answer;
  };

/** An SDK client over HTTP; with `elicit`, it declares elicitation and answers with it (recording each message). */
async function httpClient(options: { token?: string; elicit?: (message: string) => ElicitResult } = {}): Promise<Client> {
  const client = new Client({ name: 'mdkg-test', version: '1.0.0' }, options.elicit === undefined ? {} : { capabilities: { elicitation: {} } });
  const { elicit } = options;
  if (elicit !== undefined) client.setRequestHandler(ElicitRequestSchema, (request) => elicit(request.params.message));
  const headers: Record<string, string> = options.token === undefined ? {} : { authorization: `Bearer ${options.token}` };
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  clients.push(client);
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown>): Promise<Result> =>
  (await client.callTool({ name, arguments: args })) as Result;
const textOf = (result: CallToolResult): string => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
const entities = async (client: Client): Promise<string[]> => {
  const graph = JSON.parse(textOf({ content: (await call(client, 'call_tool', { tool: 'memory/read_graph', arguments: {} })).content.slice(0, 1) })) as {
    entities: Array<{ name: string }>;
  };
  return graph.entities.map((e) => e.name).sort();
};
const create = (client: Client, name: string): Promise<Result> =>
  call(client, 'call_tool', { tool: 'memory/create_entities', arguments: { entities: [{ name, entityType: 'person', observations: [] }] } });
const searchLine = async (client: Client): Promise<string> => /Sources: .*$/.exec((await client.listTools()).tools[0]?.description ?? '')?.[0] ?? '';

function servers(memoryFile: string): string[] {
  return [
    'servers:',
    `  filesystem: { command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(serverEntry('@modelcontextprotocol/server-filesystem'))}, ${JSON.stringify(work)}] }`,
    `  memory: { command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(serverEntry('@modelcontextprotocol/server-memory'))}], env: { MEMORY_FILE_PATH: ${JSON.stringify(memoryFile)} } }`,
  ];
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'mdkg-policy-'));
  const code = join(REPO, 'graphs', 'code');
  await cp(join(REPO, 'graphs'), join(work, 'graphs'), { recursive: true, filter: (src) => src !== code && !src.startsWith(`${code}/`) });
  const config = [
    ...servers(join(work, 'memory.jsonl')),
    `  faulty: { command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(fixtureServer('faulty-tools.mjs'))}] }`,
    'serve:',
    '  deny: ["filesystem/move_*"]',
    '  profiles:',
    '    core: { token_env: MDKG_CORE_TOKEN, expose: [search_tools, get_tool_schema, call_tool], allow: ["memory/*", "faulty/*"], deny: ["*/delete_*"] }',
    '',
  ];
  await writeFile(join(work, 'mdkg.config.yaml'), config.join('\n'));
  child = spawn(process.execPath, [BIN, 'serve', '--http', '127.0.0.1:0', '--graphs', join(work, 'graphs')], {
    cwd: work,
    env: { ...process.env, MDKG_CORE_TOKEN: CORE_TOKEN },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  url = await listeningUrl(child);
  // Downstream servers connect in the background: wait (bounded) until each is connected and indexed.
  const client = await httpClient();
  for (let i = 0; i < 300; i += 1) {
    const line = await searchLine(client);
    if (!line.includes('connecting') && /faulty \(6\)/.test(line)) break;
    await new Promise((done) => setTimeout(done, 50));
  }
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  child?.kill('SIGTERM');
  await rm(work, { recursive: true, force: true });
});

describe('the top-level profile (no token) over HTTP', () => {
  it('lists every meta-tool, and search_tools names the sources with the tools it may use', async () => {
    const client = await httpClient();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(META_TOOL_NAMES);
    expect(await searchLine(client)).toBe('Sources: filesystem (13 tools), memory (9), faulty (6), everything (13).');
  });

  it('a client without elicitation must send confirm: true for a destructive tool; the result names the tool that ran', async () => {
    const client = await httpClient();
    await create(client, 'Carol');
    const refused = await call(client, 'call_tool', { tool: 'memory/delete_entities', arguments: { entityNames: ['Carol'] } });
    expect([refused.isError, textOf(refused), refused.structuredContent?.needsConfirmation]).toEqual([
      true,
      'tool:memory/delete_entities (server "memory") is destructive (destructiveHint) and this client cannot ask its user (no MCP elicitation): call_tool again with confirm: true to run it',
      true,
    ]);
    expect(await entities(client)).toContain('Carol');
    const ran = await call(client, 'call_tool', { tool: 'memory/delete_entities', arguments: { entityNames: ['Carol'] }, confirm: true });
    expect([ran.isError ?? false, ran.content.at(-1), ran._meta?.['mdkg/tool']]).toEqual([
      false,
      { type: 'text', text: '[mdkg] ran tool:memory/delete_entities (server "memory")' },
      { id: 'tool:memory/delete_entities', source: 'memory', name: 'delete_entities' },
    ]);
    expect(await entities(client)).not.toContain('Carol');
  });

  it('asks a client with elicitation, naming the tool, its server and its arguments; accept runs it', async () => {
    const asked: string[] = [];
    const client = await httpClient({ elicit: recording(asked, { action: 'accept', content: {} }) });
    await create(client, 'Alice');
    expect(asked).toEqual([]);
    // confirm: true does not skip the question: the model cannot approve for its user.
    const ran = await call(client, 'call_tool', { tool: 'memory/delete_entities', arguments: { entityNames: ['Alice'] }, confirm: true });
    expect([ran.isError ?? false, asked]).toEqual([
      false,
      ['Run the destructive tool memory/delete_entities of server "memory"?\nArguments: {"entityNames":["Alice"]}'],
    ]);
    expect(await entities(client)).not.toContain('Alice');
  });

  it.each([
    ['declines', (): ElicitResult => ({ action: 'decline' }), 'tool:memory/delete_entities was not run: the user declined it'],
    ['cancels', (): ElicitResult => ({ action: 'cancel' }), 'tool:memory/delete_entities was not run: the user cancelled it'],
    [
      'fails to ask',
      (): ElicitResult => {
        throw new Error('no user here');
      },
      'tool:memory/delete_entities was not run: asking the user to confirm it failed (MCP error -32603: no user here)',
    ],
  ])('when the user %s, nothing is sent', async (_, answer, message) => {
    const client = await httpClient({ elicit: answer });
    await create(client, 'Dave');
    const result = await call(client, 'call_tool', { tool: 'memory/delete_entities', arguments: { entityNames: ['Dave'] } });
    expect([result.isError, textOf(result)]).toEqual([true, message]);
    expect(await entities(client)).toContain('Dave');
  });

  it('long arguments are cut in the question', async () => {
    const asked: string[] = [];
    const client = await httpClient({ elicit: recording(asked, { action: 'decline' }) });
    await call(client, 'call_tool', { tool: 'memory/delete_entities', arguments: { entityNames: ['x'.repeat(1000)] } });
    expect(asked[0]).toBe(
      `Run the destructive tool memory/delete_entities of server "memory"?\nArguments: {"entityNames":["${'x'.repeat(583)}… (420 more characters)`,
    );
  });

  it('a denied tool is not found, read, called or suggested', async () => {
    const client = await httpClient();
    const found = (await call(client, 'search_tools', { query: 'move or rename a file', limit: 10 })).structuredContent?.tools as Array<{ id: string }>;
    expect(found.map((t) => t.id)).not.toContain('tool:filesystem/move_file');
    expect(found.length).toBe(10);
    for (const name of ['get_tool_schema', 'call_tool']) {
      const args = name === 'call_tool' ? { arguments: { source: join(work, 'a'), destination: join(work, 'b') }, confirm: true } : {};
      const result = await call(client, name, { tool: 'filesystem/move_file', ...args });
      expect([name, result.isError, textOf(result)]).toEqual([
        name,
        true,
        'tool:filesystem/move_file is denied by serve profile "default" (deny: filesystem/move_*)',
      ]);
    }
    const near = await call(client, 'get_tool_schema', { tool: 'filesystem/move_fil' });
    expect(near.structuredContent?.candidates).toEqual([]);
  });

  it.each([
    ['get_tool_schema', 'filesystem/read_fil', ['tool:filesystem/read_file']],
    ['get_tool_schema', 'read_fil', ['tool:filesystem/read_file']],
    ['call_tool', 'memory/delete_entity', ['tool:memory/delete_entities', 'tool:memory/delete_relations']],
    ['call_tool', 'Memory/Read_Graph', ['tool:memory/read_graph']],
  ])('%s %s: a miss lists the nearest names', async (name, tool, candidates) => {
    const result = await call(await httpClient(), name, name === 'call_tool' ? { tool, arguments: {} } : { tool });
    expect([result.isError, result.structuredContent?.candidates, textOf(result)]).toEqual([
      true,
      candidates,
      `no tool '${tool}'; did you mean ${candidates.join(', ')}?`,
    ]);
  });
});

describe('a profile token over HTTP', () => {
  it('lists the three core meta-tools and the sources its globs allow; the others are unknown', async () => {
    const client = await httpClient({ token: CORE_TOKEN });
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(CORE);
    expect(await searchLine(client)).toBe('Sources: memory (6 tools), faulty (6).');
    const other = await call(client, 'graph_schema', {});
    expect([other.isError, textOf(other)]).toEqual([true, "unknown tool 'graph_schema': the gateway's tools are search_tools, get_tool_schema, call_tool"]);
  });

  it('finds, reads and calls only the tools allowed and not denied', async () => {
    const client = await httpClient({ token: CORE_TOKEN });
    const found = (await call(client, 'search_tools', { query: 'delete entities from the knowledge graph', limit: 5 })).structuredContent?.tools as Array<{
      id: string;
    }>;
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((t) => !/^tool:(memory|faulty)\//.test(t.id) || t.id.includes('/delete_'))).toEqual([]);
    const table: Array<[string, string]> = [
      ['memory/delete_entities', 'tool:memory/delete_entities is denied by serve profile "core" (deny: */delete_*)'],
      ['filesystem/read_file', 'tool:filesystem/read_file is not allowed by serve profile "core" (allow: memory/*, faulty/*)'],
    ];
    for (const [tool, message] of table) {
      const result = await call(client, 'call_tool', { tool, arguments: {}, confirm: true });
      expect([tool, result.isError, textOf(result)]).toEqual([tool, true, message]);
    }
    expect((await call(client, 'get_tool_schema', { tool: 'memory/read_graph' })).structuredContent).toMatchObject({ id: 'tool:memory/read_graph' });
  });

  it('without a top-level token, a token no profile has gets the open top level', async () => {
    const client = await httpClient({ token: 'not-a-profile-token-0123456789' });
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(META_TOOL_NAMES);
  });

  it('a session opened with one token cannot be used with another', async () => {
    const client = await httpClient({ token: CORE_TOKEN });
    const transport = client.transport as StreamableHTTPClientTransport;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': transport.sessionId ?? '' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(403);
  });

  it('is sent tools/list_changed when a server lists new tools, and then lists them', async () => {
    const client = await httpClient({ token: CORE_TOKEN });
    expect(await searchLine(client)).toBe('Sources: memory (6 tools), faulty (6).');
    const changed = new Promise<void>((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
    await call(client, 'call_tool', { tool: 'faulty/change', arguments: {} });
    await Promise.race([changed, new Promise((_, reject) => setTimeout(() => reject(new Error('no tools/list_changed within 15 s')), 15_000))]);
    expect(await searchLine(client)).toBe('Sources: memory (6 tools), faulty (7).');
  }, 20_000);
});

describe('the top-level profile over stdio, with confirm_destructive: false', () => {
  it('lists the exposed meta-tools and runs a destructive tool unasked', async () => {
    const dir = join(work, 'stdio');
    await cp(join(work, 'graphs'), join(dir, 'graphs'), { recursive: true });
    const config = [
      ...servers(join(dir, 'memory.jsonl')).filter((l) => !l.includes('filesystem')),
      'serve: { confirm_destructive: false, expose: [search_tools, get_tool_schema, call_tool] }',
      '',
    ];
    await writeFile(join(dir, 'mdkg.config.yaml'), config.join('\n'));
    const client = new Client({ name: 'mdkg-test', version: '1.0.0' });
    clients.push(client);
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--graphs', join(dir, 'graphs')], cwd: dir, stderr: 'ignore' }),
    );
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(CORE);
    await create(client, 'Erin');
    const ran = await call(client, 'call_tool', { tool: 'memory/delete_entities', arguments: { entityNames: ['Erin'] } });
    expect([ran.isError ?? false, ran.content.at(-1)]).toEqual([false, { type: 'text', text: '[mdkg] ran tool:memory/delete_entities (server "memory")' }]);
    expect(await entities(client)).toEqual([]);
  }, 30_000);
});
