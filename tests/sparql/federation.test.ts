import { DataFactory, Store } from 'n3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runQuery } from '../../src/sparql/run.js';
import { startSparqlEndpoint, type SparqlEndpoint } from '../helpers/sparql-endpoint.js';
import { rejection, rowsOf, TOOL, toolTarget } from '../helpers/sparql-store.js';

const { namedNode, literal, quad } = DataFactory;
const STARS = 'http://remote.example/stars';

/** The remote graph: star counts for two of the local tools. */
function remoteStore(): Store {
  const integer = namedNode('http://www.w3.org/2001/XMLSchema#integer');
  return new Store([
    quad(namedNode(`${TOOL}fs/read_file`), namedNode(STARS), literal('42', integer)),
    quad(namedNode(`${TOOL}fs/list_dir`), namedNode(STARS), literal('7', integer)),
  ]);
}

describe('SERVICE against real SPARQL endpoints', () => {
  let allowed: SparqlEndpoint;
  let denied: SparqlEndpoint;
  let all: SparqlEndpoint[];

  beforeAll(async () => {
    // Not ending in /sparql: Comunica identifies it by its service description.
    allowed = await startSparqlEndpoint(remoteStore(), { path: '/query' });
    denied = await startSparqlEndpoint(remoteStore());
    all = [allowed, denied];
  });
  afterAll(async () => {
    await Promise.all(all.map((e) => e.close()));
  });
  beforeEach(() => {
    for (const e of all) e.requests.length = 0;
  });

  const join = (endpoint: () => string) => `SELECT ?name ?stars WHERE { ?s schema:name ?name SERVICE <${endpoint()}> { ?s <${STARS}> ?stars } } ORDER BY ?name`;

  it('joins local and remote solutions through an allowlisted endpoint', async () => {
    const result = await runQuery(
      toolTarget(),
      join(() => allowed.url),
      { allowServices: [allowed.url] },
    );
    expect(rowsOf(result)).toEqual([
      ['name=List directory', 'stars=7'],
      ['name=Read file', 'stars=42'],
    ]);
    expect(result.warnings).toEqual([]);
    // Comunica first dereferences the SERVICE IRI (a plain GET asking for RDF: our service
    // description), then sends the sub-query (bound with VALUES; POST once the URL would be long).
    const [description, ...queries] = allowed.requests;
    expect([description?.method, description?.query, description?.accept?.split(',')[0]]).toEqual(['GET', undefined, 'application/n-quads']);
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every((r) => r.query?.includes(`<${STARS}>`) === true && r.accept?.startsWith('application/sparql-results+json') === true)).toBe(true);
    expect(denied.requests).toHaveLength(0);
  });

  it('sends long queries with POST application/x-www-form-urlencoded', async () => {
    const long = 'x'.repeat(700);
    const query = `SELECT ?name ?stars WHERE { ?s schema:name ?name SERVICE <${allowed.url}> { ?s <${STARS}> ?stars FILTER(STR(?stars) != "${long}") } } ORDER BY ?name`;
    const result = await runQuery(toolTarget(), query, { allowServices: [allowed.url] });
    expect(rowsOf(result)).toEqual([
      ['name=List directory', 'stars=7'],
      ['name=Read file', 'stars=42'],
    ]);
    const posts = allowed.requests.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((r) => r.contentType === 'application/x-www-form-urlencoded' && r.query?.includes(long) === true)).toBe(true);
  });

  it.each([
    ['a SERVICE that is not allowlisted', () => join(() => denied.url), () => `SERVICE refused for <${denied.url}>`],
    [
      'a variable SERVICE, even bound to an allowed endpoint',
      () => `SELECT * WHERE { VALUES ?ep { <${allowed.url}> } SERVICE ?ep { ?s <${STARS}> ?stars } }`,
      () => 'SERVICE refused for ?ep (variable targets are never allowed)',
    ],
    [
      'a SERVICE nested inside an allowed SERVICE',
      () => `SELECT * WHERE { SERVICE <${allowed.url}> { ?s <${STARS}> ?stars SERVICE <${denied.url}> { ?s ?p ?o } } }`,
      () => `SERVICE refused for <${denied.url}>`,
    ],
    [
      'a SERVICE inside FILTER NOT EXISTS',
      () => `SELECT * WHERE { ?s schema:name ?n FILTER NOT EXISTS { SERVICE <${denied.url}> { ?s ?p ?o } } }`,
      () => `SERVICE refused for <${denied.url}>`,
    ],
  ])('refuses %s before any request', async (_name, query, message) => {
    const error = await rejection(runQuery(toolTarget(), query(), { allowServices: [allowed.url] }));
    expect(error.code).toBe('MDKG_SPARQL_SERVICE_DENIED');
    expect(error.message).toBe(`${message()}; allowed: <${allowed.url}>`);
    expect(all.map((e) => e.requests.length)).toEqual([0, 0]);
  });
});

