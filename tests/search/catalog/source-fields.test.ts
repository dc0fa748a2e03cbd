import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateTools, type ToolSource } from '../../../src/generate/generate-tools.js';
import { loadGraph } from '../../../src/graph/knowledge-graph.js';
import { SOURCE_FIELD_WORDS } from '../../../src/search/catalog/tool-fields.js';
import { readToolsForIndex } from '../../../src/search/catalog/tool-records.js';
import { ToolIndex } from '../../../src/search/tool-index.js';
import { tempDir } from '../../helpers/temp-dir.js';

// Two sources with the same two tools: only what each source says about itself tells them apart.
const tools = JSON.stringify({
  tools: [
    { name: 'find_records', description: 'Find records matching a query.', inputSchema: { type: 'object', properties: { query: { type: 'string' } } } },
    { name: 'add_record', description: 'Add one record.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
  ],
});

async function catalog(descriptions: Record<string, string | undefined>): Promise<string> {
  const dir = await tempDir({ 'a.json': tools, 'b.json': tools });
  const sources: ToolSource[] = Object.entries(descriptions).map(([id, description], i) => ({
    id,
    kind: 'mcp-tools',
    file: i === 0 ? 'a.json' : 'b.json',
    ...(description === undefined ? {} : { description }),
  }));
  const reports = await generateTools(sources, { outDir: join(dir, 'tools'), cwd: dir });
  expect(reports.map((r) => r.ok)).toEqual(sources.map(() => true));
  return join(dir, 'tools');
}

const top = async (dir: string, request: string): Promise<string> => {
  const kg = await loadGraph(dir, { cache: false });
  const hit = (await ToolIndex.build(kg).search(request, { limit: 3 })).hits[0];
  return `${hit?.source}/${hit?.name}`;
};

describe('a source document is searched as a field of its tools', () => {
  it.each([
    ['look it up in my memory', 'kb/find_records'],
    ['look it up in the team handbook', 'wiki/find_records'],
    ['add this to my memory', 'kb/add_record'],
    ['add a page to the handbook', 'wiki/add_record'],
  ])('%s -> %s', async (request, expected) => {
    const dir = await catalog({ kb: 'my memory: people, places and what I said about them (server)', wiki: 'the team handbook (server)' });
    expect(await top(dir, request)).toBe(expected);
  });

  it('the same request without descriptions has no source document to go by', async () => {
    const dir = await catalog({ kb: undefined, wiki: undefined });
    const kg = await loadGraph(dir, { cache: false });
    const { docs } = readToolsForIndex(kg.store, ['source/schema:description', 'source/schema:name']);
    expect(docs.map((d) => [d.get('source/schema:description'), d.get('source/schema:name')])).toEqual(docs.map(() => [undefined, undefined]));
  });

  it('indexes the first words only, and leaves out words every source says', async () => {
    const long = Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ');
    const dir = await catalog({ kb: `Server for memory ${long}`, wiki: 'Server for the handbook' });
    const kg = await loadGraph(dir, { cache: false });
    const { catalog: c, docs } = readToolsForIndex(kg.store, ['source/schema:description']);
    const text = (source: string): string[] | undefined => docs[c.tools.findIndex((t) => t.source === source)]?.get('source/schema:description');
    const kb = text('kb')?.[0]?.split(' ') ?? [];
    expect(kb.slice(0, 3)).toEqual(['memory', 'w0', 'w1']);
    expect(kb.length).toBe(SOURCE_FIELD_WORDS - 2);
    expect(text('wiki')).toEqual(['the handbook']);
  });

  it('indexes the opening two paragraphs only', async () => {
    const dir = await catalog({ kb: 'Notes server.\n\nPeople and places.\n\n- use find_records with a glob\n- limits apply', wiki: 'Handbook' });
    const kg = await loadGraph(dir, { cache: false });
    const { catalog: c, docs } = readToolsForIndex(kg.store, ['source/schema:description']);
    expect(docs[c.tools.findIndex((t) => t.source === 'kb')]?.get('source/schema:description')).toEqual([
      'Notes server.\n\nPeople and places.'.replace(/\s+/g, ' '),
    ]);
  });
});
