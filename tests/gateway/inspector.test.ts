// The MCP Inspector CLI (0.15.0, the version that runs on Node 20) as an independent client of
// `mdkg serve` (no config, so no downstream server): it lists the meta-tools and calls search_tools;
// and with a config given as MDKG_CONFIG (the Inspector takes --config for itself).
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, REPO } from '../helpers/cli.js';
import { META_TOOL_NAMES } from '../helpers/serve-client.js';

const INSPECTOR = join(REPO, 'node_modules', '@modelcontextprotocol', 'inspector', 'cli', 'build', 'cli.js');

function inspect(...args: string[]): unknown {
  const r = spawnSync(process.execPath, [INSPECTOR, '--cli', process.execPath, BIN, 'serve', '--graphs', join(REPO, 'graphs'), ...args], {
    cwd: tmpdir(),
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as unknown;
}

describe('the MCP Inspector CLI against mdkg serve', () => {
  it('lists the meta-tools', () => {
    const listed = inspect('--method', 'tools/list') as { tools: Array<{ name: string }> };
    expect(listed.tools.map((t) => t.name)).toEqual(META_TOOL_NAMES);
  }, 60_000);

  it('calls search_tools', () => {
    const found = inspect(
      '--method',
      'tools/call',
      '--tool-name',
      'search_tools',
      '--tool-arg',
      'query=delete entities from the knowledge graph',
      '--tool-arg',
      'limit=1',
    ) as { structuredContent: { tools: Array<{ id: string }> } };
    expect(found.structuredContent.tools.map((t) => t.id)).toEqual(['tool:memory/delete_entities']);
  }, 60_000);

  it('reads the config named by MDKG_CONFIG, from another folder (docs/mcp.md)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mdkg-inspector-'));
    try {
      // A config whose graph folder is the bundled one and which renames nothing else: its tools are found.
      await writeFile(join(dir, 'mdkg.config.yaml'), `graphs: ${JSON.stringify(join(REPO, 'graphs'))}\nserve: { expose: [search_tools] }\n`);
      const r = spawnSync(
        process.execPath,
        [INSPECTOR, '--cli', '-e', `MDKG_CONFIG=${join(dir, 'mdkg.config.yaml')}`, process.execPath, BIN, 'serve', '--method', 'tools/list'],
        { cwd: tmpdir(), encoding: 'utf8', timeout: 60_000 },
      );
      expect(r.status, r.stderr).toBe(0);
      // serve.expose of that config: only search_tools is listed.
      expect((JSON.parse(r.stdout) as { tools: Array<{ name: string }> }).tools.map((t) => t.name)).toEqual(['search_tools']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
