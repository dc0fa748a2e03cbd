import { describe, expect, it } from 'vitest';
import { MdkgError } from '../../src/errors.js';
import { DEFAULT_PREFIXES } from '../../src/rdf/namespaces.js';
import { assertReadOnly, assertServicesAllowed, collectServiceTargets, normalizeEndpoint } from '../../src/sparql/guard.js';
import { parseSparql } from '../../src/sparql/parse.js';
import { runQuery } from '../../src/sparql/run.js';
import { targetOf, toolQuads } from '../helpers/sparql-store.js';

const parse = (q: string) => parseSparql(q, DEFAULT_PREFIXES);

function thrown(fn: () => unknown): MdkgError {
  try {
    fn();
  } catch (error) {
    if (error instanceof MdkgError) return error;
    throw error;
  }
  throw new Error('expected an MdkgError');
}

const T = '<http://example.org/t>';

describe('assertReadOnly', () => {
  it.each([
    [`INSERT DATA { ${T} ${T} ${T} }`, ['INSERT DATA']],
    [`DELETE DATA { ${T} ${T} ${T} }`, ['DELETE DATA']],
    ['DELETE WHERE { ?s ?p ?o }', ['DELETE WHERE']],
    ['DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }', ['DELETE']],
    ['INSERT { ?s ?p 1 } WHERE { ?s ?p ?o }', ['INSERT']],
    ['DELETE { ?s ?p ?o } INSERT { ?s ?p 1 } WHERE { ?s ?p ?o }', ['DELETE/INSERT']],
    [`WITH ${T} DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }`, ['DELETE']],
    ['LOAD <http://example.org/data.ttl>', ['LOAD']],
    [`LOAD SILENT <http://example.org/data.ttl> INTO GRAPH ${T}`, ['LOAD']],
    ['CLEAR ALL', ['CLEAR']],
    [`CLEAR SILENT GRAPH ${T}`, ['CLEAR']],
    ['DROP DEFAULT', ['DROP']],
    [`DROP GRAPH ${T}`, ['DROP']],
    [`CREATE GRAPH ${T}`, ['CREATE']],
    [`ADD ${T} TO <http://example.org/u>`, ['ADD']],
    ['MOVE DEFAULT TO <http://example.org/u>', ['MOVE']],
    [`COPY ${T} TO DEFAULT`, ['COPY']],
    [`INSERT DATA { ${T} ${T} ${T} } ; DROP ALL ; LOAD <http://example.org/x>`, ['INSERT DATA', 'DROP', 'LOAD']],
  ])('refuses %s', async (update, operations) => {
    const error = thrown(() => assertReadOnly(parse(update)));
    expect(error.code).toBe('MDKG_SPARQL_READ_ONLY');
    expect(error.message).toBe(`The graph is read-only: SPARQL updates are refused (${operations.join(', ')})`);
    expect(error.details).toEqual({ operations });
    // And through runQuery: refused before anything runs, the store is untouched.
    const target = targetOf(toolQuads());
    await expect(runQuery(target, update)).rejects.toMatchObject({ code: 'MDKG_SPARQL_READ_ONLY' });
    expect(target.store.size).toBe(9);
  });

  it.each(['SELECT * WHERE { ?s ?p ?o }', 'ASK {}', 'CONSTRUCT WHERE { ?s ?p ?o }', `DESCRIBE ${T}`])('lets %s through', (query) => {
    expect(() => assertReadOnly(parse(query))).not.toThrow();
  });
});

const A = 'http://a.example/sparql';
const B = 'http://b.example/sparql';
const C = 'http://c.example/sparql';