describe('the guarded fetch behind SERVICE', () => {
  let target: SparqlEndpoint;
  let misdirecting: SparqlEndpoint;
  let redirecting: SparqlEndpoint;

  beforeAll(async () => {
    target = await startSparqlEndpoint(remoteStore());
    // Both are allowlisted, but send Comunica on to `target`, which is not.
    misdirecting = await startSparqlEndpoint(remoteStore(), { path: '/ds', announce: target.url });
    redirecting = await startSparqlEndpoint(remoteStore(), { redirectTo: target.url });
  });
  afterAll(async () => {
    await Promise.all([target, misdirecting, redirecting].map((e) => e.close()));
  });
  beforeEach(() => {
    for (const e of [target, misdirecting, redirecting]) e.requests.length = 0;
  });

  const query = (endpoint: string, silent = '') =>
    `SELECT ?name ?stars WHERE { ?s schema:name ?name OPTIONAL { SERVICE ${silent} <${endpoint}> { ?s <${STARS}> ?stars } } } ORDER BY ?name`;

  // [case, endpoint, requests it receives]: the redirecting one ends in /sparql, so Comunica takes
  // it for an endpoint although its description could not be fetched, and tries a query too.
  it.each([
    ['a service description that names another endpoint', () => misdirecting, 1],
    ['an HTTP redirect to another host', () => redirecting, 2],
  ])('stops %s', async (_name, endpoint, received) => {
    const error = await rejection(runQuery(toolTarget(), query(endpoint().url), { allowServices: [endpoint().url] }));
    expect([error.code, error.message]).toEqual(['MDKG_FETCH_DENIED', `Refused to fetch ${target.url}: not an allowed SPARQL endpoint`]);
    expect(endpoint().requests).toHaveLength(received);
    expect(target.requests).toHaveLength(0);
  });

  it('turns a refusal under SERVICE SILENT into a warning', async () => {
    const result = await runQuery(toolTarget(), query(misdirecting.url, 'SILENT'), { allowServices: [misdirecting.url] });
    expect(rowsOf(result)).toEqual([['name=List directory'], ['name=Read file'], ['name=Write file']]);
    expect(result.warnings.map((w) => [w.code, w.severity, w.message])).toEqual([
      ['MDKG_FETCH_DENIED', 'warning', `Refused to fetch ${target.url}: not an allowed SPARQL endpoint`],
    ]);
    expect(target.requests).toHaveLength(0);
  });
});

describe('the test endpoint speaks the SPARQL 1.1 protocol', () => {
  let endpoint: SparqlEndpoint;
  beforeAll(async () => {
    endpoint = await startSparqlEndpoint(remoteStore());
  });
  afterAll(async () => {
    await endpoint.close();
  });

  const q = `SELECT ?stars WHERE { <${TOOL}fs/list_dir> <${STARS}> ?stars }`;
  const expected = {
    head: { vars: ['stars'] },
    results: { bindings: [{ stars: { type: 'literal', value: '7', datatype: 'http://www.w3.org/2001/XMLSchema#integer' } }] },
  };

  it.each([
    ['GET ?query=', () => fetch(`${endpoint.url}?query=${encodeURIComponent(q)}`)],
    ['POST form', () => fetch(endpoint.url, { method: 'POST', body: new URLSearchParams({ query: q }) })],
    ['POST sparql-query', () => fetch(endpoint.url, { method: 'POST', headers: { 'content-type': 'application/sparql-query' }, body: q })],
  ])('%s', async (_name, send) => {
    const response = await send();
    expect(response.headers.get('content-type')).toBe('application/sparql-results+json');
    expect(await response.json()).toEqual(expected);
  });

  it('describes itself on a plain GET', async () => {
    const response = await fetch(endpoint.url);
    expect(response.headers.get('content-type')).toBe('text/turtle');
    expect(await response.text()).toContain(`sd:endpoint <${endpoint.url}>`);
  });
});
