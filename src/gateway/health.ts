// GET /health (and /healthz) of `mdkg serve --http`, behind the same Host/Origin and token checks
// as /mcp: the gateway's liveness and each downstream server's state. 200 while the gateway
// answers, whatever its servers do (a down server is a state in the body, `status: degraded`);
// 503 only once the HTTP server is closing. No secrets: no command line or arguments (they may
// hold keys), no env or header values (masked in error texts too), no token.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Diagnostic } from '../errors.js';
import type { Gateway } from './gateway.js';
import { errorText } from './state-log.js';

export interface HealthServer {
  source: string;
  state: string;
  tools: number;
  failures: number;
  listChanges: number;
  /** Its last error, with the server's env and header values masked. */
  lastError?: string;
  retryAt?: string;
}

/** index_status's view of the live config: the file, why the last edit was not applied, notes, removed servers. */
export function liveStatus(gw: Gateway): {
  config: { file?: string; error?: Diagnostic; notes: Diagnostic[]; removedServers: string[] };
  diagnostics: Diagnostic[];
} {
  const { file, error, notes } = gw.live;
  return {
    config: { ...(file === undefined ? {} : { file }), ...(error === undefined ? {} : { error }), notes, removedServers: [...gw.hidden].sort() },
    diagnostics: [...(error === undefined ? [] : [error]), ...notes],
  };
}

/** The body and status code of /health. */
export function healthReport(gw: Gateway, startedAt: number, closing: boolean): { status: number; body: Record<string, unknown> } {
  const servers: HealthServer[] = [...gw.servers.values()].map((s) => {
    const st = s.status();
    const lastError = errorText(s);
    return {
      source: st.source,
      state: gw.firstConnects.has(s) ? 'connecting' : st.state,
      tools: st.tools,
      failures: st.failures,
      listChanges: st.listChanges,
      ...(lastError === undefined ? {} : { lastError }),
      ...(st.retryAt === undefined ? {} : { retryAt: st.retryAt }),
    };
  });
  const degraded = servers.some((s) => s.state === 'down') || gw.live.error !== undefined;
  return {
    status: closing ? 503 : 200,
    body: {
      status: closing ? 'closing' : degraded ? 'degraded' : 'ok',
      uptimeMs: Date.now() - startedAt,
      tools: gw.tools.length,
      indexing: gw.work.jobs.length > 0,
      config: { ok: gw.live.error === undefined, ...(gw.live.error === undefined ? {} : { error: gw.live.error.code }) },
      servers,
    },
  };
}

/** Answers GET or HEAD /health; other methods get 405. */
export function sendHealth(req: IncomingMessage, res: ServerResponse, gw: Gateway, startedAt: number, closing: boolean): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'application/json' }).end(JSON.stringify({ error: 'use GET /health' }));
    return;
  }
  const { status, body } = healthReport(gw, startedAt, closing);
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text);
}
