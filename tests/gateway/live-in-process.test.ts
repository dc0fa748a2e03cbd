// The start-up, live-config and health modules in this process (the stdio and HTTP tests run them
// in a child, where coverage does not see them): the queue, the state lines and their masking, a
// search waiting for a server's first connection, a config edit applied and a broken one kept,
// /health's report. Waits are for the gateway's own lines and signals, with deadlines.
import { cp, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { Downstream } from '../../src/gateway/downstream.js';
import { buildGateway, connectAll, type Gateway, watchTools } from '../../src/gateway/gateway.js';
import { indexBuild, publicStatus } from '../../src/gateway/graph-calls.js';
import { healthReport, liveStatus } from '../../src/gateway/health.js';
import { type LiveWatch, watchLive } from '../../src/gateway/live-config.js';
import { withReadiness } from '../../src/gateway/readiness.js';
import { configLine, redact, secretsOf, serverLine } from '../../src/gateway/state-log.js';
import { getToolSchema, searchTools } from '../../src/gateway/tool-calls.js';
import { ChangeSignal, WorkQueue } from '../../src/gateway/work-queue.js';
import { fixtureServer } from '../helpers/mcp-servers.js';
import { referenceServers } from '../helpers/live-serve.js';
import { tempDir } from '../helpers/temp-dir.js';

const REPO_GRAPHS = join(import.meta.dirname, '..', '..', 'graphs');

type Found = { tools: Array<{ id: string }>; diagnostics: Array<{ code: string; message: string }> };

describe('WorkQueue', () => {
  it('runs jobs one at a time in order, lists them, and survives a failing one', async () => {
    const signal = new ChangeSignal();
    const queue = new WorkQueue(signal);
    const order: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((done) => {
      release = done;
    });
    const a = queue.run('a', 1000, async () => {
      await gate;
      order.push('a');
    });
    const b = queue.run('b', 1000, async () => {
      order.push('b');
      throw new Error('b failed');
    });
    const c = queue.run('c', 1000, async () => order.push('c'), 'memory');
    await new Promise((done) => setImmediate(done));
    expect(queue.jobs.map((j) => `${j.label}${j.started ? '*' : ''}`)).toEqual(['a*', 'b', 'c']);
    expect([queue.waiting('b'), queue.waiting('a')]).toEqual([true, false]);
    release();
    await a;
    await expect(b).rejects.toThrow('b failed');
    await c;
    await queue.idle();
    expect(order).toEqual(['a', 'b', 'c']);
    expect(queue.jobs).toEqual([]);
  });

  it('ChangeSignal wakes its waiters, or lets them go at their time', async () => {
    const signal = new ChangeSignal();
    const woken = signal.next(60_000);
    signal.notify();
    await woken;
    await signal.next(1);
  });
});

describe('state lines', () => {
  const server = (fields: Partial<Downstream>): Downstream =>
    ({ source: 'memory', server: { command: 'node', env: { KEY: 'secret-value-1' } }, failures: 0, tools: new Map(), retryAt: 0, ...fields }) as Downstream;

  it('says each event in one line, the secrets of the server masked', () => {
    expect(serverLine(server({}), 'connecting')).toBe('mdkg serve: server "memory" connecting');
    expect(serverLine(server({ failures: 2 }), 'connecting')).toBe('mdkg serve: server "memory" reconnecting (after 2 failures)');
    expect(serverLine(server({ tools: new Map([['a', { name: 'a', inputSchema: { type: 'object' } }]]) }), 'list_changed')).toBe(
      'mdkg serve: server "memory" list_changed: 1 tools',
    );
    expect(serverLine(server({}), 'idle')).toBe('mdkg serve: server "memory" stopped');
    const down = serverLine(server({ failures: 1, lastError: 'died\nsaying secret-value-1' }), 'down');
    expect(down).toBe('mdkg serve: server "memory" down: died\\nsaying ***; retried on the next call that needs it');
    expect(serverLine(server({ failures: 5, retryAt: Number.POSITIVE_INFINITY, lastError: 'x' }), 'down')).toContain(
      'left down after 5 failures until index_build',
    );
    expect(serverLine(server({ failures: 2, retryAt: Date.now() + 60_000, lastError: 'x' }), 'down')).toMatch(/retried after \d{4}-/);
    expect(configLine('memory', 'changed')).toContain('changed in the config');
  });

  it('masks env and header values (a bearer token alone too), longest first', () => {
    expect(secretsOf({ url: 'http://x', headers: { Authorization: 'Bearer tok-123456' } })).toEqual(['Bearer tok-123456', 'Bearer', 'tok-123456']);
    expect(secretsOf({ command: 'node', env: { A: 'abc', B: 'abcdef' } })).toEqual(['abcdef']);
    expect(redact('sent tok-123456 as Bearer tok-123456', ['Bearer tok-123456', 'tok-123456'])).toBe('sent *** as ***');
  });
});

describe('a gateway in this process', () => {
  let gw: Gateway | undefined;
  let live: LiveWatch | undefined;
  afterEach(async () => {
    live?.close();
    await Promise.all([...(gw?.servers.values() ?? [])].map((s) => s.close()));
    gw = undefined;
    live = undefined;
  });

  /** A gateway on `dir` with its log lines, and a wait for the next line matching a pattern. */
  async function start(dir: string): Promise<{ gw: Gateway; lines: string[]; line: (p: RegExp) => Promise<void> }> {
    const { config, dir: configDir, file } = await loadConfig(dir);
    const g = await buildGateway(join(dir, 'graphs'), config, configDir);
    const lines: string[] = [];
    const wakers = new Set<() => void>();
    g.log = (l) => {
      lines.push(l);
      for (const w of [...wakers]) w();
    };
    watchTools(g);
    live = watchLive(g, { cwd: dir, dir: configDir, graphsFixed: false, debounceMs: 20, ...(file === undefined ? {} : { file }) });
    await live.ready;
    gw = g;
    const line = (p: RegExp): Promise<void> =>
      new Promise((done) => {
        const from = lines.length;
        const check = (): void => {
          if (lines.slice(from).some((l) => p.test(l))) {
            wakers.delete(check);
            done();
          }
        };
        wakers.add(check);
      });
    return { gw: g, lines, line };
  }

  it('a search waits for a first connection, at most its timeout, and names the server that never answered', async () => {
    const silent = `  silent: { command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(fixtureServer('never-answers.mjs'))}], timeout_ms: 300 }`;
    const dir = await tempDir({ 'graphs/.keep': '', 'mdkg.config.yaml': `servers:\n${silent}\n` });
    const { gw } = await start(dir);
    void connectAll(gw);
    const search = (query: string) => withReadiness(gw, 'search_tools', { query }, () => searchTools(gw, { query }));
    const found = (await search('read a file')).structuredContent as Found;
    expect(found.diagnostics.map((d) => d.code)).toEqual(['MDKG_INDEX_EMPTY', 'MDKG_SOURCE_TIMEOUT']);
    expect(found.diagnostics[0]?.message).toContain('"silent" down: no answer within 300 ms');
    const missed = await withReadiness(gw, 'get_tool_schema', { tool: 'silent/x' }, () => getToolSchema(gw, { tool: 'silent/x' }));
    expect(missed.isError).toBe(true);
    expect(JSON.stringify(missed.content)).toContain('server \\"silent\\" is down');
    const health = healthReport(gw, Date.now() - 5, false);
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'degraded', servers: [{ source: 'silent', state: 'down', failures: 1 }] });
    expect(healthReport(gw, Date.now(), true).status).toBe(503);
  }, 20_000);

  it('applies a config edit, keeps the running config on a broken one, and notes start-only keys', async () => {
    const dir = await tempDir({ 'graphs/.keep': '', 'mdkg.config.yaml': 'servers: {}\n' });
    const { gw, line } = await start(dir);
    const write = async (text: string): Promise<void> => {
      await writeFile(join(dir, 'edit.tmp'), text);
      await rename(join(dir, 'edit.tmp'), join(dir, 'mdkg.config.yaml'));
    };
    const added = line(/config reloaded \(servers \+memory\)/);
    await write(`servers:\n${referenceServers(dir).memory}\ntools_out: elsewhere\n`);
    await added;
    expect([...gw.servers.keys()]).toEqual(['memory']);
    expect(liveStatus(gw).diagnostics.map((d) => d.message)).toEqual(["'tools_out' changed: it applies when mdkg serve is started again"]);
    expect(gw.config.tools_out).toBeUndefined();
    const found = (
      await withReadiness(gw, 'search_tools', { query: 'create entities in the knowledge graph' }, () =>
        searchTools(gw as Gateway, { query: 'create entities in the knowledge graph', limit: 1 }),
      )
    ).structuredContent as Found;
    expect(found.tools[0]?.id).toBe('tool:memory/create_entities');
    const kept = line(/error MDKG_CONFIG_INVALID .*the running config is kept/);
    await write('servers: [1, 2\n');
    await kept;
    expect(liveStatus(gw).config.error?.code).toBe('MDKG_CONFIG_INVALID');
    expect([...gw.servers.keys()]).toEqual(['memory']);
    const removed = line(/config reloaded \(servers -memory\)/);
    await write('servers: {}\n');
    await removed;
    expect(liveStatus(gw).config).toMatchObject({ removedServers: ['memory'], notes: [] });
    expect(gw.tools.filter((t) => t.source === 'memory')).toEqual([]);
    expect(liveStatus(gw).config.error).toBeUndefined();
  }, 30_000);
});

