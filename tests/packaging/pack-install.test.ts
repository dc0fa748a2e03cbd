// The package as people install it: `npm pack` of this checkout (dist/ as `npm run build` left it),
// installed into an empty folder from the npm cache, then used from other empty folders: `mdkg
// --help`, `mdkg init --import` of a Claude Desktop config naming the memory reference server, and
// the Claude Desktop entry init printed, spawned by the SDK's client: handshake and a search_tools
// call that finds a memory tool, then graph_query and graph_search (SPARQL). `mdkg query` runs
// on a small graph, locally and with SERVICE to an allowlisted endpoint on 127.0.0.1: the engine
// must load on Node 20 from the install (dist/engine/, scripts/bundle-engine.mjs). Nothing may come
// from this checkout but the memory server and that endpoint.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { DataFactory, Store } from 'n3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cli.js';
import { serverEntry } from '../helpers/mcp-servers.js';
import { startSparqlEndpoint } from '../helpers/sparql-endpoint.js';

const run = promisify(execFile);
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** npm without the settings of an `npm test` around it (npm_config_*, npm_package_*), so it acts as in a shell. */
const npmEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_') || k === 'npm_config_cache'));

let root: string;
let prefix: string;
let files: string[];

beforeAll(async () => {
  if (!existsSync(join(REPO, 'dist', 'cli', 'main.js')) || !existsSync(join(REPO, 'dist', 'bundle', 'main.js')))
    throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  root = await realpath(await mkdtemp(join(tmpdir(), 'mdkg-pack-')));
  prefix = join(root, 'install');
  await mkdir(prefix);
  const packed = await run(NPM, ['pack', '--ignore-scripts', '--json', '--pack-destination', root], { cwd: REPO, env: npmEnv, timeout: 60_000 });
  const [info] = JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  files = (info?.files ?? []).map((f) => f.path);
  // The dependencies come from the npm cache (npm ci filled it), the registry only for what it lacks.
  await run(NPM, ['install', join(root, info?.filename ?? ''), '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: prefix,
    env: npmEnv,
    timeout: 150_000,
  });
}, 240_000);

afterAll(async () => {
  if (root !== undefined) await rm(root, { recursive: true, force: true });
});

