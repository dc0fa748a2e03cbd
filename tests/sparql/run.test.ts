import { DataFactory, Store } from 'n3';
import { describe, expect, it } from 'vitest';
import { runQuery } from '../../src/sparql/run.js';
import { lines } from '../helpers/rdf.js';
import { bigTarget, DOC, MDKG, rejection, rowsOf, SCHEMA, targetOf, TOOL, toolQuads, toolTarget } from '../helpers/sparql-store.js';
import { atLimit } from '../helpers/time-bounds.js';

const { namedNode, quad } = DataFactory;

describe('runQuery: query forms', () => {
  it('SELECT with default prefixes and no PREFIX lines', async () => {
    const result = await runQuery(toolTarget(), 'SELECT ?s ?name WHERE { ?s a mdkg:Tool ; schema:name ?name } ORDER BY ?name');
    expect(result.kind).toBe('bindings');
    expect(rowsOf(result)).toEqual([
      [`s=${TOOL}fs/list_dir`, 'name=List directory'],
      [`s=${TOOL}fs/read_file`, 'name=Read file'],
      [`s=${TOOL}fs/write_file`, 'name=Write file'],
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('sees every named graph from outside GRAPH (unionDefaultGraph), and GRAPH ?g names them', async () => {
    const target = toolTarget();
    expect(target.store.getQuads(null, null, null, DataFactory.defaultGraph())).toHaveLength(0);
    const union = await runQuery(target, 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }');
    expect(rowsOf(union)).toEqual([['n=9']]);
    const graphs = await runQuery(target, 'SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s a mdkg:Tool } } ORDER BY ?g');
    expect(rowsOf(graphs)).toEqual([[`g=${DOC}tools/list_dir`], [`g=${DOC}tools/read_file`], [`g=${DOC}tools/write_file`]]);
  });

  it('keeps a declared prefix over the default one of the same name', async () => {
    const result = await runQuery(toolTarget(), 'PREFIX schema: <http://schema.org/> ASK { ?s schema:name ?n }');
    expect(result).toMatchObject({ kind: 'boolean', value: false });
  });

  it.each([
    ['ASK { ?s a mdkg:Tool }', true],
    ['ASK { ?s a mdkg:Nothing }', false],
    ['ASK {}', true],
    ['ASK { ?s a mdkg:Tool } LIMIT 0', false],
    ['ASK { ?s a mdkg:Tool } GROUP BY ?s HAVING (COUNT(*) > 0)', true],
    ['ASK { ?s a mdkg:Tool } GROUP BY ?s HAVING (COUNT(*) > 5)', false],
  ])('ASK %s -> %s', async (query, value) => {
    const result = await runQuery(toolTarget(), query);
    expect(result.kind).toBe('boolean');
    expect(result.kind === 'boolean' && result.value).toBe(value);
  });

  it('CONSTRUCT returns quads in the default graph', async () => {
    const result = await runQuery(toolTarget(), 'CONSTRUCT { ?b mdkg:requiredBy ?a } WHERE { ?a mdkg:requires ?b }');
    expect(result.kind).toBe('quads');
    if (result.kind !== 'quads') return;
    expect(lines(result.quads)).toEqual([`${TOOL}fs/list_dir ${MDKG}requiredBy ${TOOL}fs/read_file`]);
    expect(result.truncated).toBe(false);
  });

  // `tool:fs\/list_dir` is how SPARQL writes a local name with a slash; Comunica alone would keep the backslash.
  it('DESCRIBE returns the triples about a resource', async () => {
    const result = await runQuery(toolTarget(), 'DESCRIBE tool:fs\\/list_dir');
    expect(result.kind).toBe('quads');
    if (result.kind !== 'quads') return;
    expect(lines(result.quads)).toEqual([
      `${TOOL}fs/list_dir http://www.w3.org/1999/02/22-rdf-syntax-ns#type ${MDKG}Tool`,
      `${TOOL}fs/list_dir ${SCHEMA}name "List directory"`,
      `${TOOL}fs/list_dir ${MDKG}priority "2"`,
    ]);
  });
});

describe('runQuery: projection order', () => {
  it.each([
    ['SELECT ?name ?s WHERE { ?s schema:name ?name } LIMIT 1', ['name', 's']],
    ['SELECT ?z ?a ?m WHERE { ?m schema:name ?a BIND(1 AS ?z) } LIMIT 1', ['z', 'a', 'm']],
    ['SELECT (STR(?n) AS ?label) ?s WHERE { ?s schema:name ?n } LIMIT 1', ['label', 's']],
    ['SELECT * WHERE { ?tool schema:name ?name ; a ?class } LIMIT 1', ['tool', 'name', 'class']],
    ['SELECT * WHERE { ?s schema:name ?n BIND(STRLEN(?n) AS ?len) VALUES ?s { tool:fs\\/read_file } }', ['s', 'n', 'len']],
    ['SELECT * WHERE { { SELECT ?b ?a WHERE { ?a mdkg:requires ?b } } ?b schema:name ?bn }', ['b', 'a', 'bn']],
    ['SELECT * WHERE { ?s schema:name ?n MINUS { ?s mdkg:requires ?x } } LIMIT 1', ['s', 'n']],
  ])('%s -> %j', async (query, variables) => {
    const result = await runQuery(toolTarget(), query);
    expect(result.kind === 'bindings' && result.variables).toEqual(variables);
    if (result.kind === 'bindings') expect(Object.keys(result.rows[0] ?? {}).sort()).toEqual([...variables].sort());
  });
});

describe('runQuery: limit', () => {
  it.each([
    [0, 0, true],
    [2, 2, true],
    [3, 3, false],
    [10, 3, false],
  ])('limit %i gives %i rows, truncated %s', async (limit, rows, truncated) => {
    const result = await runQuery(toolTarget(), 'SELECT ?s WHERE { ?s a mdkg:Tool }', { limit });
    expect(result.kind === 'bindings' && [result.rows.length, result.truncated]).toEqual([rows, truncated]);
  });

  it('truncates CONSTRUCT results too', async () => {
    const result = await runQuery(toolTarget(), 'CONSTRUCT WHERE { ?s ?p ?o }', { limit: 4 });
    expect(result.kind === 'quads' && [result.quads.length, result.truncated]).toEqual([4, true]);
  });

  it('stops reading a huge result at the limit', async () => {
    // 4 million rows: the row limit stops the reading; the time limit turns a hang into a coded error.
    const result = await runQuery(bigTarget(2000), 'SELECT * WHERE { ?a ?p ?o . ?b ?q ?r }', { limit: 5, timeoutMs: 60_000 });
    expect(result.kind === 'bindings' && [result.rows.length, result.truncated]).toEqual([5, true]);
  }, 120_000);

  it.each([[{ limit: -1 }], [{ limit: 1.5 }], [{ timeoutMs: 0 }]])('refuses bad options %j', async (options) => {
    expect((await rejection(runQuery(toolTarget(), 'ASK {}', options))).code).toBe('MDKG_USAGE');
  });
});

describe('runQuery: timeout', () => {
  // 3,000 quads: 3,000^3 = 2.7e10 combinations that the FILTER all rejects, so no row ever comes.
  const NEVER = 'WHERE { ?a ?p ?o . ?b ?q ?r . ?c ?s ?t FILTER(STR(?o) = "x" && STR(?r) = "y") }';

  // The limit counts from the call: the answer comes at it, not before, and not a machine's
  // slowness later (bounds relative to the limit, not absolute).
  const LIMIT = 1000;
  it.each([`SELECT * ${NEVER}`, `ASK ${NEVER}`, `CONSTRUCT { ?a ?p ?r } ${NEVER}`])('%s times out', async (query) => {
    const started = performance.now();
    const error = await rejection(runQuery(bigTarget(3000), query, { timeoutMs: LIMIT }));
    const ms = performance.now() - started;
    expect(error.code).toBe('MDKG_SPARQL_TIMEOUT');
    expect(error.message).toBe(`The query did not finish within ${LIMIT} ms`);
    expect(ms).toBeGreaterThanOrEqual(atLimit(LIMIT));
    expect(ms).toBeLessThan(LIMIT * 3);
  });
});

describe('runQuery: errors', () => {
  it('maps engine errors to MDKG_SPARQL_FAILED with the cause', async () => {
    const error = await rejection(runQuery(toolTarget(), 'SELECT ?x WHERE { ?s ?p ?o BIND(<http://example.org/fn>(?o) AS ?x) }'));
    expect(error.code).toBe('MDKG_SPARQL_FAILED');
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('refuses updates before running them', async () => {
    const target = targetOf(toolQuads());
    const error = await rejection(runQuery(target, 'DELETE WHERE { ?s ?p ?o }'));
    expect(error.code).toBe('MDKG_SPARQL_READ_ONLY');
    expect(target.store.size).toBe(9);
  });

  it('reports a syntax error with its position', async () => {
    const error = await rejection(runQuery(toolTarget(), 'SELECT * WHERE {\n  ?s ?p\n}'));
    expect([error.code, error.details.line, error.details.column]).toEqual(['MDKG_SPARQL_SYNTAX', 3, 1]);
  });

  it('still runs with unknown terms and returns the warnings', async () => {
    const result = await runQuery(toolTarget(), 'SELECT ?d WHERE { ?s schema:descripton ?d }');
    expect(result.kind === 'bindings' && result.rows).toEqual([]);
    expect(result.warnings.map((w) => [w.code, w.severity])).toEqual([['MDKG_SPARQL_UNKNOWN_TERM', 'warning']]);
  });

  it('reads a store that only holds a default graph too', async () => {
    const store = new Store([quad(namedNode('http://example.org/a'), namedNode(`${SCHEMA}name`), DataFactory.literal('A'))]);
    expect(rowsOf(await runQuery(targetOf(store), 'SELECT ?n WHERE { ?s schema:name ?n }'))).toEqual([['n=A']]);
  });
});

describe('runQuery: hostile input', () => {
  it('refuses a query text over the size limit before parsing it', async () => {
    const huge = `SELECT * WHERE { ${'?s ?p ?o . '.repeat(100_000)}}`;
    await expect(runQuery(toolTarget(), huge)).rejects.toMatchObject({
      code: 'MDKG_USAGE',
      message: `the query is ${huge.length} characters long, over the limit of 1000000`,
    });
  });

  it('answers a pathologically nested query with a coded error, not a crash', async () => {
    const nested = `SELECT * WHERE { ?s ?p ?o FILTER(${'('.repeat(5000)}1${')'.repeat(5000)}) }`;
    const error = await rejection(runQuery(toolTarget(), nested));
    expect(['MDKG_SPARQL_SYNTAX', 'MDKG_SPARQL_FAILED']).toContain(error.code);
  });
});
