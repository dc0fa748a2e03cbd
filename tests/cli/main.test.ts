import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELP, VERSION } from '../../src/cli/help.js';
import { runCli, spawnCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const doc = (id: string, title: string, extra = '') => `---\nid: concept:${id}\ntype: Concept\ntitle: ${title}\n${extra}---\n`;
const graph = {
  'graphs/a.md': `${doc('a', 'Alpha', 'summary: First letter\nrelated: [concept:b]\n')}See [[Beta]].\n`,
  'graphs/b.md': doc('b', 'Beta', 'summary: Second letter\n'),
};

describe('mdkg CLI (in process)', () => {
  it.each([
    [['--help'], 0, HELP.main],
    [['help', 'query'], 0, HELP.query],
    [['query', '--help'], 0, HELP.query],
    [['help', 'init'], 0, HELP.init],
    [['init', '--help'], 0, HELP.init],
    [['--version'], 0, `${VERSION}\n`],
  ])('%j exits %i with the help text', async (argv, code, text) => {
    const r = await runCli(argv, process.cwd());
    expect(r).toEqual({ code, stdout: text, stderr: '' });
  });

  it.each([
    [[], 2, ''],
    [
      ['frobnicate'],
      2,
      "mdkg: unknown command 'frobnicate'. Commands: query, validate, schema, export, push, generate, bench, search, plan, graph-search, serve, view, init, search-code, search-by-symbol, get-file-structure, get-repo-map, get-similar-patterns, reindex-codebase, learn-pair, validate-symbol-relevance, help\n",
    ],
    [['help', 'nope'], 2, "mdkg: no help for 'nope'\n"],
    [['schema', '--bogus'], 2, "mdkg schema: Unknown option '--bogus'\nRun 'mdkg help schema' for usage.\n"],
    [['query'], 2, "mdkg query: MDKG_USAGE no query: give one as an argument, with --file, or '-' for stdin (see 'mdkg help query')\n"],
    [['query', 'ASK {}', '--limit', '0'], 2, "mdkg query: MDKG_USAGE --limit must be a positive integer, got '0'\n"],
    [['export', '--format', 'pdf'], 2, 'mdkg export: MDKG_USAGE --format must be one of ttl, nq, jsonld, mermaid, dot\n'],
    [['query', 'ASK {}', '--timeout', '2147483648'], 2, "mdkg query: MDKG_USAGE --timeout must be at most 2147483647, got '2147483648'\n"],
    [
      ['query', '# only a comment'],
      2,
      'mdkg query: MDKG_USAGE the query is empty: it has no SELECT, ASK, CONSTRUCT or DESCRIBE (only white space, comments or PREFIX/BASE lines)\n',
    ],
    [
      ['constructor'],
      2,
      "mdkg: unknown command 'constructor'. Commands: query, validate, schema, export, push, generate, bench, search, plan, graph-search, serve, view, init, search-code, search-by-symbol, get-file-structure, get-repo-map, get-similar-patterns, reindex-codebase, learn-pair, validate-symbol-relevance, help\n",
    ],
    [['help', '__proto__'], 2, "mdkg: no help for '__proto__'\n"],
    [['validate', '--graphs', ''], 2, 'mdkg validate: MDKG_USAGE the graph folder path is empty (--graphs needs a folder)\n'],
    [['validate', '--graphs', '/nonexistent/mdkg'], 1, 'mdkg validate: MDKG_NOT_FOUND graph folder /nonexistent/mdkg does not exist\n'],
    [['validate', '--graphs', '/dev/null'], 2, 'mdkg validate: MDKG_USAGE graph folder /dev/null is not a folder\n'],
    [['export', '--format', 'nq', '--out', '/tmp'], 1, 'mdkg export: MDKG_FILE_WRITE --out /tmp: is a folder; give a file path\n'],
    [
      ['export', '--format', 'nq', '--out', '/dev/null'],
      1,
      'mdkg export: MDKG_FILE_WRITE --out /dev/null: is not a regular file (a device, a pipe or a link); give a file path\n',
    ],
  ])('%j exits %i with a clear message', async (argv, code, stderr) => {
    const r = await runCli(argv, process.cwd());
    expect(r.code).toBe(code);
    expect(r.stderr).toBe(stderr);
  });

  it('validate exits 0 on a clean graph and 1 with file:line:column on a broken one', async () => {
    const dir = await tempDir(graph);
    expect(await runCli(['validate'], dir)).toEqual({ code: 0, stdout: '2 documents, 2 loaded, 12 triples: 0 errors, 0 warnings\n', stderr: '' });
    const broken = await tempDir({ ...graph, 'graphs/c.md': '---\nid: concept:c\ntitle: [oops\n---\n', 'graphs/d.md': doc('d', 'Delta', 'titel: typo\n') });
    const r = await runCli(['validate', 'graphs', '--no-cache'], broken);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n').filter((l) => l.includes('error'))).toEqual([
      'c.md:4:1: error MDKG_YAML_INVALID invalid YAML front matter: Flow sequence in block collection must be sufficiently indented and end with a ]',
      "d.md:5:1: error MDKG_JSONLD_DROPPED_TERM JSON-LD would drop 'titel': Dropping property that did not expand into an absolute IRI or keyword. (invalid property); map it in an @context or use a prefixed name",
      '4 documents, 3 loaded, 16 triples: 2 errors, 0 warnings',
    ]);
    const json = JSON.parse((await runCli(['validate', '--graphs', 'graphs', '--json'], broken)).stdout) as { errors: number; diagnostics: unknown[] };
    expect(json.errors).toBe(2);
  });

  it('schema prints tables and --json', async () => {
    const dir = await tempDir(graph);
    const r = await runCli(['schema'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('2 documents, 2 graphs, 12 triples\n\nclass         instances\n------------  ---------\nmdkg:Concept  2\n');
    const profile = JSON.parse((await runCli(['schema', '--json'], dir)).stdout) as { classes: unknown };
    expect(profile.classes).toEqual([{ iri: 'https://w3id.org/mdkg/vocab#Concept', instances: 2 }]);
  });

  it('export writes one document as mermaid and the graph as dot to a file', async () => {
    const dir = await tempDir(graph);
    const mermaid = await runCli(['export', '--format', 'mermaid', '--doc', 'concept:a'], dir);
    expect(mermaid).toEqual({
      code: 0,
      stderr: '',
      stdout: 'flowchart LR\n  n0["Alpha"]\n  n1["Beta"]\n  n0 -->|"mdkg:relatedTo"| n1\n  n0 -->|"schema:mentions"| n1\n',
    });
    expect((await runCli(['export', '--format', 'dot', '--out', 'out/g.dot'], dir)).code).toBe(0);
    expect(await readFile(join(dir, 'out/g.dot'), 'utf8')).toContain(
      '"https://w3id.org/mdkg/concept/a" -> "https://w3id.org/mdkg/concept/b" [label="mdkg:relatedTo"];',
    );
    expect((await runCli(['export', '--format', 'ttl', '--doc', 'concept:nope'], dir)).stderr).toBe(
      "mdkg export: MDKG_NOT_FOUND no loaded document 'concept:nope' (give its id, IRI or path)\n",
    );
  });

  it('reads the graph folder from mdkg.config.yaml and rejects an invalid config', async () => {
    const dir = await tempDir({ 'kg/a.md': doc('a', 'Alpha'), 'mdkg.config.yaml': 'graphs: kg\n' });
    expect((await runCli(['validate'], dir)).stdout).toBe('1 document, 1 loaded, 4 triples: 0 errors, 0 warnings\n');
    const bad = await tempDir({ 'mdkg.config.yaml': 'graphs: kg\nsparql:\n  allow_services: [ftp://x]\n' });
    expect(await runCli(['validate'], bad)).toEqual({
      code: 1,
      stdout: '',
      stderr: `mdkg validate: MDKG_CONFIG_INVALID ${join(bad, 'mdkg.config.yaml')}: 'sparql.allow_services' must be a list of http(s) endpoint IRIs\n`,
    });
  });
});

describe('bin/mdkg.js (spawned)', () => {
  it('prints help and exits 0; exits 2 on a usage error', () => {
    expect(spawnCli(['--help'], process.cwd())).toEqual({ code: 0, stdout: HELP.main, stderr: '' });
    expect(spawnCli(['nope'], process.cwd()).code).toBe(2);
  });
});
