// The query path and the client against a hostile HTTP server (a real one, on port 0): mdkg's guard
// runs before anything is sent, and every odd answer (HTML, garbage, huge, a redirect, silence, a
// deadlock, a default graph without the union) becomes its MDKG_* code.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manifestBody } from '../../src/store/manifest.js';
import { putGraph } from '../../src/store/protocol.js';
import { RemoteGraph } from '../../src/store/remote-graph.js';
import { StoreClient } from '../../src/store/store-client.js';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
const ROOT_FIELDS = JSON.stringify({
  head: { vars: ['p', 'o'] },
  results: {
    bindings: [
      { p: { type: 'uri', value: 'https://w3id.org/mdkg/store#pushedAt' }, o: { type: 'literal', value: '2026-11-28T07:00:00.000Z' } },
      {
        p: { type: 'uri', value: 'https://w3id.org/mdkg/store#profile' },
        o: {
          type: 'literal',
          value: JSON.stringify({
            classes: [{ iri: 'https://w3id.org/mdkg/vocab#Tool', instances: 1 }],
            predicates: [],
            prefixes: {},
            documents: 1,
            triples: 1,
            graphs: 1,
          }),
        },
      },
    ],
  },
});

let server: Server;
let base: string;
let handler: Handler;
const seen: Array<{ method: string; url: string; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body });
      handler(req, body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  seen.length = 0;
});

const client = (over: Partial<ConstructorParameters<typeof StoreClient>[0]> = {}): StoreClient =>
  new StoreClient({ queryUrl: `${base}/sparql`, graphStoreUrl: `${base}/gsp`, concurrency: 2, timeoutMs: 5000, maxBytes: 64 * 1024, ...over });
const json = (res: ServerResponse, value: unknown): void => {
  res.writeHead(200, { 'content-type': 'application/sparql-results+json' }).end(typeof value === 'string' ? value : JSON.stringify(value));
};
/** The manifest's root fields first, then `answer` for the query itself. */
const afterManifest =
  (answer: Handler): Handler =>
  (req, body, res) =>
    decodeURIComponent(body).includes('store:manifest:root') ? json(res, ROOT_FIELDS) : answer(req, body, res);