describe('the packed package, installed into an empty folder', () => {
  it('holds what the CLI reads at run time, and no tests, benchmarks, sources or caches', () => {
    for (const path of [
      'package.json',
      'bin/mdkg.js',
      'dist/cli/main.js',
      'dist/bundle/main.js',
      'dist/cli/commands/init.js',
      'dist/graph/parse-worker.js',
      'dist/sparql/query-worker.js',
      'dist/engine/query-worker.js',
      'dist/engine/THIRD-PARTY-LICENSES.txt',
      'dist/view/assets/index.html',
      'dist/view/assets/app.js',
      'dist/view/assets/app.css',
      'dist/view/assets/sparql.js',
      'dist/view/assets/sparql.css',
      'dist/view/assets/THIRD-PARTY-LICENSES.txt',
      'dist/lexicon/data/thesaurus.json',
      'dist/lexicon/data/english-words.json',
      'dist/search/params/data/search-params.json',
      'schemas/context.jsonld',
      'schemas/config.schema.json',
      'schemas/front-matter.schema.json',
    ])
      expect(files, path).toContain(path);
    expect(files.filter((f) => /^(tests|benchmarks|src|graphs|scripts|docs|coverage|node_modules)\/|(^|\/)\.mdkg\/|\.test\.|\.tgz$/.test(f))).toEqual([]);
  });

  it('runs mdkg --help from another empty folder', async () => {
    const cwd = join(root, 'help');
    await mkdir(cwd);
    const { stdout } = await run(join(prefix, 'node_modules', '.bin', 'mdkg'), ['--help'], { cwd, timeout: 30_000 });
    expect(stdout.split('\n')[0]).toMatch(/^mdkg \d+\.\d+\.\d+ — /);
    expect(stdout).toContain('\n  init [dir] ');
  });

  it('installs no Comunica and no undici 8 (it needs Node 22.19; the engine bundle carries undici 7)', async () => {
    const modules = join(prefix, 'node_modules');
    expect(existsSync(join(modules, '@comunica'))).toBe(false);
    // jsonld's HTTP client brings undici 6 (never used: documents have no remote contexts).
    const { stdout } = await run(NPM, ['ls', 'undici', '--all', '--json', '--prefix', prefix], { cwd: prefix, env: npmEnv, timeout: 30_000 });
    const versions = [...stdout.matchAll(/"undici": \{\s*"version": "(\d+)\./g)].map((m) => Number(m[1]));
    expect(versions.length).toBeGreaterThan(0);
    expect(versions.filter((major) => major >= 8)).toEqual([]);
  });

  it('mdkg query answers SPARQL on a small graph, locally and through SERVICE to an allowlisted endpoint', async () => {
    const cwd = join(root, 'sparql');
    await mkdir(join(cwd, 'graphs'), { recursive: true });
    for (const [name, title] of [
      ['read_file', 'Read file'],
      ['list_dir', 'List directory'],
    ])
      await writeFile(join(cwd, 'graphs', `${name}.md`), `---\nid: tool:fs/${name}\ntype: Tool\ntitle: ${title}\nsummary: ${title}.\n---\n# ${title}\n`);
    const mdkg = (args: string[]) => run(join(prefix, 'node_modules', '.bin', 'mdkg'), ['query', '--format', 'csv', ...args], { cwd, timeout: 30_000 });
    const local = await mdkg(['SELECT ?s ?name WHERE { ?s schema:name ?name } ORDER BY ?name']);
    expect(local.stdout).toBe('s,name\r\nhttps://w3id.org/mdkg/tool/fs/list_dir,List directory\r\nhttps://w3id.org/mdkg/tool/fs/read_file,Read file\r\n');

    const { namedNode, literal, quad } = DataFactory;
    const stars = 'http://remote.example/stars';
    const integer = namedNode('http://www.w3.org/2001/XMLSchema#integer');
    const endpoint = await startSparqlEndpoint(
      new Store([quad(namedNode('https://w3id.org/mdkg/tool/fs/read_file'), namedNode(stars), literal('42', integer))]),
    );
    try {
      const query = `SELECT ?name ?stars WHERE { ?s schema:name ?name SERVICE <${endpoint.url}> { ?s <${stars}> ?stars } }`;
      const federated = await mdkg(['--allow-service', endpoint.url, query]);
      expect(federated.stdout).toBe('name,stars\r\nRead file,42\r\n');
      expect(endpoint.requests.some((r) => r.query?.includes(stars) === true)).toBe(true);
    } finally {
      await endpoint.close();
    }
  }, 60_000);

  it('mdkg view --static writes the page from the installed files (dist/view/assets/)', async () => {
    const cwd = join(root, 'view');
    await mkdir(join(cwd, 'graphs'), { recursive: true });
    await writeFile(join(cwd, 'graphs', 'read_file.md'), '---\nid: tool:fs/read_file\ntype: Tool\ntitle: Read file\n---\n# Read file\n');
    const { stdout } = await run(join(prefix, 'node_modules', '.bin', 'mdkg'), ['view', '--static', 'site'], { cwd, timeout: 30_000 });
    expect(stdout).toMatch(/^mdkg view: wrote .*index\.html \(1 documents, \d+ KiB\)\n$/);
    for (const file of ['index.html', 'assets/app.js', 'assets/sparql.js', 'assets/graph-data.js'])
      expect(existsSync(join(cwd, 'site', file)), file).toBe(true);
  });

  it('mdkg init prints a Claude Desktop entry that starts the installed gateway, which finds a memory tool and answers SPARQL', async () => {
    const project = join(root, 'project');
    const elsewhere = join(root, 'elsewhere');
    await mkdir(project);
    await mkdir(elsewhere);
    const desktop = join(root, 'claude_desktop_config.json');
    const memory = {
      command: process.execPath,
      args: [serverEntry('@modelcontextprotocol/server-memory')],
      env: { MEMORY_FILE_PATH: join(root, 'memory.jsonl') },
    };
    await writeFile(desktop, JSON.stringify({ mcpServers: { memory } }));
    const init = await run(join(prefix, 'node_modules', '.bin', 'mdkg'), ['init', '--import', desktop, '--client', 'claude-desktop', '--json'], {
      cwd: project,
      timeout: 30_000,
    });
    const printed = JSON.parse(init.stdout) as {
      config: string;
      clients: { 'claude-desktop': { json: { mcpServers: { mdkg: { command: string; args: string[] } } } } };
    };
    const entry = printed.clients['claude-desktop'].json.mcpServers.mdkg;
    const installedBin = await realpath(join(prefix, 'node_modules', 'mdkg', 'bin', 'mdkg.js'));
    expect(entry.args).toEqual([installedBin, 'serve', '--config', join(project, 'mdkg.config.yaml')]);
    expect((await stat(entry.command)).isFile()).toBe(true);
    expect(await readdir(project)).toEqual(['graphs', 'mdkg.config.yaml']);

    const client = new Client({ name: 'mdkg-pack-test', version: '1.0.0' });
    const env = { ...getDefaultEnvironment(), ...(process.env.MDKG_STATE_DIR === undefined ? {} : { MDKG_STATE_DIR: process.env.MDKG_STATE_DIR }) };
    await client.connect(new StdioClientTransport({ command: entry.command, args: entry.args, cwd: elsewhere, env, stderr: 'ignore' }));
    try {
      expect(client.getServerVersion()?.name).toBe('mdkg');
      // The gateway writes the memory server's tool documents once connected: wait for them (bounded).
      const deadline = Date.now() + 20_000;
      let perSource: unknown;
      while (Date.now() < deadline) {
        perSource = ((await client.callTool({ name: 'index_status', arguments: {} })) as CallToolResult).structuredContent?.toolsPerSource;
        if ((perSource as Record<string, number> | undefined)?.memory === 9) break;
        await new Promise((done) => setTimeout(done, 50));
      }
      expect(perSource).toEqual({ memory: 9 });
      const found = (await client.callTool({ name: 'search_tools', arguments: { query: 'read the whole knowledge graph', limit: 3 } })) as CallToolResult;
      expect((found.structuredContent?.tools as Array<{ id: string }> | undefined)?.[0]?.id).toBe('tool:memory/read_graph');
      const queried = (await client.callTool({
        name: 'graph_query',
        // A generous limit: the gateway's first query starts a worker, seconds on a busy machine.
        arguments: { sparql: 'SELECT ?name WHERE { tool:memory/read_graph schema:name ?name }', timeout_ms: 60_000 },
      })) as CallToolResult;
      expect(queried.structuredContent).toEqual({
        head: { vars: ['name'] },
        results: { bindings: [{ name: { type: 'literal', value: 'Read Graph' } }] },
        truncated: false,
        warnings: [],
      });
      const searched = (await client.callTool({ name: 'graph_search', arguments: { query: 'read graph', limit: 2 } })) as CallToolResult;
      expect((searched.structuredContent?.matches as Array<{ id: string }> | undefined)?.[0]?.id).toBe('tool:memory/read_graph');
    } finally {
      await client.close();
    }
  }, 60_000);
});
