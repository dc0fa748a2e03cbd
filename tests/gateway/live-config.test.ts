// Live config and graph through an SDK client of `mdkg serve`: a server added to mdkg.config.yaml is
// connected and its tools found; a removed one is ended and its tools no longer offered (their
// documents stay); a broken config keeps the running one with a coded error, and the fixed one
// applies; a document added under graphs/ is found. Each step waits for the gateway's
// notification or log line, with a deadline: no sleeps.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveServe, referenceServers, startServe } from '../helpers/live-serve.js';

type Status = {
  servers: Array<{ source: string; state: string }>;
  toolsPerSource: Record<string, number>;
  config: { error?: { code: string }; removedServers: string[] };
  diagnostics: Array<{ code: string; message: string }>;
};
type Found = { tools: Array<{ id: string; source: string }>; diagnostics: Array<{ code: string }> };

let work: string;
let serve: LiveServe;
let servers: ReturnType<typeof referenceServers>;

/** Writes the config as editors do: a temp file renamed over it. */
async function writeConfig(lines: string[]): Promise<void> {
  const temp = join(work, '.mdkg.config.yaml.swp');
  await writeFile(temp, [...lines, ''].join('\n'));
  await rename(temp, join(work, 'mdkg.config.yaml'));
}

const status = async (): Promise<Status> => (await serve.call('index_status')).structuredContent as unknown as Status;
const search = async (query: string, limit = 5): Promise<Found> => (await serve.call('search_tools', { query, limit })).structuredContent as unknown as Found;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'mdkg-live-'));
  servers = referenceServers(work);
  await mkdir(join(work, 'graphs'));
  await writeConfig(['servers:', servers.memory]);
  serve = await startServe([], work);
  expect((await search('create entities in the knowledge graph', 1)).tools[0]?.id).toBe('tool:memory/create_entities');
}, 60_000);

afterAll(async () => {
  await serve?.close();
  await rm(work, { recursive: true, force: true });
});

describe('mdkg serve applies config and graph edits while it runs', () => {
  it('a server added to the config is connected, announced and searched', async () => {
    const before = serve.count.tools;
    await writeConfig(['servers:', servers.memory, servers.filesystem]);
    await serve.notified('tools', before + 1);
    // The search waits for the new server's first listing.
    expect((await search('read the contents of a text file', 1)).tools[0]?.id).toBe('tool:filesystem/read_text_file');
    const s = await status();
    expect(s.servers.map((x) => `${x.source} ${x.state}`)).toEqual(['memory connected', 'filesystem connected']);
    await serve.line(/server "filesystem" added by the config/);
  }, 30_000);

  it('a removed server is ended and its tools are no longer offered; its documents stay', async () => {
    const before = serve.count.tools;
    await writeConfig(['servers:', servers.filesystem]);
    await serve.notified('tools', before + 1);
    const found = await search('create entities in the knowledge graph', 10);
    expect(found.tools.filter((t) => t.source === 'memory')).toEqual([]);
    const schema = await serve.call('get_tool_schema', { tool: 'memory/create_entities' });
    expect(schema.isError).toBe(true);
    const called = await serve.call('call_tool', { tool: 'memory/create_entities', arguments: { entities: [] } });
    expect(called.isError).toBe(true);
    const s = await status();
    expect(s.servers.map((x) => x.source)).toEqual(['filesystem']);
    expect(s.config.removedServers).toEqual(['memory']);
    expect(s.toolsPerSource.memory).toBeUndefined();
    expect(existsSync(join(work, 'graphs', 'tools', 'memory', 'create_entities.md'))).toBe(true);
    await serve.line(/server "memory" removed from the config/);
  }, 30_000);

  it('a config that does not load keeps the running one, with a coded error on stderr and in index_status', async () => {
    const from = serve.lines.length;
    await writeConfig(['servers:', servers.filesystem, '  broken: [unclosed']);
    await serve.line(/error MDKG_CONFIG_INVALID .*the running config is kept/, 15_000, from);
    const s = await status();
    expect(s.config.error?.code).toBe('MDKG_CONFIG_INVALID');
    expect(s.diagnostics.map((d) => d.code)).toContain('MDKG_CONFIG_INVALID');
    expect(s.servers.map((x) => `${x.source} ${x.state}`)).toEqual(['filesystem connected']);
    // An unknown key is refused the same way.
    const next = serve.lines.length;
    await writeConfig(['servers:', servers.filesystem, 'serverz: {}']);
    await serve.line(/error MDKG_CONFIG_INVALID .*unknown key 'serverz'/, 15_000, next);
  }, 30_000);

  it('the fixed config applies: the removed server comes back with its tools', async () => {
    const before = serve.count.tools;
    await writeConfig(['servers:', servers.filesystem, servers.memory]);
    await serve.notified('tools', before + 1);
    expect((await search('create entities in the knowledge graph', 1)).tools[0]?.id).toBe('tool:memory/create_entities');
    const s = await status();
    expect(s.config.error).toBeUndefined();
    expect(s.config.removedServers).toEqual([]);
    expect(s.servers.map((x) => `${x.source} ${x.state}`)).toEqual(['filesystem connected', 'memory connected']);
  }, 30_000);

  it('a server whose settings change is restarted with them', async () => {
    const before = serve.count.tools;
    await writeConfig(['servers:', servers.filesystem, servers.memory.replace(/ }$/, ', timeout_ms: 20000 }')]);
    await serve.notified('tools', before + 1);
    await serve.line(/server "memory" changed in the config/);
    expect((await search('create entities in the knowledge graph', 1)).tools[0]?.id).toBe('tool:memory/create_entities');
  }, 30_000);

  it('a document added under graphs/ is loaded, announced and found', async () => {
    const before = serve.count.resources;
    await mkdir(join(work, 'graphs', 'notes', 'deep'), { recursive: true });
    await writeFile(
      join(work, 'graphs', 'notes', 'deep', 'zebra.md'),
      '---\nid: concept:zebra-crossing\ntype: Concept\ntitle: Zebra crossing\nsummary: A striped pedestrian crossing.\n---\n# Zebra crossing\n',
    );
    await serve.notified('resources', before + 1);
    const found = (await serve.call('graph_search', { query: 'zebra crossing', limit: 3 })).structuredContent as { matches: Array<{ id: string }> };
    expect(found.matches[0]?.id).toBe('concept:zebra-crossing');
  }, 30_000);
});
