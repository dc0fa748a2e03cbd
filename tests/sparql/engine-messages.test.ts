// Every engine error that reaches a user is a coded message of one line that names what failed
// (the endpoint, the function, the limit) and nothing of the engine's inside: actor names, bus
// dumps, a remote body's lines. Table over the failures a query can provoke, with real HTTP
// servers on 127.0.0.1; then the rewrite itself over engine messages as the engine words them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MdkgError } from '../../src/errors.js';
import { engineMessage, MAX_ENGINE_MESSAGE, oneLine } from '../../src/sparql/engine-errors.js';
import { formatBindings } from '../../src/sparql/format.js';
import { runQuery } from '../../src/sparql/run.js';
import { closeQueryWorkers } from '../../src/sparql/worker-pool.js';
import { bigTarget, toolTarget } from '../helpers/sparql-store.js';

type Answer = (res: import('node:http').ServerResponse) => void;
const servers: Server[] = [];
async function serve(answer: Answer | 'hang'): Promise<string> {
  const server = createServer((_req, res) => {
    if (answer !== 'hang') answer(res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/sparql`;
}

const urls: Record<string, string> = {};
beforeAll(async () => {
  urls.json = await serve((res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}'));
  urls.html = await serve((res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>\n<body>hi</body>\n</html>'));
  urls.fail = await serve((res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('java.lang.NullPointerException\n\tat Foo.bar\\n\tat Baz'));
  urls.hang = await serve('hang');
  // A port that was just free: nothing listens there, so the connection is refused.
  const gone = await serve('hang');
  const last = servers.pop() as Server;
  await new Promise((resolve) => last.close(resolve));
  urls.refused = gone;
});
afterAll(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await closeQueryWorkers();
});

const service = (url: string): string => `SELECT * WHERE { SERVICE <${url}> { ?s ?p ?o } }`;

/** The class: one line, no engine internals, bounded. */
function expectClear(message: string): void {
  expect(message).not.toMatch(/[\n\r\t]|\\n|urn:comunica|[Aa]ctor|Error messages of/);
  expect(message.length).toBeLessThanOrEqual(MAX_ENGINE_MESSAGE + 100);
}

describe('engine errors reach users as one coded line', () => {
  it.each<[string, () => [string, { allowServices?: string[]; timeoutMs?: number }], string, () => string]>([
    ['a parse error', () => ['SELECT * WHERE { ?s ?p }', {}], 'MDKG_SPARQL_SYNTAX', () => 'SPARQL syntax error at line 1, column 24: unexpected "}"'],
    [
      'an unknown prefix',
      () => ['SELECT * WHERE { ?s nope:x ?o }', {}],
      'MDKG_SPARQL_SYNTAX',
      () =>
        'Unknown prefix "nope:" at line 1, column 21. Declare it (PREFIX nope: <...>) or use a known prefix: code, concept, dcterms, doc, mdkg, owl, prov, rdf, rdfs, schema, skos, tool, xsd',
    ],
    [
      'an unknown function',
      () => ['SELECT ?x WHERE { ?s ?p ?o BIND(<http://example.org/fn>(?o) AS ?x) }', {}],
      'MDKG_SPARQL_FAILED',
      () => 'SPARQL evaluation failed: unknown function <http://example.org/fn>: only SPARQL 1.1 built-in functions are evaluated',
    ],
    [
      'a SERVICE IRI with a fragment, answered with plain JSON (the "context link header" message)',
      () => [service(`${urls.json}#frag`), { allowServices: [`${urls.json}#frag`] }],
      'MDKG_SPARQL_FAILED',
      () => `SPARQL evaluation failed: the SPARQL endpoint ${urls.json} answered with application/json, not SPARQL results`,
    ],
    [
      'a SERVICE answered with HTML',
      () => [service(urls.html as string), { allowServices: [urls.html as string] }],
      'MDKG_SPARQL_FAILED',
      () => 'SPARQL evaluation failed: a SPARQL endpoint answered with text/html, not SPARQL results',
    ],
    [
      'a SERVICE answered HTTP 500 with a body of many lines',
      () => [service(urls.fail as string), { allowServices: [urls.fail as string] }],
      'MDKG_SPARQL_FAILED',
      () => `SPARQL evaluation failed: the SPARQL endpoint ${urls.fail} answered HTTP 500`,
    ],
    [
      'a SERVICE whose connection is refused',
      () => [service(urls.refused as string), { allowServices: [urls.refused as string] }],
      'MDKG_SPARQL_FAILED',
      () => `SPARQL evaluation failed: the SPARQL endpoint ${urls.refused} could not be reached (connection refused)`,
    ],
    [
      'a SERVICE on a host that does not exist',
      () => [service('http://mdkg-test.invalid/sparql'), { allowServices: ['http://mdkg-test.invalid/sparql'], timeoutMs: 60_000 }],
      'MDKG_SPARQL_FAILED',
      () => 'SPARQL evaluation failed: the SPARQL endpoint http://mdkg-test.invalid/sparql could not be reached (host not found)',
    ],
    [
      'a SERVICE that never answers',
      () => [service(urls.hang as string), { allowServices: [urls.hang as string], timeoutMs: 1500 }],
      'MDKG_SPARQL_TIMEOUT',
      // The request's own limit is the query's: the query's deadline answers first.
      () => 'The query did not finish within 1500 ms',
    ],
    [
      'a SERVICE that is not allowed',
      () => [service('http://x.example/sparql'), {}],
      'MDKG_SPARQL_SERVICE_DENIED',
      () => 'SERVICE refused for <http://x.example/sparql>; no endpoint is allowed',
    ],
    [
      'a query past its time limit',
      () => [`SELECT * WHERE { BIND("${'a'.repeat(49)}!" AS ?s) FILTER(REGEX(?s, "(a+)+$")) }`, { timeoutMs: 1000 }],
      'MDKG_SPARQL_TIMEOUT',
      () => 'The query did not finish within 1000 ms',
    ],
  ])(
    '%s',
    async (_name, input, code, message) => {
      const [query, options] = input();
      const error = (await runQuery(toolTarget(), query, options).catch((e: unknown) => e)) as MdkgError;
      expect([error.code, error.message]).toEqual([code, message()]);
      expectClear(error.message);
    },
    120_000,
  );

  it('too many rows: a truncated result says so in one line', async () => {
    const result = await runQuery(bigTarget(50), 'SELECT * WHERE { ?s ?p ?o }', { limit: 3 });
    expect(result.kind === 'bindings' && result.truncated).toBe(true);
    const lines = formatBindings(result as Parameters<typeof formatBindings>[0], 'table', {})
      .trimEnd()
      .split('\n');
    expect(lines.at(-1)).toBe('3 rows (truncated: more results exist; raise the limit to see them)');
  });
});

