// The persisted search index is used exactly when it is current: any edit, deletion, rename or new
// document, and any change of the search parameters, rebuilds it; a truncated, edited, foreign or
// other-version file is never trusted; concurrent loads leave one valid file.
import { readFileSync } from 'node:fs';
import { cp, open as openFile, readFile, rename, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INDEX_FILE } from '../../src/search/index-cache.js';
import { INDEX_MDKG_VERSION, openToolIndex } from '../../src/search/open-index.js';
import { tempDir } from '../helpers/temp-dir.js';

const TOOLS = join(import.meta.dirname, '..', '..', 'graphs', 'tools', 'memory');
const doc = (name: string): string => readFileSync(join(TOOLS, `${name}.md`), 'utf8');

async function graph(): Promise<string> {
  return tempDir({
    'tools/memory/create_entities.md': doc('create_entities'),
    'tools/memory/delete_entities.md': doc('delete_entities'),
    'tools/memory/read_graph.md': doc('read_graph'),
  });
}

const open = (root: string, extra: Parameters<typeof openToolIndex>[1] = {}) => openToolIndex(root, { racyMs: 0, ...extra });
const ids = async (root: string, query: string): Promise<string[]> => (await (await open(root)).index.search(query, { limit: 5 })).hits.map((h) => h.id);
const codes = (diagnostics: readonly { code: string }[]): string[] => diagnostics.map((d) => d.code);

describe('openToolIndex: the persisted search index', () => {
  it('is written on the first load and serves the next one with the same results', async () => {
    const root = await graph();
    const cold = await open(root);
    expect(cold.warm).toBe(false);
    const warm = await open(root);
    expect(warm.warm).toBe(true);
    expect(warm.graph).toBeUndefined();
    const query = 'delete entities from the knowledge graph';
    expect(await warm.index.search(query, { limit: 3, explain: true })).toEqual(await cold.index.search(query, { limit: 3, explain: true }));
  });

  it('gives the same results as the graph on the bundled graph (edges, groups, every strategy)', async () => {
    const root = await tempDir();
    await cp(join(import.meta.dirname, '..', '..', 'graphs'), root, { recursive: true, filter: (src) => !src.includes('.mdkg') });
    const cold = await open(root);
    const warm = await open(root);
    expect([cold.warm, warm.warm]).toEqual([false, true]);
    for (const query of ['make a new folder', 'find files matching a pattern and read them', 'lsit the relations', 'send an email']) {
      for (const strategy of ['bm25', 'bm25+graph', 'full'] as const) {
        const options = { limit: 10, explain: true, strategy };
        expect(await warm.index.search(query, options), `${query} (${strategy})`).toEqual(await cold.index.search(query, options));
      }
    }
  });

  it.each<[string, (root: string) => Promise<void>, number]>([
    [
      'an edited document',
      (root) => writeFile(join(root, 'tools/memory/read_graph.md'), doc('read_graph').replace('Read the entire knowledge graph', 'Dump everything')),
      3,
    ],
    [
      // The identity's times are milliseconds (util/file-identity.ts): the change time still tells.
      'an edit of the same size that restores the old modification time',
      async (root) => {
        const file = join(root, 'tools/memory/read_graph.md');
        const before = await stat(file);
        await writeFile(file, doc('read_graph').replace('Read the entire knowledge graph', 'Read the entire knowledge graff'));
        await utimes(file, before.atime, before.mtime);
      },
      3,
    ],
    ['a deleted document', (root) => rm(join(root, 'tools/memory/read_graph.md')), 2],
    ['a renamed document', (root) => rename(join(root, 'tools/memory/read_graph.md'), join(root, 'tools/memory/graph.md')), 3],
    ['a new document', (root) => writeFile(join(root, 'tools/memory/open_nodes.md'), doc('open_nodes')), 4],
  ])('is rebuilt after %s', async (_, change, tools) => {
    const root = await graph();
    await open(root);
    await change(root);
    const after = await open(root);
    expect(after.warm).toBe(false);
    expect(after.index.size).toBe(tools);
    expect((await open(root)).warm).toBe(true);
  });

  it('is rebuilt when the search parameters change, and kept apart from the old ones', async () => {
    const root = await graph();
    await open(root);
    const other = await open(root, { overrides: { fields: { 'schema:description': 2 } } });
    expect(other.warm).toBe(false);
    expect((await open(root, { overrides: { fields: { 'schema:description': 2 } } })).warm).toBe(true);
  });

  it.each<[string, (file: string) => Promise<void>, string[]]>([
    ['truncated', async (file) => truncate(file, (await readFile(file)).length - 10), ['MDKG_CACHE_CORRUPT']],
    [
      'with a flipped payload byte',
      async (file) => {
        const bytes = await readFile(file);
        bytes.writeUInt8(bytes.readUInt8(bytes.length - 5) ^ 0xff, bytes.length - 5);
        await writeFile(file, bytes);
      },
      ['MDKG_CACHE_CORRUPT'],
    ],
    // Format 7 (util/aligned-serialize.ts): a flip in the skeleton, in the arrays' padding or in the
    // records' text bytes is caught by the same MAC.
    ...(['the skeleton', 'the middle (the arrays)', 'the records text'] as const).map((where): [string, (file: string) => Promise<void>, string[]] => [
      `with a flipped byte in ${where}`,
      async (file) => {
        const bytes = await readFile(file);
        const start = bytes.indexOf(0x0a) + 1;
        const at =
          where === 'the skeleton'
            ? start + 12
            : where === 'the records text'
              ? bytes.indexOf('"required"', start) + 3
              : Math.floor((start + bytes.length) / 2);
        bytes.writeUInt8(bytes.readUInt8(at) ^ 0x01, at);
        await writeFile(file, bytes);
      },
      ['MDKG_CACHE_CORRUPT'],
    ]),
    ['truncated to its header', async (file) => truncate(file, (await readFile(file)).indexOf(0x0a) + 1), ['MDKG_CACHE_CORRUPT']],
    ['not an index at all', (file) => writeFile(file, 'hello\n'), ['MDKG_CACHE_CORRUPT']],
    [
      'of another format version',
      async (file) => {
        const bytes = await readFile(file);
        const newline = bytes.indexOf(0x0a);
        const header = JSON.parse(bytes.subarray(0, newline).toString()) as Record<string, unknown>;
        await writeFile(file, Buffer.concat([Buffer.from(`${JSON.stringify({ ...header, version: 999 })}\n`), bytes.subarray(newline + 1)]));
      },
      [],
    ],
    [
      "signed by another user's secret",
      async (file) => {
        const bytes = await readFile(file);
        const newline = bytes.indexOf(0x0a);
        const header = JSON.parse(bytes.subarray(0, newline).toString()) as Record<string, unknown>;
        await writeFile(file, Buffer.concat([Buffer.from(`${JSON.stringify({ ...header, signer: 'someone-else' })}\n`), bytes.subarray(newline + 1)]));
      },
      [],
    ],
  ])('is never trusted when %s: rebuilt from the documents', async (_, damage, expected) => {
    const root = await graph();
    await open(root);
    await damage(join(root, '.mdkg', INDEX_FILE));
    const again = await open(root);
    expect(again.warm).toBe(false);
    expect(codes(again.diagnostics)).toEqual(expected);
    expect(again.index.size).toBe(3);
    expect((await open(root)).warm).toBe(true);
  });

  it('is keyed by the version package.json names (an upgrade never reads an older index)', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
    expect(INDEX_MDKG_VERSION).toBe(pkg.version);
  });

  it('leaves one valid index after concurrent loads', async () => {
    const root = await graph();
    const all = await Promise.all([open(root), open(root), open(root), open(root)]);
    expect(all.map((o) => o.index.size)).toEqual([3, 3, 3, 3]);
    const next = await open(root);
    expect(next.warm).toBe(true);
    expect(codes(next.diagnostics)).toEqual([]);
  });

  it('is neither read nor written with the cache off', async () => {
    const root = await graph();
    await open(root, { cache: false });
    await expect(readFile(join(root, '.mdkg', INDEX_FILE))).rejects.toThrow();
    expect(await ids(root, 'read the whole graph')).toContain('tool:memory/read_graph');
  });

  it('is not written while a document changed in the last two seconds (the default)', async () => {
    const root = await graph();
    await openToolIndex(root);
    await expect(readFile(join(root, '.mdkg', INDEX_FILE))).rejects.toThrow();
  });
});

