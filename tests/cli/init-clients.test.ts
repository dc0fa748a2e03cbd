// Each client configuration `mdkg init` prints starts a working gateway: its command is spawned
// (by the SDK's client, over stdio) from a folder that is neither the project nor this checkout,
// then handshake, tools/list, and a search_tools call that finds a tool of the project's server.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { serverEntry } from '../helpers/mcp-servers.js';

let root: string;
let project: string;
let elsewhere: string;
let clients: Record<string, { json: Record<string, Record<string, { command: string; args: string[]; type?: string }>>; command?: string }>;

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'mdkg-init-clients-')));
  project = join(root, 'project');
  elsewhere = join(root, 'elsewhere');
  for (const dir of [project, elsewhere]) await mkdir(dir);
  const desktop = {
    mcpServers: {
      memory: { command: process.execPath, args: [serverEntry('@modelcontextprotocol/server-memory')], env: { MEMORY_FILE_PATH: join(root, 'memory.jsonl') } },
    },
  };
  await writeFile(join(root, 'claude_desktop_config.json'), JSON.stringify(desktop));
  const init = spawnCli(['init', '--import', join(root, 'claude_desktop_config.json'), '--json'], project);
  expect([init.code, init.stderr]).toEqual([0, '']);
  clients = JSON.parse(init.stdout).clients;
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The words of a command line as /bin/sh splits them. */
function shellWords(line: string): string[] {
  const r = spawnSync('/bin/sh', ['-c', `printf '%s\\0' ${line}`], { encoding: 'utf8', timeout: 10_000 });
  return r.stdout.split('\0').slice(0, -1);
}

/** The command and arguments each client would run, as it reads them from its configuration. */
function launches(): Record<string, { command: string; args: string[] }> {
  const code = clients['claude-code'];
  const words = shellWords(code?.command ?? '');
  const dash = words.indexOf('--');
  return {
    'Claude Desktop (mcpServers)': clients['claude-desktop']!.json.mcpServers!.mdkg!,
    'Claude Code (.mcp.json)': code!.json.mcpServers!.mdkg!,
    'Claude Code (claude mcp add line)': { command: words[dash + 1]!, args: words.slice(dash + 2) },
    'VS Code (servers, type stdio)': clients.vscode!.json.servers!.mdkg!,
    'Cursor (mcpServers)': clients.cursor!.json.mcpServers!.mdkg!,
  };
}

describe('the client configurations of mdkg init, spawned', () => {
  it('name the same launch: absolute node, bin and config', () => {
    const all = Object.values(launches()).map((l) => ({ command: l.command, args: l.args }));
    expect(all.every((l) => JSON.stringify(l) === JSON.stringify(all[0]))).toBe(true);
    expect(all[0]!.command).toBe(process.execPath);
    expect(all[0]!.args.slice(1)).toEqual(['serve', '--config', join(project, 'mdkg.config.yaml')]);
    expect(clients.vscode!.json.servers!.mdkg!.type).toBe('stdio');
    expect(clients['claude-code']!.json.mcpServers!.mdkg!.type).toBe('stdio');
  });

  const CLIENTS = [
    'Claude Desktop (mcpServers)',
    'Claude Code (.mcp.json)',
    'Claude Code (claude mcp add line)',
    'VS Code (servers, type stdio)',
    'Cursor (mcpServers)',
  ];
  it('covers every client', () => expect(Object.keys(launches())).toEqual(CLIENTS));

  it.each(CLIENTS)('%s: handshake, tools/list, search_tools finds the memory tool', async (name) => {
    const launch = launches()[name]!;
    const transport = new StdioClientTransport({
      command: launch.command,
      args: launch.args,
      cwd: elsewhere,
      env: { ...getDefaultEnvironment(), ...(process.env.MDKG_STATE_DIR === undefined ? {} : { MDKG_STATE_DIR: process.env.MDKG_STATE_DIR }) },
      stderr: 'ignore',
    });
    const client = new Client({ name: 'mdkg-init-test', version: '1.0.0' });
    try {
      await client.connect(transport);
      expect(client.getServerVersion()?.name).toBe('mdkg');
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['search_tools', 'get_tool_schema', 'call_tool']));
      // The gateway generates the memory server's tool documents once it has connected: wait for them (bounded).
      const deadline = Date.now() + 15_000;
      let status: Record<string, unknown> | undefined;
      while (Date.now() < deadline) {
        status = ((await client.callTool({ name: 'index_status', arguments: {} })) as CallToolResult).structuredContent;
        if ((status?.toolsPerSource as Record<string, number> | undefined)?.memory === 9) break;
        await new Promise((done) => setTimeout(done, 50));
      }
      expect(status?.toolsPerSource).toEqual({ memory: 9 });
      const found = (await client.callTool({
        name: 'search_tools',
        arguments: { query: 'create new entities in the knowledge graph', limit: 3 },
      })) as CallToolResult;
      expect((found.structuredContent?.tools as Array<{ id: string }> | undefined)?.[0]?.id).toBe('tool:memory/create_entities');
    } finally {
      await client.close();
    }
    // The documents went to the project's graph folder (resolved from the config, not the cwd).
    expect((await stat(join(project, 'graphs', 'tools', 'memory'))).isDirectory()).toBe(true);
    await expect(stat(join(elsewhere, 'graphs'))).rejects.toThrow();
  });
});