describe('engineMessage: engine wording to one clear line', () => {
  it.each([
    ['Could not retrieve http://h/s#f (HTTP status 502):\nbad gateway\n', 'SPARQL evaluation failed: the SPARQL endpoint http://h/s#f answered HTTP 502'],
    [
      'Missing context link header for media type application/json on http://h/s',
      'SPARQL evaluation failed: the SPARQL endpoint http://h/s answered with application/json, not SPARQL results',
    ],
    [
      'Multiple JSON-LD context link headers were found on http://h/s',
      'SPARQL evaluation failed: the SPARQL endpoint http://h/s answered with JSON-LD, not SPARQL results',
    ],
    ['fetch failed', 'SPARQL evaluation failed: a SPARQL endpoint could not be reached'],
    [
      'Something broke: the join could not run\n    Error messages of failing actors:\n        Actor urn:comunica:default:x failed',
      'SPARQL evaluation failed: Something broke: the join could not run',
    ],
    ['line one\\nline two\r\n\tthree', 'SPARQL evaluation failed: line one line two three'],
    ['', 'SPARQL evaluation failed: the engine gave no reason'],
  ])('%j', (raw, expected) => {
    expect(engineMessage(new Error(raw))).toBe(expected);
    expectClear(engineMessage(new Error(raw)));
  });

  it('caps a long message', () => {
    const text = oneLine('x'.repeat(5000));
    expect([text.length, text.endsWith('…')]).toEqual([MAX_ENGINE_MESSAGE, true]);
  });
});
