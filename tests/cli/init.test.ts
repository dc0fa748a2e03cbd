// `mdkg init`: the config it writes (valid against schemas/config.schema.json and mdkg's own
// validator, never replaced unasked), the servers --import takes from a client's config file,
// and the client configurations it prints (exact JSON; the Claude Code line parsed back).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { claudeAddCommand, mdkgBinPath } from '../../src/cli/client-configs.js';
import { importServers, stripJsonComments } from '../../src/cli/import-servers.js';
import { renderInitConfig } from '../../src/cli/init-config.js';
import { loadConfig } from '../../src/config.js';
import { BIN, REPO, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const validateSchema = new Ajv2020({ strict: false, allErrors: true }).compile(JSON.parse(readFileSync(join(REPO, 'schemas', 'config.schema.json'), 'utf8')));

/** The words of a command line as a real POSIX shell splits them (sh prints each, NUL-ended). */
function shellWords(line: string): string[] {
  const r = spawnSync('/bin/sh', ['-c', `printf '%s\\0' ${line}`], { encoding: 'utf8', timeout: 10_000 });
  expect(r.status).toBe(0);
  return r.stdout.split('\0').slice(0, -1);
}

/** The JSON block printed under a client's title in the text output of mdkg init. */
function printedJson(text: string, title: string): unknown {
  const from = text.indexOf(`\n${title}\n`);
  const start = text.indexOf('    {', from);
  const end = text.indexOf('\n    }\n', start);
  return JSON.parse(text.slice(start, end + 6));
}

describe('importServers: a client config file as mdkg servers', () => {
  const cases: Array<[string, string, Record<string, unknown>, string[]]> = [
    [
      'Claude Desktop: stdio servers with args and env',
      JSON.stringify({
        mcpServers: {
          memory: { command: 'node', args: ['/m/index.js'], env: { MEMORY_FILE_PATH: '/tmp/m.jsonl' } },
          time: { command: 'uvx', args: ['mcp-server-time'] },
        },
      }),
      { memory: { command: 'node', args: ['/m/index.js'], env: { MEMORY_FILE_PATH: '/tmp/m.jsonl' } }, time: { command: 'uvx', args: ['mcp-server-time'] } },
      [],
    ],
    [
      'VS Code (JSONC): servers, type, an http server, comments and trailing commas',
      '{\n  // mine\n  "servers": {\n    "fs": { "type": "stdio", "command": "npx", "args": ["-y", "x // not a comment"], },\n    /* remote */ "api": { "type": "http", "url": "https://example.com/mcp", "headers": { "X-Key": "k" } },\n  },\n}',
      { fs: { command: 'npx', args: ['-y', 'x // not a comment'] }, api: { url: 'https://example.com/mcp', headers: { 'X-Key': 'k' } } },
      [],
    ],
    [
      'older VS Code settings: mcp.servers; an empty env and args are dropped',
      JSON.stringify({ mcp: { servers: { a: { command: 'a', args: [], env: {}, cwd: '/w' } } } }),
      { a: { command: 'a', cwd: '/w' } },
      [],
    ],
    [
      'what mdkg cannot run is left out, and said',
      JSON.stringify({
        mcpServers: {
          sse: { url: 'http://localhost:3000/sse' },
          sse2: { type: 'sse', url: 'http://h/events' },
          vars: { command: 'node', args: [`\${workspaceFolder}/s.js`] },
          self: { command: '/usr/bin/node', args: ['/opt/mdkg/bin/mdkg.js', 'serve', '--config', '/p/mdkg.config.yaml'] },
          off: { command: 'x', disabled: true },
          none: { args: ['x'] },
          ftp: { url: 'ftp://h/mcp' },
          numbers: { command: 'x', env: { PORT: 8080 } },
          list: ['x'],
        },
      }),
      {},
      [
        "left out 'sse': it uses the SSE transport; mdkg reaches servers over stdio or Streamable HTTP",
        "left out 'sse2': it uses the SSE transport; mdkg reaches servers over stdio or Streamable HTTP",
        `left out 'vars': it uses a \${…} variable of the client, which mdkg does not expand: add it to mdkg.config.yaml by hand`,
        "left out 'self': it is mdkg itself",
        "left out 'off': it is disabled",
        "left out 'none': it has neither a 'command' nor a 'url'",
        "left out 'ftp': its url 'ftp://h/mcp' is not http(s)",
        "left out 'numbers': its 'env' values are not all strings",
        "left out 'list': its entry in 'mcpServers' is not an object",
      ],
    ],
    [
      'names that are no source id are renamed, unique; unused keys are named',
      JSON.stringify({ mcpServers: { 'my server!': { command: 'a', autoApprove: [] }, 'my-server': { command: 'b' }, '.hidden': { command: 'c' } } }),
      { 'my-server': { command: 'a' }, 'my-server-2': { command: 'b' }, hidden: { command: 'c' } },
      [
        "imported 'my server!' as 'my-server' (a source id is letters, digits, '.', '_' and '-')",
        "'my server!': ignored 'autoApprove' (not used by mdkg)",
        "imported 'my-server' as 'my-server-2' (a source id is letters, digits, '.', '_' and '-')",
        "imported '.hidden' as 'hidden' (a source id is letters, digits, '.', '_' and '-')",
      ],
    ],
  ];
  it.each(cases)('%s', (_name, text, servers, notes) => {
    expect(importServers(text, '/c.json')).toEqual({ servers, notes });
  });

  it.each([
    ['not JSON', '{ "mcpServers": ', '/c.json: not valid JSON: '],
    ['no server mapping', '{ "theme": "dark" }', "/c.json: no 'mcpServers' (Claude Desktop, Claude Code, Cursor) or 'servers' (VS Code) mapping to import"],
    ['an array', '[]', "/c.json: no 'mcpServers'"],
  ])('refuses %s with MDKG_CONFIG_INVALID', (_name, text, message) => {
    expect(() => importServers(text, '/c.json')).toThrow(expect.objectContaining({ code: 'MDKG_CONFIG_INVALID', message: expect.stringContaining(message) }));
  });

  it('keeps strings while removing comments', () => {
    expect(JSON.parse(stripJsonComments('{"a": "//x", /* c */ "b": "/*y*/", "c": "q\\"//",}'))).toEqual({ a: '//x', b: '/*y*/', c: 'q"//' });
  });
});

describe('renderInitConfig: the config text', () => {
  const servers = {
    memory: {
      command: '/usr/bin/node',
      args: ['/a b/index.js', '--flag=1', 'true', '@scope/pkg', "it's"],
      env: { MEMORY_FILE_PATH: '/m: x.jsonl', 'A-B': '' },
    },
    remote: { url: 'https://example.com/mcp?x=1#y', headers: { Authorization: 'Bearer "t"' } },
    'x.1': { command: 'cmd', cwd: 'relative dir' },
  };
  it.each([
    ['no servers', {}],
    ['imported servers with odd strings', servers],
  ])('with %s: valid for the JSON Schema and mdkg, and reads back as written', async (_name, given) => {
    const text = renderInitConfig(given, '/from/claude_desktop_config.json');
    const dir = await tempDir({ 'mdkg.config.yaml': text });
    expect(validateSchema(parseYaml(text)), JSON.stringify(validateSchema.errors)).toBe(true);
    const { config } = await loadConfig(dir);
    expect(config).toEqual({ graphs: 'graphs', servers: given });
    expect(text).toContain('\ngraphs: graphs\n');
  });

  it('shows a commented example when there are no servers', () => {
    const text = renderInitConfig({});
    expect(text).toContain('\nservers: {}\n# For example:\n# servers:\n#   filesystem:\n');
    expect(text).not.toContain('Imported from');
  });
});

describe('the Claude Code command line', () => {
  const launch = { command: '/opt/node 20/bin/node', args: ["/home/o'brien/mdkg/bin/mdkg.js", 'serve', '--config', '/p q/mdkg.config.yaml'] };
  it('reads back, as a POSIX shell splits it, into the exact command', () => {
    expect(shellWords(claudeAddCommand('mdkg', launch, 'linux'))).toEqual([
      'claude',
      'mcp',
      'add',
      '--transport',
      'stdio',
      '--scope',
      'project',
      'mdkg',
      '--',
      launch.command,
      ...launch.args,
    ]);
  });
  it('quotes for Windows shells with double quotes', () => {
    expect(claudeAddCommand('mdkg', { command: 'C:\\Program Files\\nodejs\\node.exe', args: ['C:\\m\\bin\\mdkg.js', 'serve'] }, 'win32')).toBe(
      'claude mcp add --transport stdio --scope project mdkg -- "C:\\Program Files\\nodejs\\node.exe" C:\\m\\bin\\mdkg.js serve',
    );
  });
});

describe('mdkg init', () => {
  it('writes the config and the graph folder, and prints each client config with absolute paths', async () => {
    const dir = await tempDir();
    const json = await runCli(['init', '--json'], dir);
    expect(json.code).toBe(0);
    const result = JSON.parse(json.stdout);
    const config = join(dir, 'mdkg.config.yaml');
    const args = [mdkgBinPath(), 'serve', '--config', config];
    expect(mdkgBinPath()).toBe(BIN);
    expect(result).toMatchObject({ config, configWritten: true, graphs: join(dir, 'graphs'), graphsCreated: true, servers: [] });
    expect((await stat(join(dir, 'graphs'))).isDirectory()).toBe(true);
    expect(Object.keys(result.clients)).toEqual(['claude-desktop', 'claude-code', 'vscode', 'cursor']);
    const stdio = { command: process.execPath, args };
    expect(result.clients['claude-desktop'].json).toEqual({ mcpServers: { mdkg: stdio } });
    expect(result.clients['claude-code'].json).toEqual({ mcpServers: { mdkg: { type: 'stdio', ...stdio, env: {} } } });
    expect(shellWords(result.clients['claude-code'].command)).toEqual([
      'claude',
      'mcp',
      'add',
      '--transport',
      'stdio',
      '--scope',
      'project',
      'mdkg',
      '--',
      process.execPath,
      ...args,
    ]);
    expect(result.clients.vscode.json).toEqual({ servers: { mdkg: { type: 'stdio', ...stdio } } });
    expect(result.clients.cursor.json).toEqual({ mcpServers: { mdkg: stdio } });

    // Run again: the config is kept, and the text shows the same JSON for each client.
    await writeFile(config, `${await readFile(config, 'utf8')}# my edit\n`);
    const text = await runCli(['init'], dir);
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n')[0]).toBe(`Kept ${config} (mdkg init --force replaces it)`);
    expect(await readFile(config, 'utf8')).toMatch(/# my edit\n$/);
    for (const [client, title] of [
      ['claude-desktop', 'Claude Desktop'],
      ['claude-code', 'Claude Code'],
      ['vscode', 'VS Code'],
      ['cursor', 'Cursor'],
    ] as const)
      expect(printedJson(text.stdout, title)).toEqual(result.clients[client].json);
    expect(text.stdout).toContain(`    ${result.clients['claude-code'].command}\n`);
  });

  it('imports the servers of a client config, names what it left out, and --client picks one client', async () => {
    const dir = await tempDir({
      'clients/claude_desktop_config.json': JSON.stringify({ mcpServers: { memory: { command: 'node', args: ['/m.js'] }, old: { url: 'http://h/sse' } } }),
    });
    const project = join(dir, 'project');
    await mkdir(project);
    const r = await runCli(['init', project, '--import', 'clients/claude_desktop_config.json', '--client', 'cursor', '--name', 'kg'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').slice(0, 6)).toEqual([
      `Wrote ${join(project, 'mdkg.config.yaml')}`,
      `Created the graph folder ${join(project, 'graphs')}`,
      `Imported 1 server from ${join(dir, 'clients/claude_desktop_config.json')}`,
      "  left out 'old': it uses the SSE transport; mdkg reaches servers over stdio or Streamable HTTP",
      'Servers: memory',
      '',
    ]);
    expect(r.stdout).toContain('\nCursor\n');
    expect(r.stdout).not.toContain('Claude Desktop');
    expect(printedJson(r.stdout, 'Cursor')).toEqual({
      mcpServers: { kg: { command: process.execPath, args: [BIN, 'serve', '--config', join(project, 'mdkg.config.yaml')] } },
    });
    expect((await loadConfig(project)).config.servers).toEqual({ memory: { command: 'node', args: ['/m.js'] } });
  });

  it('never replaces a config unasked; --force does', async () => {
    const dir = await tempDir({ 'mdkg.config.yaml': 'graphs: docs\n', 'c.json': '{"mcpServers": {"a": {"command": "a"}}}' });
    const refused = await runCli(['init', '--import', 'c.json'], dir);
    expect([refused.code, refused.stderr]).toEqual([
      1,
      `mdkg init: MDKG_CONFIG_EXISTS ${join(dir, 'mdkg.config.yaml')} already exists: run mdkg init --force to replace it\n`,
    ]);
    expect(await readFile(join(dir, 'mdkg.config.yaml'), 'utf8')).toBe('graphs: docs\n');
    // Kept: its own graph folder is the one created.
    const kept = JSON.parse((await runCli(['init', '--json'], dir)).stdout);
    expect([kept.configWritten, kept.graphs, kept.graphsCreated]).toEqual([false, join(dir, 'docs'), true]);
    const forced = await runCli(['init', '--import', 'c.json', '--force', '--json'], dir);
    expect(forced.code).toBe(0);
    expect((await loadConfig(dir)).config).toEqual({ graphs: 'graphs', servers: { a: { command: 'a' } } });
    expect((await stat(join(dir, 'graphs'))).isDirectory()).toBe(true);
  });

  it.each([
    [
      ['init', '--client', 'vscod'],
      2,
      "mdkg init: MDKG_USAGE unknown client 'vscod' (did you mean 'vscode'?) (known: claude-desktop, claude-code, vscode, cursor)\n",
    ],
    [['init', '--name', 'a b'], 2, "mdkg init: MDKG_USAGE --name 'a b' must be letters, digits, '.', '_' and '-'\n"],
    [['init', 'a', 'b'], 2, 'mdkg init: MDKG_USAGE one project folder at most (got 2)\n'],
    [
      ['init', '--frobnicate'],
      2,
      "mdkg init: Unknown option '--frobnicate'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- \"--frobnicate\"\nRun 'mdkg help init' for usage.\n",
    ],
  ])('refuses %j (exit %i)', async (argv, code, stderr) => {
    const dir = await tempDir();
    const r = await runCli(argv, dir);
    expect([r.code, r.stderr, r.stdout]).toEqual([code, stderr, '']);
  });

  it.each([
    ['a missing project folder', ['init', 'nope'], 'MDKG_NOT_FOUND project folder'],
    ['a missing import file', ['init', '--import', 'nope.json'], 'MDKG_NOT_FOUND'],
    ['an import file that is no client config', ['init', '--import', 'bad.json'], 'MDKG_CONFIG_INVALID'],
    ['an invalid kept config', ['init'], 'MDKG_CONFIG_INVALID'],
  ])('fails clearly on %s', async (name, argv, start) => {
    const dir = await tempDir({ 'bad.json': '{"x": 1}', ...(name === 'an invalid kept config' ? { 'mdkg.config.yaml': 'graph: x\n' } : {}) });
    const r = await runCli(argv, dir);
    expect(r.code).toBe(1);
    expect(r.stderr.startsWith(`mdkg init: ${start}`)).toBe(true);
    if (name !== 'an invalid kept config') await expect(stat(join(dir, 'mdkg.config.yaml'))).rejects.toThrow();
  });
});