describe('RemoteGraph', () => {
  it.each([
    ['INSERT DATA { <urn:a> <urn:b> <urn:c> }', 'MDKG_SPARQL_READ_ONLY'],
    ['CLEAR ALL', 'MDKG_SPARQL_READ_ONLY'],
    ['SELECT * WHERE { SERVICE <http://evil.example/sparql> { ?s ?p ?o } }', 'MDKG_SPARQL_SERVICE_DENIED'],
    ['SELECT * WHERE { ?s ?p }', 'MDKG_SPARQL_SYNTAX'],
  ])('refuses %j before the query is sent', async (query, code) => {
    handler = afterManifest((_req, _body, res) => json(res, { head: { vars: [] }, results: { bindings: [] } }));
    await expect(new RemoteGraph(client()).query(query)).rejects.toMatchObject({ code });
    expect(seen.map((r) => decodeURIComponent(r.body.replace(/\+/g, ' ')))).toEqual(['query=SELECT ?p ?o WHERE { <urn:mdkg:store:manifest:root> ?p ?o }']);
  });

  it('sends full IRIs, LIMIT limit + 1 and ASK as a one-row SELECT; warns of terms the pushed profile lacks', async () => {
    handler = afterManifest((_req, body, res) =>
      decodeURIComponent(body).includes('LIMIT 1')
        ? json(res, {
            head: { vars: ['__ASK_RETVAL'] },
            results: { bindings: [{ __ASK_RETVAL: { type: 'typed-literal', datatype: 'http://www.w3.org/2001/XMLSchema#integer', value: '1' } }] },
          })
        : json(res, {
            head: { vars: ['t', 'ro'] },
            results: {
              bindings: [
                { t: { type: 'uri', value: 'urn:t1' }, ro: { type: 'typed-literal', datatype: 'http://www.w3.org/2001/XMLSchema#boolean', value: '1' } },
                { t: { type: 'bnode', value: 'b0' } },
                { t: { type: 'literal', value: 'x', 'xml:lang': 'en' } },
              ],
            },
          }),
    );
    const remote = new RemoteGraph(client());
    const result = await remote.query('SELECT ?t ?ro WHERE { ?t a mdkg:Tool ; mdkg:readOnlyHnt ?ro }', { limit: 2 });
    expect(result).toMatchObject({ kind: 'bindings', variables: ['t', 'ro'], truncated: true });
    expect(result.kind === 'bindings' && result.rows.map((r) => [r.t?.termType, r.ro?.value])).toEqual([
      ['NamedNode', 'true'],
      ['BlankNode', undefined],
    ]);
    expect(result.warnings.map((w) => w.code)).toEqual(['MDKG_SPARQL_UNKNOWN_TERM']);
    const sent = decodeURIComponent(seen[1]?.body.replace(/\+/g, ' ') ?? '');
    expect(sent).toContain('<https://w3id.org/mdkg/vocab#readOnlyHnt>');
    expect(sent).toMatch(/LIMIT 3$/);
    expect(await remote.query('ASK { ?t a mdkg:Tool }')).toMatchObject({ kind: 'boolean', value: true });
  });

  it.each<[string, Handler, string]>([
    ['an HTML page', (_q, _b, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Welcome</body></html>'), 'MDKG_STORE_BAD_ANSWER'],
    ['JSON of another shape', (_q, _b, res) => json(res, { rows: [] }), 'MDKG_STORE_BAD_ANSWER'],
    ['not JSON', (_q, _b, res) => json(res, '{"head": {"vars": ['), 'MDKG_STORE_BAD_ANSWER'],
    [
      'a term of no known type',
      (_q, _b, res) => json(res, { head: { vars: ['x'] }, results: { bindings: [{ x: { type: 'evil', value: 'v' } }] } }),
      'MDKG_STORE_BAD_ANSWER',
    ],
    ['a body over the cap', (_q, _b, res) => json(res, `{"head":{"vars":[]},"results":{"bindings":[${'{},'.repeat(40_000)}{}]}}`), 'MDKG_STORE_BAD_ANSWER'],
    ['a redirect', (_q, _b, res) => res.writeHead(302, { location: 'http://evil.example/sparql' }).end(), 'MDKG_STORE_REFUSED'],
    ['a server error', (_q, _b, res) => res.writeHead(500).end('boom'), 'MDKG_STORE_REFUSED'],
  ])('turns %s into its code', async (_name, answer, code) => {
    handler = afterManifest(answer);
    await expect(new RemoteGraph(client()).query('SELECT ?s WHERE { ?s a mdkg:Tool }')).rejects.toMatchObject({ code });
  });

  it('stops a query that gets no answer at its time limit (MDKG_SPARQL_TIMEOUT)', async () => {
    handler = afterManifest(() => {});
    const started = performance.now();
    await expect(new RemoteGraph(client()).query('SELECT ?s WHERE { ?s a mdkg:Tool }', { timeoutMs: 300 })).rejects.toMatchObject({
      code: 'MDKG_SPARQL_TIMEOUT',
    });
    expect(performance.now() - started).toBeLessThan(300 * 10);
  });

  it('says when the default graph is not the union of the named graphs, and warns when nothing was pushed', async () => {
    handler = (_req, body, res) =>
      json(
        res,
        decodeURIComponent(body).includes('GRAPH')
          ? { head: { vars: ['p'] }, results: { bindings: [{ p: { type: 'uri', value: 'urn:p' } }] } }
          : { head: { vars: ['p', 'o'] }, results: { bindings: [] } },
      );
    await expect(new RemoteGraph(client()).query('ASK {}')).rejects.toMatchObject({ code: 'MDKG_STORE_NO_UNION' });
    handler = (_req, _body, res) => json(res, { head: { vars: ['p', 'o'] }, results: { bindings: [] } });
    const result = await new RemoteGraph(client()).query('ASK { ?s ?p ?o }');
    expect(result.warnings.map((w) => w.code)).toEqual(['MDKG_STORE_NO_MANIFEST']);
  });

  it('refuses an unreachable server with MDKG_STORE_UNREACHABLE', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await expect(new RemoteGraph(client({ queryUrl: `http://127.0.0.1:${port}/sparql` })).query('ASK {}')).rejects.toMatchObject({
      code: 'MDKG_STORE_UNREACHABLE',
    });
  });
});

describe('Graph Store writes', () => {
  it('retries a deadlocked PUT and answers a digest challenge once', async () => {
    let deadlocks = 2;
    handler = (req, _body, res) => {
      if (!(req.headers.authorization ?? '').startsWith('Digest ')) {
        res.writeHead(401, { 'www-authenticate': 'Digest realm="SPARQL", nonce="n1", qop="auth", algorithm="MD5"' }).end();
        return;
      }
      if (deadlocks-- > 0) res.writeHead(500).end('Error 40001 SR172: Transaction deadlocked');
      else res.writeHead(201).end();
    };
    const c = client({ auth: { scheme: 'digest', user: 'mdkg', password: 'pw' } });
    await putGraph(c, 'urn:g', manifestBody([], { classes: [], predicates: [], prefixes: {}, documents: 0, triples: 0, graphs: 0 }, new Date(0), 'x'));
    expect(seen.map((r) => `${r.method} ${decodeURIComponent(r.url)}`)).toEqual(Array(4).fill('PUT /gsp?graph=urn:g'));
    expect(Object.fromEntries(c.sent)).toEqual({ PUT: 4 });
  });

  it('gives up on a refusal that is not transient, saying what to check', async () => {
    handler = (_req, _body, res) => res.writeHead(403, { 'content-type': 'text/html' }).end('<html><title>x</title><body><h1>Forbidden</h1></body></html>');
    await expect(putGraph(client(), 'urn:g', '')).rejects.toMatchObject({
      code: 'MDKG_STORE_REFUSED',
      message: expect.stringMatching(/HTTP 403 \(check store\.auth .*SPARQL_UPDATE.*\): 'Forbidden'$/),
    });
    expect(seen.length).toBe(1);
  });
});
