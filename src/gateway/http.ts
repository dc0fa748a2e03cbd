// `mdkg serve --http [HOST:]PORT`: MCP over Streamable HTTP, one session (and one MCP server) per
// client. Binds 127.0.0.1 unless a host is given; any other bind needs a bearer token, and with a
// token every request must carry it. On loopback, requests for other host names are refused.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { isMdkgError, MdkgError } from '../errors.js';
import type { Gateway } from './gateway.js';
import { sendHealth } from './health.js';
import { checkMessage, needsAnswer, parseError } from './jsonrpc-check.js';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS, HttpSessions, type SessionLimits } from './http-sessions.js';
import { profileTokens } from './profiles.js';
import { createGatewayServer } from './server.js';
import { bearerCredentials, isLoopback, sameMachine, sameToken } from '../util/http-guard.js';

export { bearerCredentials, isLoopback, sameToken } from '../util/http-guard.js';

/** Largest request body read (an MCP message). */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** `PORT`, `HOST:PORT` or `[v6]:PORT`; the host defaults to 127.0.0.1. */
export function parseListen(value: string): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]:|([^:]+):)?(\d{1,5})$/.exec(value);
  const port = Number(m?.[3]);
  if (m === null || !Number.isInteger(port) || port > 65535) throw new MdkgError('MDKG_USAGE', `--http takes PORT or HOST:PORT, got '${value}'`);
  return { host: m[1] ?? m[2] ?? '127.0.0.1', port };
}

function reply(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

/** Seconds a client refused for a full server is told to wait (Retry-After). */
const BUSY_RETRY_S = 30;

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > MAX_BODY_BYTES) throw new MdkgError('MDKG_FILE_TOO_LARGE', `the request is too large: over the ${MAX_BODY_BYTES} bytes a message may have`);
    chunks.push(chunk);
  }
  return length === 0 ? undefined : (JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown);
}

/**
 * The serve profile of a request: a profile's token gives that profile; the top-level token gives
 * the top level (''); without a top-level token, the top level is open (any other request gets
 * it, as before profiles); anything else is refused (undefined).
 */
function profileOfRequest(req: IncomingMessage, token: string | undefined, profiles: Map<string, string>): string | undefined {
  const given = bearerCredentials(req.headers.authorization);
  for (const [t, name] of profiles) if (sameToken(given, t)) return name;
  return token === undefined || sameToken(given, token) ? '' : undefined;
}

/** Starts the HTTP server; resolves with it once it listens (the port is its address's). */
export async function serveHttp(
  gw: Gateway,
  listen: { host: string; port: number },
  token: string | undefined,
  log: (line: string) => void,
  limits: Partial<SessionLimits> = {},
): Promise<HttpServer> {
  if (!isLoopback(listen.host) && token === undefined) {
    throw new MdkgError(
      'MDKG_USAGE',
      `refusing to listen on ${listen.host} without a bearer token: set serve.token_env in the config to an environment variable holding one`,
    );
  }
  // serve.profiles: each profile's bearer token (read at start; a profile without one is refused).
  const { tokens: profiles, missing } = profileTokens(gw.config, process.env);
  if (missing.length > 0)
    throw new MdkgError('MDKG_USAGE', `serve.profiles: the token environment variable of ${missing.join(', ')} must hold a token of at least 16 characters`);
  const sessions = new HttpSessions({
    max: limits.max ?? gw.config.serve?.max_sessions ?? DEFAULT_MAX_SESSIONS,
    idleMs: limits.idleMs ?? gw.config.serve?.session_idle_ms ?? DEFAULT_SESSION_IDLE_MS,
    now: limits.now ?? Date.now,
  });
  const loopback = isLoopback(listen.host);
  const startedAt = Date.now();
  const http = createServer((req, res) => {
    void (async () => {
      if (loopback && !sameMachine(req)) return reply(res, 403, 'a server on 127.0.0.1 answers only requests addressed to a loopback host (DNS rebinding)');
      const profile = profileOfRequest(req, token, profiles);
      if (profile === undefined) return reply(res, 401, 'missing or wrong bearer token');
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      // Liveness and each server's state (health.ts); 503 once the server stopped listening.
      if (path === '/health' || path === '/healthz') return sendHealth(req, res, gw, startedAt, !http.listening);
      if (path !== '/mcp') return reply(res, 404, 'the MCP endpoint is /mcp (health: /health)');
      const id = req.headers['mcp-session-id'];
      const known = typeof id === 'string' ? sessions.get(id) : undefined;
      let body: unknown;
      try {
        body = req.method === 'POST' ? await readBody(req) : undefined;
      } catch (error) {
        if (isMdkgError(error)) return reply(res, 413, `${error.code} ${error.message}`);
        return sendJson(res, 400, parseError((error as Error).message));
      }
      // A malformed message gets its JSON-RPC error, with its id (the SDK would answer id null or drop it).
      if (body !== undefined) {
        const checked = checkMessage(body);
        if ('error' in checked) return needsAnswer(body, checked.error) ? sendJson(res, 400, checked.error) : void res.writeHead(202).end();
      }
      if (known !== undefined && known.profile !== profile) return reply(res, 403, 'this session was opened with another bearer token');
      if (known !== undefined) return known.transport.handleRequest(req, res, body);
      if (typeof id === 'string') return reply(res, 404, 'no such session (closed, or expired after being unused): start again with an initialize request');
      if (req.method !== 'POST' || !isInitializeRequest(body)) return reply(res, 400, 'no session: start with an initialize request');
      if (!(await sessions.reserve()))
        return reply(
          res,
          503,
          `MDKG_BUSY mdkg serve holds its most sessions (${sessions.limits.max}, serve.max_sessions): retry later, or close sessions you no longer use (DELETE)`,
          { 'retry-after': String(BUSY_RETRY_S) },
        );
      try {
        const transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (sid) => sessions.add(sid, transport, profile),
        });
        transport.onclose = () => {
          if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
        };
        await createGatewayServer(gw, log, profile === '' ? undefined : profile).connect(transport);
        return await transport.handleRequest(req, res, body);
      } finally {
        sessions.release();
      }
    })().catch((error: unknown) => {
      log(`mdkg serve: HTTP request failed: ${(error as Error).message}`);
      if (!res.headersSent) reply(res, 500, 'internal error');
    });
  });
  http.once('close', () => void sessions.closeAll());
  await new Promise<void>((done, fail) => {
    http.once('error', fail);
    http.listen(listen.port, listen.host, () => done());
  });
  const address = http.address() as AddressInfo;
  log(`mdkg serve: listening on http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}/mcp`);
  return http;
}
