import { readFile, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DataFactory } from 'n3';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/errors.js';
import { CACHE_FILE } from '../../src/graph/cache.js';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import { tempDir, writeFiles } from '../helpers/temp-dir.js';

const C = 'https://w3id.org/mdkg/concept/';
const doc = (id: string, title: string, extra = '') => `---\nid: concept:${id}\ntype: Concept\ntitle: ${title}\n${extra}---\n`;
const graphOf = (kg: Awaited<ReturnType<typeof loadGraph>>, id: string) =>
  kg.store
    .getQuads(null, null, null, DataFactory.namedNode(C + id))
    .map((q) => `${q.predicate.value.replace(/.*[/#]/, '')}=${q.object.value}`)
    .sort();

const base = {
  'a.md': `${doc('a', 'Alpha', 'aliases: [first]\n')}# Alpha\nSee [[Beta]], [[beta]] again and [[Nowhere]].\n`,
  'sub/b.md': `${doc('b', 'Beta')}Back to [[first]].\n`,
  'c.md': doc('c', 'Gamma'),
};

describe('loadGraph', () => {
  it('loads each document into its own named graph and resolves links', async () => {
    const dir = await tempDir(base);
    const kg = await loadGraph(dir);
    expect(kg.stats).toMatchObject({ files: 3, parsed: 3, reused: 0, loaded: 3 });
    expect(graphOf(kg, 'a')).toEqual([
      'alternateName=first',
      `contentHash=${kg.document('a.md')?.hash}`,
      `mentions=${C}b`,
      'name=Alpha',
      'sourcePath=a.md',
      'type=https://w3id.org/mdkg/vocab#Concept',
    ]);
    expect(graphOf(kg, 'b')).toContain(`mentions=${C}a`);
    expect(kg.diagnostics.map(formatDiagnostic)).toEqual(['a.md:8:34: warning MDKG_UNRESOLVED_LINK [[Nowhere]] matches no document id, title or alias']);
    expect(kg.document('concept:b')?.path).toBe('sub/b.md');
    expect(kg.profile).toMatchObject({ documents: 3, graphs: 3, triples: kg.store.size });
  });

  it('reuses unchanged documents from the cache and re-parses only changed ones', async () => {
    const dir = await tempDir(base);
    await loadGraph(dir);
    await writeFile(join(dir, 'c.md'), doc('c', 'Gamma two'));
    const kg = await loadGraph(dir);
    expect(kg.stats).toMatchObject({ parsed: 1, reused: 2 });
    expect(graphOf(kg, 'c')).toContain('name=Gamma two');
    expect(graphOf(kg, 'c')).not.toContain('name=Gamma');
    const again = await loadGraph(dir);
    expect(again.stats).toMatchObject({ parsed: 0, reused: 3 });
    expect(again.store.size).toBe(kg.store.size);
  });

  it('does not read a cached file whose size, inode and times are unchanged, and reads it after any write', async () => {
    const dir = await tempDir(base);
    const options = { racyMs: 0 };
    expect((await loadGraph(dir, options)).stats).toMatchObject({ parsed: 3, reused: 0, unread: 0 });
    expect((await loadGraph(dir, options)).stats).toMatchObject({ parsed: 0, reused: 3, unread: 3 });
    // the same bytes written again: a new ctime, so read and hashed (and reused), then trusted again
    await writeFile(join(dir, 'c.md'), doc('c', 'Gamma'));
    expect((await loadGraph(dir, options)).stats).toMatchObject({ parsed: 0, reused: 3, unread: 2 });
    expect((await loadGraph(dir, options)).stats).toMatchObject({ parsed: 0, reused: 3, unread: 3 });
    // new content of the same size, times set back to the old ones: the ctime still tells
    const before = await stat(join(dir, 'sub/b.md'));
    await writeFile(join(dir, 'sub/b.md'), (await readFile(join(dir, 'sub/b.md'), 'utf8')).replace('Beta', 'Bete'));
    await utimes(join(dir, 'sub/b.md'), before.atime, before.mtime);
    const kg = await loadGraph(dir, options);
    expect(kg.stats).toMatchObject({ parsed: 1, reused: 2, unread: 2 });
    expect(graphOf(kg, 'b')).toContain('name=Bete');
  });

  it('trusts no identity of a file changed less than two seconds ago (the default)', async () => {
    const dir = await tempDir(base);
    await loadGraph(dir);
    expect((await loadGraph(dir)).stats).toMatchObject({ parsed: 0, reused: 3, unread: 0 });
  });

  it('refresh replaces the graph of a changed document and removes a deleted one, leaving the rest', async () => {
    const dir = await tempDir(base);
    const kg = await loadGraph(dir);
    const before = graphOf(kg, 'b');
    await writeFile(join(dir, 'a.md'), doc('a', 'Alpha renamed'));
    await rm(join(dir, 'c.md'));
    await writeFiles(dir, { 'd.md': `${doc('d', 'Delta')}[[Beta]]\n` });
    const stats = await kg.refresh();
    expect(stats).toMatchObject({ files: 3, parsed: 2, reused: 1, removed: 1, loaded: 3 });
    expect(graphOf(kg, 'a')).toContain('name=Alpha renamed');
    expect(graphOf(kg, 'a')).not.toContain(`mentions=${C}b`);
    expect(graphOf(kg, 'c')).toEqual([]);
    expect(graphOf(kg, 'd')).toContain(`mentions=${C}b`);
    // b's link to [[first]] no longer resolves (a lost that alias); b's own triples are untouched
    expect(graphOf(kg, 'b')).toEqual(before.filter((l) => !l.startsWith('mentions=')));
    expect(kg.diagnostics.map((d) => d.code)).toEqual(['MDKG_UNRESOLVED_LINK']);
    // refresh leaves the cache file alone: a new load re-parses only what changed since it was written
    const fresh = await loadGraph(dir);
    expect(fresh.stats).toMatchObject({ parsed: 2, reused: 1 });
    expect(fresh.store.size).toBe(kg.store.size);
    expect((await loadGraph(dir)).stats).toMatchObject({ parsed: 0, reused: 3 });
  });

  it('reports duplicate ids, keeps the first by path and loads the rest', async () => {
    const dir = await tempDir({ ...base, 'z.md': doc('a', 'Impostor') });
    const kg = await loadGraph(dir);
    expect(kg.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic)).toEqual([
      `z.md:1:1: error MDKG_DUPLICATE_ID id ${C}a is already claimed by a.md; this document is not loaded`,
    ]);
    expect(graphOf(kg, 'a')).toContain('name=Alpha');
    expect(graphOf(kg, 'a')).not.toContain('name=Impostor');
    await rm(join(dir, 'a.md'));
    await kg.refresh();
    expect(graphOf(kg, 'a')).toContain('name=Impostor');
  });

  it('a broken document is reported with file:line and the others still load', async () => {
    const dir = await tempDir({ ...base, 'broken.md': '---\nid: concept:x\ntitle: [oops\n---\n', 'bin.md': new Uint8Array([0, 1, 2]) });
    const kg = await loadGraph(dir);
    expect(kg.stats.loaded).toBe(3);
    expect(kg.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual([
      'bin.md:1 MDKG_BINARY_FILE',
      'broken.md:4 MDKG_YAML_INVALID',
    ]);
  });

  it.each([
    ['garbage', 'not json at all'],
    ['truncated', 'TRUNCATE'],
    ['tampered entries', 'TAMPER'],
    ['empty', ''],
  ])('detects a corrupted cache (%s) and rebuilds it', async (_name, corruption) => {
    const dir = await tempDir(base);
    const first = await loadGraph(dir);
    const file = join(dir, '.mdkg', CACHE_FILE);
    const bytes = await readFile(file);
    const tampered = Buffer.from(bytes);
    tampered.write('Evil!', tampered.indexOf('Alpha'));
    const broken = corruption === 'TRUNCATE' ? bytes.subarray(0, bytes.length - 20) : corruption === 'TAMPER' ? tampered : corruption;
    await writeFile(file, broken);
    const kg = await loadGraph(dir);
    expect(kg.stats).toMatchObject({ parsed: 3, reused: 0 });
    expect(kg.diagnostics.map((d) => d.code)).toContain('MDKG_CACHE_CORRUPT');
    expect(graphOf(kg, 'a')).toEqual(graphOf(first, 'a'));
    const healed = await loadGraph(dir);
    expect(healed.stats).toMatchObject({ parsed: 0, reused: 3 });
    expect(healed.diagnostics.map((d) => d.code)).not.toContain('MDKG_CACHE_CORRUPT');
  });

  it('skips hidden folders, node_modules and .mdkgignore patterns, and links leaving the root', async () => {
    const outside = await tempDir({ 'secret.md': doc('secret', 'Secret') });
    const dir = await tempDir({
      ...base,
      '.hidden/h.md': doc('h', 'Hidden'),
      'node_modules/m.md': doc('m', 'Module'),
      'drafts/d.md': doc('d', 'Draft'),
      'notes.txt': 'not markdown',
      '.mdkgignore': '# comment\ndrafts/\n',
    });
    await symlink(outside, join(dir, 'escape'));
    await symlink(join(dir, 'sub'), join(dir, 'loop'));
    const kg = await loadGraph(dir, { cache: false });
    expect(kg.documents().map((d) => d.path)).toEqual(['a.md', 'c.md', 'sub/b.md']);
    expect(kg.diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual(['escape MDKG_PATH_ESCAPE', 'a.md MDKG_UNRESOLVED_LINK']);
  });

  it('refuses a file over the size limit without reading it, and the limit is part of the cache key', async () => {
    const dir = await tempDir({ ...base, 'big.md': doc('big', 'Big') + 'x'.repeat(5000) });
    const small = await loadGraph(dir, { maxBytes: 1000 });
    expect(small.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic)).toEqual([
      'big.md:1:1: error MDKG_FILE_TOO_LARGE document is 5049 bytes, over the limit of 1000',
    ]);
    const again = await loadGraph(dir, { maxBytes: 1000 });
    expect(again.stats).toMatchObject({ parsed: 0, reused: 4 });
    expect(again.diagnostics.map((d) => d.code)).toEqual(['MDKG_FILE_TOO_LARGE', 'MDKG_UNRESOLVED_LINK']);
    const large = await loadGraph(dir, { maxBytes: 10_000 });
    expect(large.stats).toMatchObject({ loaded: 4, parsed: 4 });
  });

  it('keeps a mention the document states itself when its wiki link stops resolving', async () => {
    const dir = await tempDir({ 'a.md': `${doc('a', 'Alpha', 'mentions: [concept:b]\n')}[[Beta]]\n`, 'b.md': doc('b', 'Beta') });
    const kg = await loadGraph(dir);
    expect(graphOf(kg, 'a')).toContain(`mentions=${C}b`);
    await writeFile(join(dir, 'b.md'), doc('b', 'Renamed'));
    await kg.refresh();
    expect(graphOf(kg, 'a')).toContain(`mentions=${C}b`);
    expect(kg.diagnostics.map((d) => d.code)).toEqual(['MDKG_UNRESOLVED_LINK']);
  });

  it('loads a document with an invalid id under its path IRI', async () => {
    const dir = await tempDir({ 'odd.md': '---\nid: "_:x"\ntitle: Odd\n---\n' });
    const kg = await loadGraph(dir, { cache: false });
    expect(kg.stats.loaded).toBe(1);
    expect(kg.document('odd.md')?.iri).toBe('https://w3id.org/mdkg/doc/odd');
    expect(kg.diagnostics.map((d) => d.code)).toEqual(['MDKG_INVALID_ID']);
  });

  it('writes no cache when asked not to', async () => {
    const dir = await tempDir(base);
    await loadGraph(dir, { cache: false });
    await expect(readFile(join(dir, '.mdkg', CACHE_FILE))).rejects.toThrow();
  });
});