describe('a refresh never stalls the other readers of the index', () => {
  // A job held open by the test: which jobs make a search wait, and which are answered from the index as it is.
  it.each([
    ['index_build', undefined, false],
    ['reindex', undefined, false],
    ['tools of memory', 'memory', false],
    ['tools of a server not indexed yet', 'weather', true],
    ['config', undefined, true],
    ['graph', undefined, true],
  ])('a %s job: the search waits for it: %s', async (label, source, waits) => {
    const dir = await tempDir({ 'graphs/.keep': '' });
    await cp(join(REPO_GRAPHS, 'tools', 'memory'), join(dir, 'graphs', 'tools', 'memory'), { recursive: true });
    const gw = await buildGateway(join(dir, 'graphs'), {}, dir);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((done) => {
      release = done;
    });
    const job = gw.work.run(label, 60_000, () => gate, source);
    await new Promise((done) => setImmediate(done));
    const order: string[] = [];
    const query = 'create entities in the knowledge graph';
    const search = withReadiness(gw, 'search_tools', { query }, () => searchTools(gw, { query, limit: 1 })).then((r) => {
      order.push('search');
      return r.structuredContent as Found;
    });
    // A search that must not wait is awaited while the job is held open (it would time the test out
    // if it waited); one that must wait is given a moment, which a slow machine can only lengthen.
    if (waits) await Promise.race([search, new Promise((done) => setTimeout(done, 50))]);
    else await search;
    order.push('job ends');
    release();
    await job;
    const found = await search;
    expect(order).toEqual(waits ? ['job ends', 'search'] : ['search', 'job ends']);
    expect(found.tools[0]?.id).toBe('tool:memory/create_entities');
    const refreshing = found.diagnostics.filter((d) => d.code === 'MDKG_INDEX_REFRESHING').map((d) => d.message);
    expect(refreshing).toEqual(waits ? [] : [`the index is being rebuilt (${label}): this answer is from the index as it was`]);
  });
});

