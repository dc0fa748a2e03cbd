import { describe, expect, it } from 'vitest';
import { runCli, spawnCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const doc = (id: string, title: string, extra = '') => `---\nid: concept:${id}\ntype: Concept\ntitle: ${title}\n${extra}---\n`;
const graph = {
  'graphs/a.md': doc('a', 'Alpha', 'summary: First letter\nrelated: [concept:b]\n'),
  'graphs/b.md': doc('b', 'Beta', 'summary: Second letter\n'),
  'q.rq': 'SELECT ?t WHERE { ?c schema:name ?t } ORDER BY ?t',
};
const TITLES = 'SELECT ?title ?summary WHERE { ?c a mdkg:Concept ; schema:name ?title ; schema:abstract ?summary } ORDER BY ?title';

describe('mdkg query', () => {
  it.each([
    ['table', [], '?title  ?summary\n------  -------------\nAlpha   First letter\nBeta    Second letter\n2 rows\n'],
    ['csv', ['--format', 'csv'], 'title,summary\r\nAlpha,First letter\r\nBeta,Second letter\r\n'],
    ['tsv', ['--format', 'tsv'], '?title\t?summary\n"Alpha"\t"First letter"\n"Beta"\t"Second letter"\n'],
    [
      'limit',
      ['--limit', '1'],
      '?title  ?summary\n------  ------------\nAlpha   First letter\n1 row (truncated: more results exist; raise the limit to see them)\n',
    ],
  ])('SELECT as %s', async (_name, flags, stdout) => {
    const dir = await tempDir(graph);
    expect(await runCli(['query', TITLES, ...flags], dir)).toEqual({ code: 0, stdout, stderr: '' });
  });

  it('prints SPARQL results JSON, reads --file and stdin', async () => {
    const dir = await tempDir(graph);
    const json = JSON.parse((await runCli(['query', TITLES, '--format', 'json'], dir)).stdout) as {
      head: { vars: string[] };
      results: { bindings: unknown[] };
    };
    expect(json.head.vars).toEqual(['title', 'summary']);
    expect(json.results.bindings[0]).toEqual({ title: { type: 'literal', value: 'Alpha' }, summary: { type: 'literal', value: 'First letter' } });
    expect((await runCli(['query', '--file', 'q.rq'], dir)).stdout).toBe('?t\n-----\nAlpha\nBeta\n2 rows\n');
    expect((await runCli(['query', '-'], dir, 'ASK { concept:a mdkg:relatedTo concept:b }')).stdout).toBe('true\n');
  });

  it.each([
    ['--file', (dir: string) => runCli(['query', '--file', 'bad.rq'], dir), 'mdkg query: MDKG_BINARY_FILE bad.rq is not UTF-8 text\n'],
    [
      'stdin',
      (dir: string) => runCli(['query', '-'], dir, Uint8Array.from([0x41, 0x53, 0x4b, 0x20, 0xff, 0x7b, 0x7d])),
      'mdkg query: MDKG_BINARY_FILE standard input is not UTF-8 text\n',
    ],
  ])('refuses invalid UTF-8 from %s', async (_, run, stderr) => {
    const dir = await tempDir({ ...graph, 'bad.rq': Uint8Array.from([0x41, 0x53, 0x4b, 0x20, 0xc3, 0x28, 0x7b, 0x7d]) });
    expect(await run(dir)).toEqual({ code: 1, stdout: '', stderr });
  });

  it('prints CONSTRUCT results as Turtle', async () => {
    const dir = await tempDir(graph);
    const r = await runCli(['query', 'CONSTRUCT { ?a mdkg:relatedTo ?b } WHERE { ?a mdkg:relatedTo ?b }'], dir);
    expect(r).toEqual({
      code: 0,
      stderr: '',
      stdout: '@prefix concept: <https://w3id.org/mdkg/concept/>.\n@prefix mdkg: <https://w3id.org/mdkg/vocab#>.\n\nconcept:a mdkg:relatedTo concept:b.\n',
    });
  });

  it.each([
    ['an update', 'DELETE WHERE { ?s ?p ?o }', 'mdkg query: MDKG_SPARQL_READ_ONLY The graph is read-only: SPARQL updates are refused (DELETE WHERE)\n'],
    ['a syntax error', 'SELECT ?s\nWHERE { ?s ?p }', 'mdkg query: query:2:15: MDKG_SPARQL_SYNTAX SPARQL syntax error at line 2, column 15: unexpected "}"\n'],
    [
      'a SERVICE not allowlisted',
      'SELECT * WHERE { SERVICE <http://127.0.0.1:9/sparql> { ?s ?p ?o } }',
      'mdkg query: MDKG_SPARQL_SERVICE_DENIED SERVICE refused for <http://127.0.0.1:9/sparql>; no endpoint is allowed\n',
    ],
  ])('refuses %s with exit 1', async (_name, query, stderr) => {
    const dir = await tempDir(graph);
    expect(await runCli(['query', query], dir)).toEqual({ code: 1, stdout: '', stderr });
  });

  it('warns about unknown predicates with a suggestion and still runs', async () => {
    const dir = await tempDir(graph);
    const r = await runCli(['query', 'SELECT ?s WHERE { ?s schema:abstrct ?x }'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('?s\n--\n0 rows\n');
    expect(r.stderr).toContain('warning MDKG_SPARQL_UNKNOWN_TERM');
    expect(r.stderr).toContain('Did you mean schema:abstract?');
  });

  it('works as a spawned binary with exit codes', async () => {
    const dir = await tempDir(graph);
    const ok = spawnCli(['query', 'ASK { ?s a mdkg:Concept }', '--graphs', 'graphs'], dir);
    expect(ok).toEqual({ code: 0, stdout: 'true\n', stderr: '' });
    expect(spawnCli(['query', 'CLEAR ALL'], dir).code).toBe(1);
  });
});
