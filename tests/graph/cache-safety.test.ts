// The binary parse cache under the changes a graph folder sees: a renamed, deleted or edited
// document, a cache of another format version, loads racing to write it, documents sharing terms,
// and a term table adopted by the store as it is (odd tables included).
// Each warm load must hold exactly the graph a load without the cache gives.
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DataFactory } from 'n3';
import { describe, expect, it } from 'vitest';
import { CACHE_FILE, readCachePayload, writeCachePayload } from '../../src/graph/cache.js';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import { parseKey } from '../../src/graph/parse-key.js';
import { DEFAULT_MAX_DOCUMENT_BYTES } from '../../src/markdown-ld/parse.js';
import { SCHEMA } from '../../src/rdf/namespaces.js';
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

// A warm load adopts the cache's term table as the store's term ids (QuadStore.adoptTable): terms are
// decoded and indexed on first use. A signed table may still be odd (a hand-made or older writer's):
// a term listed twice, a code that is not its term's canonical one, a graph index that is wrong.
describe('the adopted term table', () => {
  const cacheFile = (dir: string): string => join(dir, '.mdkg', CACHE_FILE);
  const key = parseKey(DEFAULT_MAX_DOCUMENT_BYTES);
  type Payload = { terms: string[]; entries: { path: string; spo: Uint32Array; graph: number }[] };
  const payloadOf = async (dir: string): Promise<Payload> => {
    const read = await readCachePayload(cacheFile(dir), key);
    if (read === undefined) throw new Error('no cache');
    return read as Payload;
  };

  it('serves reads, writes and a refresh exactly as a load without cache', async () => {
    const dir = await tempDir(files);
    await loadGraph(dir, { racyMs: 0 });
    const warm = await loadGraph(dir, { racyMs: 0 });
    expect(warm.stats).toMatchObject({ parsed: 0, reused: 3 });
    expect(lines(warm)).toEqual(await truth(dir));
    const shared = warm.store.getQuads(null, null, DataFactory.literal('shared'), null);
    expect(shared.map((q) => q.subject.value).sort()).toHaveLength(3);
    await writeFile(join(dir, 'b.md'), doc('b', 'Beta edited', ['shared', 'edited']));
    await warm.refresh();
    expect(lines(warm)).toEqual(await truth(dir));
  });

  it('a term listed twice, a code that is not canonical and a wrong graph index load as the documents say', async () => {
    const dir = await tempDir(files);
    await loadGraph(dir, { racyMs: 0 });
    const payload = await payloadOf(dir);
    const shared = payload.terms.indexOf('Sshared');
    const concept = payload.terms.indexOf('Nhttps://w3id.org/mdkg/vocab#Concept');
    expect(shared).toBeGreaterThanOrEqual(0);
    expect(concept).toBeGreaterThanOrEqual(0);
    // The same literal again, as a non-canonical code (xsd:string spelled out), and the same IRI again.
    const twiceShared = payload.terms.push('Thttp://www.w3.org/2001/XMLSchema#string shared') - 1;
    const twiceConcept = payload.terms.push('Nhttps://w3id.org/mdkg/vocab#Concept') - 1;
    for (const [i, entry] of payload.entries.entries()) {
      if (i % 2 === 0) continue;
      entry.spo = entry.spo.map((id) => (id === shared ? twiceShared : id === concept ? twiceConcept : id));
    }
    const first = payload.entries[0];
    if (first !== undefined) first.graph = concept;
    await writeCachePayload(cacheFile(dir), key, payload as Parameters<typeof writeCachePayload>[2]);
    const warm = await loadGraph(dir, { racyMs: 0 });
    expect(warm.stats).toMatchObject({ parsed: 0, reused: 3 });
    expect(warm.diagnostics).toEqual([]);
    expect(lines(warm)).toEqual(await truth(dir));
    expect(warm.store.countQuads(null, null, DataFactory.literal('shared'), null)).toBe(3);
  });

  it('an entry whose graph index is outside the table makes the cache corrupt, rebuilt from the documents', async () => {
    const dir = await tempDir(files);
    await loadGraph(dir, { racyMs: 0 });
    const payload = await payloadOf(dir);
    const first = payload.entries[0];
    if (first !== undefined) first.graph = payload.terms.length;
    await writeCachePayload(cacheFile(dir), key, payload as Parameters<typeof writeCachePayload>[2]);
    const kg = await loadGraph(dir, { racyMs: 0 });
    expect(kg.stats).toMatchObject({ parsed: 3, reused: 0 });
    expect(kg.diagnostics.map((d) => d.code)).toEqual(['MDKG_CACHE_CORRUPT']);
    expect(lines(kg)).toEqual(await truth(dir));
  });
});

describe('the cache written from the store', () => {
  it('keeps each document’s own triples only (no link edges), and an unusable document without a graph', async () => {
    const dir = await tempDir({ ...files, 'broken.md': '---\nid: [unclosed\n---\n# Broken\n' });
    const cold = await loadGraph(dir, { racyMs: 0 });
    const read = await readCachePayload(join(dir, '.mdkg', CACHE_FILE), parseKey(DEFAULT_MAX_DOCUMENT_BYTES));
    if (read === undefined) throw new Error('no cache');
    const payload = read as unknown as { terms: string[]; entries: { path: string; usable: boolean; spo: Uint32Array; graph: number }[] };
    const mentions = payload.terms.indexOf(`N${SCHEMA}mentions`);
    expect(mentions).toBeGreaterThanOrEqual(0);
    const note = payload.entries.find((e) => e.path === 'notes/c.md');
    expect(note?.spo.includes(mentions)).toBe(false);
    expect(payload.entries.find((e) => e.path === 'broken.md')).toMatchObject({ usable: false, graph: -1 });
    const warm = await loadGraph(dir, { racyMs: 0 });
    expect(warm.stats).toMatchObject({ parsed: 0, reused: 4 });
    expect(lines(warm)).toEqual(lines(cold));
    expect(lines(warm)).toEqual(await truth(dir));
  });
});
