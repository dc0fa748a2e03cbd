// The binary parse cache under the changes a graph folder sees: a renamed, deleted or edited
// document, a cache of another format version, loads racing to write it, documents sharing terms.
// Each warm load must hold exactly the graph a load without the cache gives.
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_FILE } from '../../src/graph/cache.js';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import { tempDir } from '../helpers/temp-dir.js';

const doc = (id: string, title: string, tags: string[]) =>
  `---\nid: concept:${id}\ntype: Concept\ntitle: ${title}\ntags: [${tags.join(', ')}]\n---\n# ${title}\n`;
const files = {
  'a.md': doc('a', 'Alpha', ['shared', 'one']),
  'b.md': doc('b', 'Beta', ['shared', 'two']),
  'notes/c.md': '---\ntitle: Untitled note\ntags: [shared]\n---\nSee [[Alpha]].\n',
};

/** Every quad as N-Quads-like lines, sorted: two loads hold the same graph when these are equal. */
const lines = (kg: Awaited<ReturnType<typeof loadGraph>>): string[] =>
  kg.store
    .getQuads(null, null, null, null)
    .map((q) => `${q.subject.value} ${q.predicate.value} ${q.object.termType}:${q.object.value} ${q.graph.value}`)
    .sort();

/** The graph the documents give with no cache at all. */
const truth = async (dir: string): Promise<string[]> => lines(await loadGraph(dir, { cache: false }));

describe('parse cache safety', () => {
  it.each([
    ['an edited document', async (dir: string) => writeFile(join(dir, 'a.md'), doc('a', 'Alpha edited', ['shared', 'new']))],
    ['a deleted document', async (dir: string) => rm(join(dir, 'b.md'))],
    ['a renamed document (its IRI comes from its path)', async (dir: string) => rename(join(dir, 'notes/c.md'), join(dir, 'notes/renamed.md'))],
    ['a new document', async (dir: string) => writeFile(join(dir, 'd.md'), doc('d', 'Delta', ['shared']))],
  ])('after %s, a warm load equals a load without cache', async (_name, change) => {
    const dir = await tempDir(files);
    await loadGraph(dir, { racyMs: 0 });
    await change(dir);
    const warm = await loadGraph(dir, { racyMs: 0 });
    expect(warm.stats.parsed).toBeLessThanOrEqual(1);
    expect(lines(warm)).toEqual(await truth(dir));
    const again = await loadGraph(dir, { racyMs: 0 });
    expect(again.stats).toMatchObject({ parsed: 0, unread: again.stats.files });
    expect(lines(again)).toEqual(await truth(dir));
  });

  it('ignores a cache of another format version quietly and rewrites it', async () => {
    const dir = await tempDir(files);
    await loadGraph(dir, { racyMs: 0 });
    const file = join(dir, '.mdkg', CACHE_FILE);
    const bytes = await readFile(file);
    const newline = bytes.indexOf(0x0a);
    const header = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as { version: number };
    await writeFile(file, Buffer.concat([Buffer.from(`${JSON.stringify({ ...header, version: header.version + 1 })}\n`), bytes.subarray(newline + 1)]));
    const kg = await loadGraph(dir, { racyMs: 0 });
    expect(kg.stats).toMatchObject({ parsed: 3, reused: 0 });
    expect(kg.diagnostics).toEqual([]);
    expect((await loadGraph(dir, { racyMs: 0 })).stats).toMatchObject({ parsed: 0, reused: 3 });
  });

  it('four loads racing on a cold folder all see the whole graph, and the cache they leave is sound', async () => {
    const dir = await tempDir(files);
    const expected = await truth(dir);
    const loads = await Promise.all([1, 2, 3, 4].map(() => loadGraph(dir, { racyMs: 0 })));
    for (const kg of loads) expect(lines(kg)).toEqual(expected);
    const after = await loadGraph(dir, { racyMs: 0 });
    expect(after.stats).toMatchObject({ parsed: 0, reused: 3 });
    expect(after.diagnostics).toEqual([]);
    expect(lines(after)).toEqual(expected);
  });

  it('keeps each shared term once in the file (a term used by every document)', async () => {
    const dir = await tempDir(files);
    await loadGraph(dir, { racyMs: 0 });
    const bytes = await readFile(join(dir, '.mdkg', CACHE_FILE));
    const count = (needle: string): number => bytes.toString('latin1').split(needle).length - 1;
    expect(count('Sshared')).toBe(1);
    expect(count('Nhttps://w3id.org/mdkg/vocab#Concept')).toBe(1);
  });
});
