import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import type { SchemaProfile } from '../../src/rdf/schema-profile.js';
import { contentHash, type LocalGraph, localGraphs, toNQuads } from '../../src/store/local-graphs.js';
import { type Manifest, manifestBody, parseManifest, planPush } from '../../src/store/manifest.js';
import { tempDir } from '../helpers/temp-dir.js';

const PROFILE: SchemaProfile = {
  classes: [{ iri: 'https://w3id.org/mdkg/vocab#Concept', instances: 1 }],
  predicates: [],
  prefixes: { ex: 'http://ex/' },
  documents: 1,
  triples: 2,
  graphs: 1,
};
const graph = (iri: string, hash: string, path = `${iri}.md`): LocalGraph => ({ iri, path, hash, triples: 1, body: '' });
const manifest = (entries: Array<[string, string]>): Manifest => ({
  pushedAt: '2026-01-01T00:00:00.000Z',
  mdkgVersion: '0.1.0',
  profile: PROFILE,
  entries: new Map(entries.map(([iri, hash]) => [iri, { iri, hash, path: `${iri}.md` }])),
});

describe('planPush', () => {
  it.each([
    ['no manifest: every graph is new', [graph('a', '1'), graph('b', '2')], undefined, { put: ['new a', 'new b'], remove: [], unchanged: 0 }],
    ['all the same: nothing', [graph('a', '1')], manifest([['a', '1']]), { put: [], remove: [], unchanged: 1 }],
    [
      'a changed hash',
      [graph('a', '9'), graph('b', '2')],
      manifest([
        ['a', '1'],
        ['b', '2'],
      ]),
      { put: ['changed a'], remove: [], unchanged: 1 },
    ],
    [
      'a graph gone',
      [graph('a', '1')],
      manifest([
        ['a', '1'],
        ['c', '3'],
      ]),
      { put: [], remove: ['c'], unchanged: 1 },
    ],
    ['pending from a push that stopped', [graph('a', '1')], manifest([['a', 'pending']]), { put: ['changed a'], remove: [], unchanged: 0 }],
    ['the manifest graph is never removed', [], manifest([['urn:mdkg:store:manifest', 'x']]), { put: [], remove: [], unchanged: 0 }],
  ] as const)('%s', (_name, local, remote, expected) => {
    const plan = planPush(local, remote);
    expect({ put: plan.put.map((p) => `${p.reason} ${p.graph.iri}`), remove: plan.remove, unchanged: plan.unchanged }).toEqual(expected);
  });
});

describe('the manifest graph', () => {
  it('reads back what it wrote', () => {
    const body = manifestBody([graph('https://w3id.org/mdkg/concept/a', 'sha256:aa', 'concepts/a "b".md')], PROFILE, new Date('2026-11-28T07:00:00Z'), '0.1.0');
    expect(body).not.toContain('<https://w3id.org/mdkg/concept/a>');
    const read = parseManifest(body);
    expect(read).toEqual({
      pushedAt: '2026-11-28T07:00:00.000Z',
      mdkgVersion: '0.1.0',
      profile: PROFILE,
      entries: new Map([['https://w3id.org/mdkg/concept/a', { iri: 'https://w3id.org/mdkg/concept/a', hash: 'sha256:aa', path: 'concepts/a "b".md' }]]),
    });
  });

  it.each([['<html><body>Not found</body></html>'], ['<a> <b> "unterminated .'], ['{"json": true}']])('refuses an answer that is not RDF: %s', (text) => {
    expect(() => parseManifest(text)).toThrow(expect.objectContaining({ code: 'MDKG_STORE_BAD_ANSWER' }));
  });

  it('ignores a profile that does not parse and triples of other vocabularies', () => {
    const text = '<urn:mdkg:store:manifest:root> <https://w3id.org/mdkg/store#profile> "{not json" .\n<urn:x> <http://other/p> "o" .\n';
    expect(parseManifest(text)).toMatchObject({ profile: undefined, entries: new Map() });
  });
});

describe('localGraphs', () => {
  it('names each graph by its document IRI and hashes sorted N-Triples, so only an edit changes the hash', async () => {
    const dir = await tempDir({
      'a.md': '---\nid: concept:a\ntype: Concept\ntitle: A\n---\n# A\n',
      'b.md': '---\nid: concept:b\ntype: Concept\ntitle: B\n---\n# B\n',
    });
    const kg = await loadGraph(dir, { cache: false, racyMs: 0 });
    const first = localGraphs(kg);
    expect(first.map((g) => [g.iri, g.path, g.hash === contentHash(g.body)])).toEqual([
      ['https://w3id.org/mdkg/concept/a', 'a.md', true],
      ['https://w3id.org/mdkg/concept/b', 'b.md', true],
    ]);
    expect(first[0]?.body.split('\n').filter((l) => l !== '')).toEqual([...(first[0]?.body.split('\n').filter((l) => l !== '') ?? [])].sort());
    expect(localGraphs(await loadGraph(dir, { cache: false })).map((g) => g.hash)).toEqual(first.map((g) => g.hash));
    await writeFile(join(dir, 'b.md'), '---\nid: concept:b\ntype: Concept\ntitle: B2\n---\n# B\n');
    await kg.refresh();
    const second = localGraphs(kg);
    expect([second[0]?.hash === first[0]?.hash, second[1]?.hash === first[1]?.hash]).toEqual([true, false]);
    const nq = toNQuads(second)
      .split('\n')
      .filter((l) => l !== '');
    expect(nq.length).toBe(second.reduce((n, g) => n + g.triples, 0));
    expect(nq.every((l) => / <https:\/\/w3id\.org\/mdkg\/concept\/[ab]> \.$/.test(l))).toBe(true);
  });
});
