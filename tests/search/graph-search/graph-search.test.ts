import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { DataFactory, Store } from 'n3';
import { Parser } from 'sparqljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KnowledgeGraph } from '../../../src/graph/knowledge-graph.js';
import { compileGraphSearch, graphSearch, searchWords } from '../../../src/search/graph-search/graph-search.js';
import { subjectIndexOf } from '../../../src/search/graph-search/subject-index.js';
import { startSparqlEndpoint, type SparqlEndpoint } from '../../helpers/sparql-endpoint.js';
import { tempDir } from '../../helpers/temp-dir.js';

const { namedNode, literal, quad } = DataFactory;
const SCHEMA = 'https://schema.org/';

let kg: KnowledgeGraph;
beforeAll(async () => {
  kg = await KnowledgeGraph.load('graphs', { cache: false });
});

describe('graphSearch on the bundled graphs (any Markdown-LD graph, not only tools)', () => {
  it('finds concept documents with matched words, predicates and related nodes', async () => {
    const result = await graphSearch(kg, 'sparql federation', { limit: 3 });
    expect(result.matches[0]?.id).toBe('concept:federation-allowlist');
    const words = result.matches[0]!.matched.map((m) => m.word);
    expect(words).toContain('sparql');
    expect(result.matches[0]!.related.length).toBeGreaterThan(0);
    expect(result.sparql).toContain('VALUES ?s {');
    expect(result.sparql).toContain('CONTAINS(LCASE(STR(?text)), "sparql")');
    expect(result.diagnostics).toEqual([]);
  });

  it('picks text predicates from the schema profile, not provenance', () => {
    const index = subjectIndexOf(kg);
    expect(index.textPredicates).toContain(`${SCHEMA}description`);
    expect(index.textPredicates).not.toContain('https://w3id.org/mdkg/vocab#sourcePath');
    expect(index.relationPredicates).toContain('https://w3id.org/mdkg/vocab#memberOf');
  });

  it('builds the SPARQL from terms: any words read back as exactly those literals (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 4 }), (words) => {
        const sparql = compileGraphSearch(words, subjectIndexOf(kg), ['https://w3id.org/mdkg/concept/x'], 5, 'http://127.0.0.1:9/sparql');
        const literals: string[] = [];
        const walk = (node: unknown): void => {
          if (node === null || typeof node !== 'object') return;
          const term = node as { termType?: string; value?: string };
          if (term.termType === 'Literal' && typeof term.value === 'string') literals.push(term.value);
          for (const child of Object.values(node)) walk(child);
        };
        walk(new Parser().parse(sparql));
        expect(literals).toEqual(words);
      }),
      { numRuns: 200 },
    );
  });

  it('the subject index follows refresh() even when the number of triples stays the same', async () => {
    const dir = await tempDir({ 'a.md': '---\nid: concept:a\ntype: Concept\ntitle: Marmalade\n---\n# A\n' });
    const graph = await KnowledgeGraph.load(dir, { cache: false });
    expect((await graphSearch(graph, 'marmalade')).matches.length).toBe(1);
    await writeFile(join(dir, 'a.md'), '---\nid: concept:a\ntype: Concept\ntitle: Porcupine\n---\n# A\n');
    await graph.refresh();
    expect((await graphSearch(graph, 'porcupine')).matches.map((m) => m.iri)).toEqual(['https://w3id.org/mdkg/concept/a']);
    expect((await graphSearch(graph, 'marmalade')).matches).toEqual([]);
  });

  it('escapes words in the generated SPARQL (hostile input cannot break out of the literal)', () => {
    const sparql = compileGraphSearch(['a"} DROP ALL #'], subjectIndexOf(kg), ['https://w3id.org/mdkg/concept/x'], 5);
    expect(sparql).toContain('"a\\"} DROP ALL #"');
  });

  it.each([
    ['', []],
    ['   ', []],
    ['!!!', []],
  ])('gives no matches for %j without failing', async (query, matches) => {
    const result = await graphSearch(kg, query);
    expect(result.matches).toEqual(matches);
  });

  it('refuses a bad limit', async () => {
    await expect(graphSearch(kg, 'x', { limit: 0 })).rejects.toMatchObject({ code: 'MDKG_USAGE' });
  });

  it('keeps at most eight words', () => {
    expect(searchWords('one two three four five six seven eight nine ten').length).toBe(8);
  });
});

describe('graphSearch federated to a real SPARQL endpoint on 127.0.0.1', () => {
  let endpoint: SparqlEndpoint;
  beforeAll(async () => {
    const store = new Store([
      quad(namedNode('https://example.org/remote/widget'), namedNode(`${SCHEMA}description`), literal('A remote widget that explains SPARQL federation')),
    ]);
    endpoint = await startSparqlEndpoint(store);
  });
  afterAll(async () => endpoint.close());

  it('searches an allowlisted endpoint through SERVICE', async () => {
    // Not a test of the time limit: one that no loaded machine reaches.
    const result = await graphSearch(kg, 'federation widget', { services: [endpoint.url], allowServices: [endpoint.url], timeoutMs: 100_000 });
    expect(result.matches.map((m) => [m.iri, m.service])).toEqual([['https://example.org/remote/widget', endpoint.url]]);
    expect(result.sparql).toContain(`SERVICE <${endpoint.url}>`);
  }, 120_000);

  it('refuses an endpoint that is not allowlisted, before any request', async () => {
    endpoint.requests.length = 0;
    await expect(graphSearch(kg, 'widget', { services: [endpoint.url] })).rejects.toMatchObject({ code: 'MDKG_SPARQL_SERVICE_DENIED' });
    expect(endpoint.requests).toEqual([]);
  });
});
