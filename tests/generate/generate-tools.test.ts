import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { generateTools, type ToolSource } from '../../src/generate/generate-tools.js';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import { REPO, runCli } from '../helpers/cli.js';
import { fixtureServer } from '../helpers/mcp-servers.js';
import { tempDir, tree } from '../helpers/temp-dir.js';

const toolList = JSON.stringify({
  tools: [
    { name: 'list_items', description: 'List all items.', inputSchema: { type: 'object', properties: {} } },
    { name: 'delete_item', description: 'Delete one item.', inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
  ],
});

describe('generateTools', () => {
  it('graphs/tools/ is current: regenerating the reference servers of mdkg.config.yaml changes no byte', async () => {
    const { config } = await loadConfig(REPO);
    const sources: ToolSource[] = Object.entries(config.servers ?? {}).map(([id, s]) => {
      const { timeout_ms: _t, ...server } = s;
      return { id, kind: 'mcp-server', server, timeoutMs: 20_000 };
    });
    expect(sources.map((s) => s.id)).toEqual(['filesystem', 'memory', 'everything']);
    const out = await tempDir();
    const reports = await generateTools(sources, { outDir: out, cwd: REPO });
    expect(reports.map((r) => [r.source, r.ok, r.diagnostics.filter((d) => d.severity === 'error')])).toEqual([
      ['filesystem', true, []],
      ['memory', true, []],
      ['everything', true, []],
    ]);
    const fresh = await tree(out);
    const shipped = await tree(join(REPO, 'graphs/tools'));
    expect([...fresh.keys()].sort()).toEqual([...shipped.keys()].sort());
    for (const [path, text] of fresh) expect(text, `graphs/tools/${path} is stale: run 'npx mdkg generate tools'`).toBe(shipped.get(path));
  }, 60_000);

  it('a failing source fails alone and keeps its documents; the others generate; output is deterministic', async () => {
    const dir = await tempDir({ 'items.json': toolList, 'broken.json': '{"tools": [' });
    const sources: ToolSource[] = [
      { id: 'items', kind: 'mcp-tools', file: 'items.json' },
      { id: 'broken', kind: 'mcp-tools', file: 'broken.json' },
      { id: 'gone', kind: 'mcp-server', server: { command: process.execPath, args: [fixtureServer('exits-at-once.mjs')] }, timeoutMs: 5000 },
      { id: 'missing', kind: 'openapi', file: 'nope.yaml' },
    ];
    const out = join(dir, 'tools');
    await writeFile(join(dir, 'keep.md'), '');
    const { writeSourceDocuments } = await import('../../src/generate/write-documents.js');
    await writeSourceDocuments(out, 'gone', new Map([['old_tool.md', '---\nid: tool:gone/old_tool\ngenerated: mdkg sha256:pending\n---\n']]));
    const reports = await generateTools(sources, { outDir: out, cwd: dir });
    expect(reports.map((r) => [r.source, r.ok, r.tools, r.added.length, r.diagnostics.map((d) => d.code)])).toEqual([
      ['items', true, 2, 3, []],
      ['broken', false, 0, 0, ['MDKG_SOURCE_INVALID']],
      ['gone', false, 0, 0, ['MDKG_SOURCE_FAILED']],
      ['missing', false, 0, 0, ['MDKG_FILE_READ']],
    ]);
    expect(await readFile(join(out, 'gone/old_tool.md'), 'utf8')).toContain('tool:gone/old_tool');
    const first = await tree(out);
    const again = await generateTools(sources.slice(0, 1), { outDir: out, cwd: dir });
    expect(again[0]).toMatchObject({ unchanged: 3, added: [], updated: [], removed: [] });
    expect(await tree(out)).toEqual(first);
    const kg = await loadGraph(out, { cache: false });
    expect(kg.diagnostics).toEqual([]);
    const r = await kg.query(
      'SELECT ?n ?d ?rule WHERE { ?t mdkg:name ?n ; mdkg:destructiveHint ?d ; mdkg:hintOrigin ?rule . FILTER(STRSTARTS(?rule, "destructiveHint ")) } ORDER BY ?n',
    );
    expect(r.kind === 'bindings' && r.rows.map((row) => `${row.n?.value} ${row.d?.value} ${row.rule?.value}`)).toEqual([
      'delete_item true destructiveHint inferred verb:en:delete',
      'list_items false destructiveHint inferred verb:en:list',
    ]);
  });

  it('mdkg generate tools works from a file and exits 1 when a configured source fails', async () => {
    const dir = await tempDir({
      'items.json': toolList,
      'mdkg.config.yaml': 'sources:\n  items: { mcp_tools: items.json }\n  bad: { openapi: missing.yaml }\n',
    });
    const one = await runCli(['generate', 'tools', 'items.json', '--source-id', 'shop', '--out', 'out'], dir);
    expect(one.code).toBe(0);
    expect(one.stdout.split('\n')[2]).toBe('shop    ok      2      3      0        0        0          0     1      0/4/4');
    const all = await runCli(['generate', 'tools'], dir);
    expect(all.code).toBe(1);
    expect(all.stderr).toContain('bad: missing.yaml: error MDKG_FILE_READ cannot read missing.yaml: it does not exist');
    expect(await readFile(join(dir, 'graphs/tools/items/list_items.md'), 'utf8')).toContain('id: tool:items/list_items');
    expect((await runCli(['generate', 'tools', 'items.json'], dir)).stderr).toContain('needs --source-id');
    // a tool list with a parameter named "openapi" is still a tool list
    const tricky = JSON.stringify({ tools: [{ name: 'get_spec', inputSchema: { type: 'object', properties: { openapi: { type: 'string' } } } }] });
    await writeFile(join(dir, 'tricky.json'), tricky);
    expect((await runCli(['generate', 'tools', 'tricky.json', '--source-id', 'tricky', '--out', 'out'], dir)).code).toBe(0);
  });

  it('a source that yields no tools and an error keeps its documents (no mass removal)', async () => {
    const dir = await tempDir({ 'items.json': toolList, 'empty.json': '{"tools": [{"description": "no name"}]}' });
    const out = join(dir, 'tools');
    await generateTools([{ id: 'items', kind: 'mcp-tools', file: 'items.json' }], { outDir: out, cwd: dir });
    const reports = await generateTools([{ id: 'items', kind: 'mcp-tools', file: 'empty.json' }], { outDir: out, cwd: dir });
    expect(reports.map((r) => [r.ok, r.removed, r.diagnostics.map((d) => d.code)])).toEqual([[false, [], ['MDKG_TOOL_INVALID']]]);
    expect(await readFile(join(out, 'items/list_items.md'), 'utf8')).toContain('tool:items/list_items');
  });
});
