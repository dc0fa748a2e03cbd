import jsonldLib from 'jsonld';
import { DataFactory, Parser } from 'n3';
import { describe, expect, it } from 'vitest';
import { exportGraph } from '../../src/graph/export.js';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import { canonical } from '../helpers/rdf.js';
import { tempDir } from '../helpers/temp-dir.js';

const jsonld = jsonldLib as unknown as {
  toRDF(input: unknown, options: { format: string; documentLoader: (url: string) => Promise<unknown> }): Promise<string>;
};
const doc = (id: string, title: string, extra = '') => `---\nid: concept:${id}\ntype: Concept\ntitle: ${title}\n${extra}---\n`;
const files = {
  'a.md': `${doc('a', 'Alpha', 'tags: [x, "y z"]\nrelated: [concept:b]\n')}See [[Beta]].\n\n\`\`\`jsonld\n{ "id": "concept:a", "requires": { "title": "anonymous helper" } }\n\`\`\`\n`,
  'b.md': doc('b', 'Beta "quoted"', 'summary: "multi\\nline"\n'),
};

describe('exportGraph', () => {
  it('nq keeps every quad: parsing it gives an isomorphic dataset', async () => {
    const kg = await loadGraph(await tempDir(files), { cache: false });
    const text = await exportGraph(kg, 'nq');
    expect(await canonical(new Parser({ format: 'N-Quads' }).parse(text))).toBe(await canonical(kg.store.getQuads()));
    expect(await exportGraph(kg, 'nq')).toBe(text);
  });

  it('ttl merges the document graphs into one graph', async () => {
    const kg = await loadGraph(await tempDir(files), { cache: false });
    const triples = new Parser({ format: 'Turtle' }).parse(await exportGraph(kg, 'ttl'));
    const merged = kg.store.getQuads().map((q) => DataFactory.quad(q.subject, q.predicate, q.object));
    expect(await canonical(triples)).toBe(await canonical(merged));
  });

  it('jsonld round-trips through a JSON-LD processor with the default context, offline', async () => {
    const kg = await loadGraph(await tempDir(files), { cache: false });
    const text = await exportGraph(kg, 'jsonld');
    expect(JSON.parse(text)['@context']).toBe('https://w3id.org/mdkg/context.jsonld');
    const { offlineDocumentLoader } = await import('../../src/rdf/context.js');
    const nquads = await jsonld.toRDF(JSON.parse(text), { format: 'application/n-quads', documentLoader: offlineDocumentLoader('test') });
    expect(await canonical(new Parser({ format: 'N-Quads' }).parse(nquads))).toBe(await canonical(kg.store.getQuads()));
  });

  it('exports one document by id, IRI or path', async () => {
    const kg = await loadGraph(await tempDir(files), { cache: false });
    const byId = await exportGraph(kg, 'nq', 'concept:b');
    expect(await exportGraph(kg, 'nq', 'https://w3id.org/mdkg/concept/b')).toBe(byId);
    expect(await exportGraph(kg, 'nq', 'b.md')).toBe(byId);
    expect(byId.trim().split('\n')).toHaveLength(5);
    await expect(exportGraph(kg, 'ttl', 'concept:zzz')).rejects.toMatchObject({ code: 'MDKG_NOT_FOUND' });
  });

  it('dot escapes quotes in labels', async () => {
    const kg = await loadGraph(await tempDir(files), { cache: false });
    expect(await exportGraph(kg, 'dot')).toContain('[label="Beta \\"quoted\\""];');
  });
});