describe('collectServiceTargets', () => {
  it.each([
    ['top level', `SELECT * WHERE { SERVICE <${A}> { ?s ?p ?o } }`, [A]],
    ['group', `SELECT * WHERE { { { SERVICE <${A}> { ?s ?p ?o } } } }`, [A]],
    ['OPTIONAL', `SELECT * WHERE { ?s ?p ?o OPTIONAL { SERVICE <${A}> { ?s ?q ?r } } }`, [A]],
    ['both sides of UNION', `SELECT * WHERE { { SERVICE <${A}> { ?s ?p ?o } } UNION { SERVICE <${B}> { ?s ?p ?o } } }`, [A, B]],
    ['MINUS', `SELECT * WHERE { ?s ?p ?o MINUS { SERVICE <${A}> { ?s ?p ?o } } }`, [A]],
    ['GRAPH', `SELECT * WHERE { GRAPH ?g { SERVICE <${A}> { ?s ?p ?o } } }`, [A]],
    ['nested SERVICE', `SELECT * WHERE { SERVICE <${A}> { SERVICE <${B}> { SERVICE SILENT <${C}> { ?s ?p ?o } } } }`, [A, B, C]],
    ['subquery', `SELECT * WHERE { { SELECT ?s WHERE { SERVICE <${A}> { ?s ?p ?o } } LIMIT 1 } }`, [A]],
    ['FILTER EXISTS', `SELECT * WHERE { ?s ?p ?o FILTER EXISTS { SERVICE <${A}> { ?s ?p ?o } } }`, [A]],
    ['FILTER NOT EXISTS', `SELECT * WHERE { ?s ?p ?o FILTER NOT EXISTS { SERVICE <${A}> { ?s ?p ?o } } }`, [A]],
    ['EXISTS deep in an expression', `SELECT * WHERE { ?s ?p ?o FILTER(?o = 1 || (BOUND(?s) && !EXISTS { SERVICE <${A}> {} })) }`, [A]],
    ['BIND', `SELECT * WHERE { ?s ?p ?o BIND(IF(EXISTS { SERVICE <${A}> { ?s ?p ?o } }, 1, 0) AS ?x) }`, [A]],
    ['projection expression', `SELECT ?s (EXISTS { SERVICE <${A}> { ?s ?p ?o } } AS ?x) WHERE { ?s ?p ?o }`, [A]],
    ['HAVING', `SELECT ?s WHERE { ?s ?p ?o } GROUP BY ?s HAVING (EXISTS { SERVICE <${A}> { ?s ?p ?o } })`, [A]],
    ['ORDER BY', `SELECT ?s WHERE { ?s ?p ?o } ORDER BY (EXISTS { SERVICE <${A}> { ?s ?p ?o } })`, [A]],
    ['next to VALUES', `SELECT * WHERE { VALUES ?s { <${B}> } SERVICE <${A}> { ?s ?p ?o } } VALUES ?o { 1 }`, [A]],
    ['ASK', `ASK { SERVICE <${A}> { ?s ?p ?o } }`, [A]],
    ['CONSTRUCT', `CONSTRUCT { ?s ?p ?o } WHERE { SERVICE <${A}> { ?s ?p ?o } }`, [A]],
    ['DESCRIBE', `DESCRIBE ?s WHERE { SERVICE <${A}> { ?s ?p ?o } }`, [A]],
    ['variable target', 'SELECT * WHERE { VALUES ?ep { <http://a.example/sparql> } SERVICE ?ep { ?s ?p ?o } }', ['?ep']],
    ['none', 'SELECT * WHERE { ?s ?p ?o }', []],
  ])('finds SERVICE in %s', (_name, query, expected) => {
    const found = collectServiceTargets(parse(query)).map((t) => (t.kind === 'variable' ? `?${t.value}` : t.value));
    expect(found).toEqual(expected);
  });
});

describe('normalizeEndpoint', () => {
  it.each([
    ['HTTP://Example.ORG:80/sparql#frag', 'http://example.org/sparql'],
    ['https://example.org:443', 'https://example.org/'],
    ['http://example.org:8080/a/../sparql?x=1', 'http://example.org:8080/sparql?x=1'],
    ['  http://example.org/sparql  ', 'http://example.org/sparql'],
    ['ftp://example.org/sparql', undefined],
    ['http://user:pw@example.org/sparql', undefined],
    ['not a url', undefined],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeEndpoint(input)).toBe(expected);
  });
});

describe('assertServicesAllowed', () => {
  it('allows listed endpoints, compared after normalization', () => {
    const ast = parse(`SELECT * WHERE { SERVICE <http://a.example/sparql> { SERVICE <http://B.example:80/sparql#x> {} } }`);
    expect(() => assertServicesAllowed(ast, ['HTTP://A.EXAMPLE/sparql', B])).not.toThrow();
  });

  it.each([
    ['trailing slash', `SELECT * WHERE { SERVICE <${A}/> {} }`, [A], `SERVICE refused for <${A}/>; allowed: <${A}>`],
    ['other path', 'SELECT * WHERE { SERVICE <http://a.example/other> {} }', [A], `SERVICE refused for <http://a.example/other>; allowed: <${A}>`],
    ['no allowlist', `SELECT * WHERE { SERVICE <${A}> {} }`, [], `SERVICE refused for <${A}>; no endpoint is allowed`],
    [
      'variable, even with an allowed value',
      `SELECT * WHERE { VALUES ?ep { <${A}> } SERVICE ?ep {} }`,
      [A],
      `SERVICE refused for ?ep (variable targets are never allowed); allowed: <${A}>`,
    ],
    [
      'every offending target, once each',
      `SELECT * WHERE { SERVICE <${A}> { SERVICE <${B}> {} } SERVICE ?x {} FILTER EXISTS { SERVICE <${C}> { SERVICE <${B}> {} } } }`,
      [A],
      `SERVICE refused for <${B}>, ?x (variable targets are never allowed), <${C}>; allowed: <${A}>`,
    ],
  ])('refuses %s', (_name, query, allow, message) => {
    const error = thrown(() => assertServicesAllowed(parse(query), allow));
    expect(error.code).toBe('MDKG_SPARQL_SERVICE_DENIED');
    expect(error.message).toBe(message);
  });
});
