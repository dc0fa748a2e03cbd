// The HTTP server of `mdkg view`: the page (files built into dist/view/assets/) and its JSON
// API, on a loopback address only. Requests must name a loopback host (Host and Origin: DNS
// rebinding, util/http-guard.ts, as `serve --http`); with a token, every /api/ request must carry it
// as a bearer token (the page's files hold no data and are served without). Read-only: GET, and
// POST for a long SPARQL query.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { isMdkgError, type MdkgCode, MdkgError } from '../errors.js';
import { MAX_MAX_DEPTH } from '../plan/plan-request.js';
import { MAX_QUERY_CHARS } from '../sparql/run.js';
import { bearerCredentials, sameMachine, sameToken } from '../util/http-guard.js';
import { documentApi, intParam, nodeApi, planApi, schemaApi, searchApi, sparqlApi, textParam, type ViewContext } from './api.js';
import { MAX_EDGES } from './neighbourhood.js';

/** The page's files: name → content type. */
export const ASSETS: Readonly<Record<string, string>> = {
  'index.html': 'text/html; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
  'sparql.js': 'text/javascript; charset=utf-8',
  'sparql.css': 'text/css; charset=utf-8',
};

const STATUS: Partial<Record<MdkgCode, number>> = {
  MDKG_NOT_FOUND: 404,
  MDKG_PATH_ESCAPE: 403,
  MDKG_BUSY: 503,
  MDKG_SPARQL_TIMEOUT: 504,
  MDKG_FILE_TOO_LARGE: 413,
  MDKG_RESULT_TOO_LARGE: 413,
};
const CLIENT_ERRORS = new Set<MdkgCode>([
  'MDKG_USAGE',
  'MDKG_SPARQL_SYNTAX',
  'MDKG_SPARQL_READ_ONLY',
  'MDKG_SPARQL_SERVICE_DENIED',
  'MDKG_QUERY_EMPTY',
  'MDKG_SPARQL_UNKNOWN_TERM',
]);

/** What the page may load: its own files only (YASQE and Cytoscape set inline styles). */
export const PAGE_CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'";

const HEADERS = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'content-security-policy': `${PAGE_CSP}; frame-ancestors 'none'`,
};

/** The folder of the built page: dist/view/assets/ (from dist/view/ and dist/bundle/ alike; from src/ in tests). */
export function assetsDir(): string {
  const near = fileURLToPath(new URL('../view/assets/', import.meta.url));
  return existsSync(near) ? near : fileURLToPath(new URL('../../dist/view/assets/', import.meta.url));
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { 'content-type': type, ...HEADERS }).end(body);
}

function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  send(res, status, 'application/json', JSON.stringify({ error: { code, message } }));
}

/** Largest POST body (a SPARQL query of MAX_QUERY_CHARS characters of up to 4 bytes). */
const MAX_BODY_BYTES = 4 * MAX_QUERY_CHARS;

async function readQueryBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > MAX_BODY_BYTES) throw new MdkgError('MDKG_FILE_TOO_LARGE', `the request body is over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') ? (new URLSearchParams(text).get('query') ?? '') : text;
}

function depthParam(value: string): number {
  if (!/^\d{1,2}$/.test(value) || Number(value) > MAX_MAX_DEPTH)
    throw new MdkgError('MDKG_USAGE', `max_depth must be an integer from 0 to ${MAX_MAX_DEPTH}, got '${value.slice(0, 40)}'`);
  return Number(value);
}

async function answer(ctx: ViewContext, path: string, params: URLSearchParams, req: IncomingMessage): Promise<unknown> {
  switch (path) {
    case '/api/sparql': {
      const query = req.method === 'POST' ? await readQueryBody(req) : params.get('query');
      return sparqlApi(ctx, textParam(query, 'query', MAX_QUERY_CHARS));
    }
    case '/api/search':
      return searchApi(ctx, textParam(params.get('q'), 'q', 1000), intParam(params.get('limit'), 'limit', 10, 100));
    case '/api/plan': {
      const depth = params.get('max_depth');
      return planApi(ctx, textParam(params.get('q'), 'q', 1000), depth === null ? undefined : depthParam(depth));
    }
    case '/api/node':
      return nodeApi(ctx, textParam(params.get('iri'), 'iri', 4096), intParam(params.get('limit'), 'limit', 100, MAX_EDGES));
    case '/api/document':
      return documentApi(ctx, textParam(params.get('iri'), 'iri', 4096));
    case '/api/schema':
      return schemaApi(ctx);
    default:
      throw new MdkgError('MDKG_NOT_FOUND', `no API ${path.slice(0, 80)} (known: /api/sparql, /api/search, /api/plan, /api/node, /api/document, /api/schema)`);
  }
}

export interface ViewServerOptions {
  port: number;
  /** Bearer token every /api/ request must carry. */
  token?: string;
  assets?: string;
  log?: (line: string) => void;
}

/** Starts the server on 127.0.0.1; resolves once it listens (the port is its address's). */
export async function serveView(ctx: ViewContext, options: ViewServerOptions): Promise<Server> {
  const dir = options.assets ?? assetsDir();
  const http = createServer((req, res) => {
    void (async () => {
      if (!sameMachine(req)) return sendError(res, 403, 'MDKG_USAGE', 'mdkg view answers only requests addressed to a loopback host (DNS rebinding)');
      if (req.method !== 'GET' && req.method !== 'POST') return sendError(res, 405, 'MDKG_USAGE', 'mdkg view is read-only: GET (or POST a SPARQL query)');
      const url = new URL(req.url ?? '/', 'http://x');
      const path = url.pathname;
      if (path.startsWith('/api/')) {
        if (options.token !== undefined && !sameToken(bearerCredentials(req.headers.authorization), options.token))
          return sendError(res, 401, 'MDKG_USAGE', 'missing or wrong bearer token');
        if (req.method === 'POST' && path !== '/api/sparql') return sendError(res, 405, 'MDKG_USAGE', 'only /api/sparql takes POST');
        try {
          return send(res, 200, 'application/json', JSON.stringify(await answer(ctx, path, url.searchParams, req)));
        } catch (error) {
          if (!isMdkgError(error)) throw error;
          return sendError(res, STATUS[error.code] ?? (CLIENT_ERRORS.has(error.code) ? 400 : 500), error.code, error.message);
        }
      }
      const name = path === '/' ? 'index.html' : path.replace(/^\/assets\//, '');
      const type = ASSETS[name];
      if (type === undefined || req.method !== 'GET') return sendError(res, 404, 'MDKG_NOT_FOUND', `no page ${path.slice(0, 80)}`);
      const body = await readFile(`${dir}/${name}`).catch(() => undefined);
      if (body === undefined) return sendError(res, 404, 'MDKG_NOT_FOUND', `the page is not built (${name} is missing from ${dir}): run npm run build`);
      return send(res, 200, type, body);
    })().catch((error: unknown) => {
      options.log?.(`mdkg view: request failed: ${(error as Error).message}`);
      if (!res.headersSent) sendError(res, 500, 'internal', 'internal error');
    });
  });
  await new Promise<void>((done, fail) => {
    http.once('error', fail);
    http.listen(options.port, '127.0.0.1', () => done());
  });
  return http;
}

/** The page's address of a listening server. */
export function viewUrl(http: Server): string {
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}/`;
}
