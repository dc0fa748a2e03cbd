import { describe, expect, it } from 'vitest';
import { REPO, runCli } from '../helpers/cli.js';

// Each test starts mdkg and loads the repository's graph: seconds on a quiet machine, more than the
// default test timeout on a loaded one. Nothing here tests a time limit.
const SLOW = { timeout: 120_000 };

describe('mdkg search', SLOW, () => {
  it('prints a table with confidence bars, intent and mode', async () => {
    const { code, stdout } = await runCli(['search', 'create a new directory', '--limit', '2', '--no-cache'], REPO);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^#\s+tool\s+conf\s+kind\s+required\s+evidence$/);
    expect(lines[2]).toMatch(/^1\s+tool:filesystem\/create_directory\s+0\.\d\d\s+[█░]{10}\s+write\s+path\s+create new directory$/);
    expect(stdout).toContain('intent: write · strategy: full · mode: lexical');
  });

  it('gives the whole result as JSON', async () => {
    const { code, stdout } = await runCli(['search', 'read a text file', '--json', '--limit', '1', '--no-cache'], REPO);
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as { hits: { id: string; confidence: number }[]; sparql: string; intent: string };
    expect(result.hits.map((h) => h.id)).toEqual(['tool:filesystem/read_text_file']);
    expect(result.intent).toBe('read');
    expect(result.sparql).toContain('VALUES ?tool');
  });

  it.each([
    [['search'], 2, 'no query'],
    [['search', '   '], 2, 'no query'],
    [['search', 'x', '--strategy', 'magic'], 2, "unknown strategy 'magic'"],
    [['search', 'x', '--limit', '0'], 2, '--limit must be an integer from 1 to 100'],
  ])('%j exits %i', async (argv, exit, message) => {
    const { code, stderr } = await runCli([...argv, '--no-cache'], REPO);
    expect(code).toBe(exit);
    expect(stderr).toContain(message);
  });

  it('reports low confidence for a request that matches nothing', async () => {
    const { code, stdout, stderr } = await runCli(['search', 'xyzzy plugh', '--no-cache'], REPO);
    expect(code).toBe(0);
    expect(stdout).toBe('no tools found\n');
    expect(stderr).toContain('MDKG_LOW_CONFIDENCE');
  });
});

describe('mdkg graph-search', SLOW, () => {
  it('searches the concept documents and shows the generated SPARQL', async () => {
    const { code, stdout } = await runCli(['graph-search', 'sparql federation', '--limit', '1', '--show-sparql', '--no-cache'], REPO);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^#\s+node\s+score\s+matched\s+related\n/);
    expect(stdout).toContain('concept:federation-allowlist');
    expect(stdout).toContain('SELECT ?s ?p ?text ?rel ?o WHERE {');
  });

  it('refuses a service that is not allowlisted', async () => {
    const { code, stderr } = await runCli(['graph-search', 'x', '--service', 'http://127.0.0.1:9/sparql', '--no-cache'], REPO);
    expect(code).toBe(1);
    expect(stderr).toContain('MDKG_SPARQL_SERVICE_DENIED');
  });
});
