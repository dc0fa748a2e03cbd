import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Store } from 'n3';
import { computeSchemaProfile } from '../../src/rdf/schema-profile.js';
import { serializeQuads } from '../../src/rdf/serialize.js';
import { formatBindings } from '../../src/sparql/format.js';
import { runQuery } from '../../src/sparql/run.js';

/** One HTTP request the endpoint received. */
export interface RecordedRequest {
  method: string;
  /** Path and query string. */
  url: string;
  accept: string | undefined;
  contentType: string | undefined;
  body: string;
  /** The SPARQL query found in the request, if any. */
  query: string | undefined;
}

export interface EndpointOptions {
  /** Path of the endpoint. Default `/sparql`. */
  path?: string;
  /**
   * The `sd:endpoint` its service description announces. Default: its own URL. Comunica sends
   * the queries to that URL, so pointing it elsewhere tests the guarded fetch.
   */
  announce?: string;
  /** Answer every request with `302 Location: redirectTo`. */
  redirectTo?: string;
  /** Record requests but never answer (until closed). */
  hang?: boolean;
}

export interface SparqlEndpoint {
  /** The endpoint URL: `http://127.0.0.1:<port><path>`. */
  url: string;
  origin: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

const SD = 'http://www.w3.org/ns/sparql-service-description#';

function serviceDescription(self: string, endpoint: string): string {
  return [
    `@prefix sd: <${SD}> .`,
    `<${self}> a sd:Service ;`,
    `  sd:endpoint <${endpoint}> ;`,
    '  sd:supportedLanguage sd:SPARQL11Query ;',
    '  sd:resultFormat <http://www.w3.org/ns/formats/SPARQL_Results_JSON> .',
    '',
  ].join('\n');
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return body;
}

/** The query of a SPARQL 1.1 protocol request: GET ?query=, POST form or POST sparql-query. */
function protocolQuery(req: IncomingMessage, url: URL, body: string): string | undefined {
  if (req.method === 'GET') return url.searchParams.get('query') ?? undefined;
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim();
  if (type === 'application/sparql-query') return body;
  if (type === 'application/x-www-form-urlencoded') return new URLSearchParams(body).get('query') ?? undefined;
  return undefined;
}

/**
 * A SPARQL 1.1 protocol endpoint over an N3 store, answered through mdkg's own runQuery (so
 * through Comunica). A plain GET (no query) returns a service description in Turtle: Comunica 5
 * dereferences a SERVICE IRI first and treats it as a SPARQL endpoint when the description has
 * `sd:endpoint` (or when the URL ends in `/sparql`). Every request is recorded.
 */
export async function startSparqlEndpoint(store: Store, options: EndpointOptions = {}): Promise<SparqlEndpoint> {
  const path = options.path ?? '/sparql';
  const requests: RecordedRequest[] = [];
  const profile = computeSchemaProfile(store, {}, 0);
  let self = '';

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', self);
    const query = protocolQuery(req, url, body);
    requests.push({ method: req.method ?? '', url: req.url ?? '', accept: req.headers.accept, contentType: req.headers['content-type'], body, query });
    if (options.hang === true) return;
    if (options.redirectTo !== undefined) {
      res.writeHead(302, { location: options.redirectTo }).end();
      return;
    }
    if (url.pathname !== path) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (query === undefined) {
      if (req.method !== 'GET') {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('missing query');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/turtle' }).end(serviceDescription(self, options.announce ?? self));
      return;
    }
    try {
      const result = await runQuery({ store, profile }, query, { timeoutMs: 100_000 });
      if (result.kind === 'quads') {
        res.writeHead(200, { 'content-type': 'application/n-quads' }).end(await serializeQuads(result.quads, 'nquads', {}));
      } else {
        res.writeHead(200, { 'content-type': 'application/sparql-results+json' }).end(formatBindings(result, 'json', {}));
      }
    } catch (error) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : String(error));
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  self = `${origin}${path}`;
  return {
    url: self,
    origin,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