describe('openToolIndex: the tool records, read from the index file when first needed', () => {
  const descriptions = async (opened: Awaited<ReturnType<typeof open>>): Promise<(string | undefined)[]> => opened.index.tools().map((t) => t.description);

  it.each<[string, (file: string) => Promise<void>, 'same' | 'refused']>([
    [
      'replaced by a new index (a rename, as every writer does): the open index keeps reading the file it verified',
      async (file) => {
        await writeFile(`${file}.new`, 'not an index\n');
        await rename(`${file}.new`, file);
      },
      'same',
    ],
    [
      'changed in place after it was verified: the block is refused, never used',
      async (file) => {
        const bytes = await readFile(file);
        const at = bytes.lastIndexOf('"required"') + 3;
        bytes.writeUInt8(bytes.readUInt8(at) ^ 0x01, at);
        const handle = await openFile(file, 'r+');
        await handle.write(bytes, at, 1, at);
        await handle.close();
      },
      'refused',
    ],
  ])('when the file is %s', async (_, change, outcome) => {
    const root = await graph();
    const cold = await open(root);
    const expected = await descriptions(cold);
    const warm = await open(root);
    expect(warm.warm).toBe(true);
    await change(join(root, '.mdkg', INDEX_FILE));
    if (outcome === 'same') expect(await descriptions(warm)).toEqual(expected);
    else await expect(descriptions(warm)).rejects.toMatchObject({ code: 'MDKG_CACHE_CORRUPT' });
  });
});