describe('index_build', () => {
  it('lists a connected server again on its own connection: a call in flight goes on, the server is not restarted', async () => {
    const hostile = `  hostile: { command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(fixtureServer('hostile-tools.mjs'))}], timeout_ms: 5000 }`;
    const dir = await tempDir({ 'graphs/.keep': '', 'mdkg.config.yaml': `servers:\n${hostile}\n` });
    const { config, dir: configDir } = await loadConfig(dir);
    const gw = await buildGateway(join(dir, 'graphs'), config, configDir);
    try {
      await connectAll(gw);
      const events: string[] = [];
      const server = gw.servers.get('hostile') as Downstream;
      server.onChange = (_s, event) => events.push(event);
      const client = await server.ready();
      if (typeof client === 'string') throw new Error(client);
      const slow = client.callTool({ name: 'slow', arguments: { ms: 300 } });
      const built = await indexBuild(gw);
      expect(built.isError).toBeUndefined();
      expect(await slow).toMatchObject({ content: [{ type: 'text', text: 'slept' }] });
      expect(events).toEqual([]);
      expect(server.tools.has('slow')).toBe(true);
    } finally {
      await Promise.all([...gw.servers.values()].map((s) => s.close()));
    }
  }, 20_000);
});

describe('index_status shows a server as /health does', () => {
  const server = (fields: Partial<Downstream>): Downstream =>
    ({ source: 'x', failures: 0, tools: new Map(), retryAt: 0, listChanges: 0, state: 'down', status: () => ({}), ...fields }) as Downstream;
  it.each<[string, Downstream['server'], string | undefined, string, string | undefined]>([
    [
      'a command: its program only, never its arguments',
      { command: '/usr/bin/node', args: ['srv.js', '--token', 'tok-9f8e7d6c'] },
      undefined,
      'node',
      undefined,
    ],
    ['env values masked in the error', { command: 'npx', env: { API_KEY: 'key-5a4b3c2d' } }, 'failed with key-5a4b3c2d', 'npx', 'failed with ***'],
    [
      'a URL without its query or credentials',
      { url: 'https://user:pw@mcp.example/api?key=q-1a2b3c', headers: { Authorization: 'Bearer h-7g6f5e' } },
      'got 401 for Bearer h-7g6f5e',
      'https://mcp.example/api',
      'got 401 for ***',
    ],
  ])('%s', (_name, config, lastError, shown, error) => {
    const s = server({ server: config, ...(lastError === undefined ? {} : { lastError }) });
    s.status = () => ({ source: 'x', state: 'down', server: 'raw', tools: 0, failures: 1, listChanges: 0, ...(lastError === undefined ? {} : { lastError }) });
    const status = publicStatus(s);
    expect([status.server, status.lastError]).toEqual([shown, error]);
    expect(JSON.stringify(status)).not.toMatch(/tok-9f8e7d6c|key-5a4b3c2d|q-1a2b3c|h-7g6f5e|pw@/);
  });
});
