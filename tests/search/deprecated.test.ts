// Deprecation is a structured fact: OpenAPI `deprecated: true` and MCP `_meta["mdkg/deprecated"]`
// become `deprecated: true` in the generated document (mdkg:deprecated), the search catalog reads
// it, and of two operations that match a request alike the deprecated one ranks second.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateTools } from '../../src/generate/generate-tools.js';
import { KnowledgeGraph } from '../../src/graph/knowledge-graph.js';
import { readToolsForIndex } from '../../src/search/catalog/tool-records.js';
import { ToolIndex } from '../../src/search/tool-index.js';
import { tempDir } from '../helpers/temp-dir.js';

const operation = (operationId: string, deprecated?: unknown): Record<string, unknown> => ({
  operationId,
  summary: 'Archive a mailbox folder',
  ...(deprecated === undefined ? {} : { deprecated }),
  responses: { '200': { description: 'ok' } },
});

const spec = {
  openapi: '3.0.3',
  info: { title: 'mail', version: '1' },
  paths: {
    '/folders/{id}/archive-alpha': {
      post: operation('archiveFolderAlpha', true),
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
    },
    '/folders/{id}/archive-beta': {
      post: operation('archiveFolderBeta'),
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
    },
  },
};

const tools = [
  { name: 'archive_folder_alpha', description: 'Archive a mailbox folder', inputSchema: { type: 'object' }, _meta: { 'mdkg/deprecated': true } },
  { name: 'archive_folder_beta', description: 'Archive a mailbox folder', inputSchema: { type: 'object' } },
  { name: 'archive_folder_gamma', description: 'Archive a mailbox folder', inputSchema: { type: 'object' }, _meta: { 'mdkg/deprecated': 'yes' } },
];

describe('deprecated tools', () => {
  it('are marked in their documents, read by the catalog, and ranked after their peers', async () => {
    const dir = await tempDir({ 'spec.json': JSON.stringify(spec), 'tools.json': JSON.stringify({ tools }) });
    const out = join(dir, 'graphs', 'tools');
    const reports = await generateTools(
      [
        { id: 'mail', kind: 'openapi', file: 'spec.json' },
        { id: 'mcpmail', kind: 'mcp-tools', file: 'tools.json' },
      ],
      { outDir: out, cwd: dir },
    );
    expect(reports.map((r) => r.ok)).toEqual([true, true]);
    expect(reports[1]!.diagnostics.map((d) => d.message).filter((m) => m.includes('mdkg/deprecated'))).toEqual([
      'tool "archive_folder_gamma" (tools[2]): _meta["mdkg/deprecated"] must be a boolean, got the string "yes"; ignored',
    ]);
    const old = await readFile(join(out, 'mail', 'archiveFolderAlpha.md'), 'utf8');
    expect(old).toMatch(/^deprecated: true$/m);
    expect(await readFile(join(out, 'mail', 'archiveFolderBeta.md'), 'utf8')).not.toMatch(/^deprecated:/m);

    const kg = await KnowledgeGraph.load(join(dir, 'graphs'), { cache: false });
    const { catalog } = readToolsForIndex(kg.store, []);
    expect(catalog.tools.map((t) => [t.name, t.deprecated])).toEqual([
      ['archiveFolderAlpha', true],
      ['archiveFolderBeta', undefined],
      ['archive_folder_alpha', true],
      ['archive_folder_beta', undefined],
      ['archive_folder_gamma', undefined],
    ]);
    const index = ToolIndex.build(kg);
    const ranked = (await index.search('archive a mailbox folder', { limit: 5 })).hits.map((h) => h.name);
    // Tools alike but for the mark (the deprecated one first by name and by document order): in
    // each source the deprecated one ranks after its peers. (Which source leads is the fit's call.)
    const at = (name: string): number => ranked.indexOf(name);
    expect(ranked).toHaveLength(5);
    expect([at('archiveFolderBeta') < at('archiveFolderAlpha'), at('archive_folder_beta') < at('archive_folder_alpha')]).toEqual([true, true]);
    expect(at('archive_folder_gamma') < at('archive_folder_alpha')).toBe(true);
  });
});
