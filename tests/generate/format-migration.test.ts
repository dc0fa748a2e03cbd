// Migrating format-1 tool documents: `mdkg generate tools` again rewrites every unchanged generated
// format-1 document in format 2 (`updated`), keeps a hand-edited one as it is (`kept`), and the
// result loads with the kept document still read as format 1.
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { generateTools, type ToolSource } from '../../src/generate/generate-tools.js';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import { readToolsForIndex } from '../../src/search/catalog/tool-records.js';
import { REPO } from '../helpers/cli.js';
import { tempDir, tree } from '../helpers/temp-dir.js';

describe('format 1 → format 2 by regenerating', () => {
  it('rewrites generated format-1 documents, keeps a hand-edited one, and the graph loads', async () => {
    const { config } = await loadConfig(REPO);
    const { timeout_ms: _t, ...server } = config.servers?.memory ?? { command: '' };
    const source: ToolSource = { id: 'memory', kind: 'mcp-server', server, timeoutMs: 20_000 };
    const out = await tempDir();
    await cp(join(REPO, 'tests/fixtures/tool-format-v1/tools/memory'), join(out, 'memory'), { recursive: true });
    const edited = join(out, 'memory/read_graph.md');
    const v1Text = (await readFile(edited, 'utf8')).replace('# Read Graph', '# Read Graph\n\nEdited by hand.');
    await writeFile(edited, v1Text);
    const [report] = await generateTools([source], { outDir: out, cwd: REPO });
    expect([report?.ok, report?.updated.length, report?.kept.length, report?.unchanged, report?.added, report?.removed]).toEqual([true, 8, 1, 5, [], []]); // unchanged: 4 groups and _source.md (format-free)
    const fresh = await tree(join(out, 'memory'));
    const shipped = await tree(join(REPO, 'graphs/tools/memory'));
    for (const [path, text] of shipped) expect(fresh.get(path), path).toBe(path === 'read_graph.md' ? v1Text : text);
    const kg = await loadGraph(out, { cache: false });
    expect(kg.diagnostics).toEqual([]);
    const { catalog } = readToolsForIndex(kg.store, []);
    const names = catalog.tools.map((t) => t.name);
    const edges = catalog.edges.map((e) => `${names[e.from]} ${e.relation} ${names[e.to]} ${e.confidence} ${e.score}`).sort();
    const v2 = await loadGraph(join(REPO, 'graphs/tools/memory'), { cache: false });
    const v2Catalog = readToolsForIndex(v2.store, []).catalog;
    const v2Names = v2Catalog.tools.map((t) => t.name);
    expect(edges).toEqual(v2Catalog.edges.map((e) => `${v2Names[e.from]} ${e.relation} ${v2Names[e.to]} ${e.confidence} ${e.score}`).sort());
  }, 60_000);
});
