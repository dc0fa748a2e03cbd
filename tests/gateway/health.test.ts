// GET /health of `mdkg serve --http`: liveness and each downstream server's state, under the same
// token and Host rules as /mcp, with no secret in it (no env or header value, no argument, no
// token), even when a server writes its secret to stderr before it dies. The state lines on stderr
// (HTTP mode) mask the secrets too.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { referenceServers } from '../helpers/live-serve.js';

const TOKEN = 'health-token-0123456789abcdef';
const ENV_SECRET = 'env-secret-value-5f3a9c';
const ARG_SECRET = 'arg-secret-value-77b1e0';
let child: ChildProcess;
let port: string;
let work: string;
let stderr = '';
const waiters = new Set<() => void>();

/** Resolves once stderr holds a line matching `pattern` (deadline 15 s). */
function line(pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no stderr line ${pattern} within 15 s:\n${stderr}`)), 15_000);
    const check = (): void => {
      if (!pattern.test(stderr)) return;
      clearTimeout(timer);
      waiters.delete(check);
      resolve();
    };
    waiters.add(check);
    check();
  });
}

/** A raw request to the gateway: status, body. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.once('error', reject);
    req.end();
  });
}

const auth = { authorization: `Bearer ${TOKEN}` };

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'mdkg-health-'));
  const node = JSON.stringify(process.execPath);
  // `leaky` prints its secret env value to stderr and dies: its error text would carry it.
  const leaky = `  leaky: { command: ${node}, args: [-e, "console.error('key=' + process.env.API_KEY); process.exit(3)", ${ARG_SECRET}], env: { API_KEY: ${ENV_SECRET} } }`;
  const memory = referenceServers(work).memory.replace(/ } }$/, `, OTHER_KEY: ${ENV_SECRET}x } }`);
  await writeFile(join(work, 'mdkg.config.yaml'), ['servers:', memory, leaky, 'serve: { token_env: MDKG_HEALTH_TOKEN }', ''].join('\n'));
  child = spawn(process.execPath, [BIN, 'serve', '--http', '127.0.0.1:0'], {
    cwd: work,
    env: { ...process.env, MDKG_HEALTH_TOKEN: TOKEN },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const wake of [...waiters]) wake();
  });
  await line(/listening on http:\/\/127\.0\.0\.1:\d+\/mcp/);
  port = /listening on http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(stderr)?.[1] ?? '';
  await line(/server "memory" connected: \d+ tools/);
  await line(/server "leaky" down: /);
}, 30_000);

afterAll(async () => {
  child?.kill('SIGTERM');
  await rm(work, { recursive: true, force: true });
});

describe('GET /health', () => {
  it("answers 200 with the gateway's liveness and each server's state", async () => {
    const { status, body } = await get('/health', auth);
    expect(status).toBe(200);
    const health = JSON.parse(body) as { status: string; tools: number; servers: Array<{ source: string; state: string; tools: number; lastError?: string }> };
    // A down server is a state, not a failed liveness.
    expect(health.status).toBe('degraded');
    expect(health.servers.map((s) => `${s.source} ${s.state}`)).toEqual(['memory connected', 'leaky down']);
    expect(health.servers[0]?.tools).toBeGreaterThan(0);
    expect(health.servers[1]?.lastError).toContain('key=***');
    expect((await get('/healthz', auth)).status).toBe(200);
  });

  it('holds no secret: no env value, no argument, no command line, no token', async () => {
    const { body } = await get('/health', auth);
    for (const secret of [ENV_SECRET, ARG_SECRET, TOKEN, 'server-memory/dist', '"server"']) expect(body).not.toContain(secret);
  });

  it.each([
    ['no token', {}, 401],
    ['a wrong token', { authorization: 'Bearer wrong-token-0123456789abcdef' }, 401],
    ['a foreign Host', { ...auth, host: 'attacker.example' }, 403],
    ['a foreign Origin', { ...auth, origin: 'http://attacker.example' }, 403],
  ])('with %s: %i, as /mcp', async (_, headers, status) => {
    const got = await get('/health', headers);
    expect(got.status).toBe(status);
    expect(got.body).not.toContain('servers');
  });

  it('answers HEAD without a body, and other methods with 405', async () => {
    expect(await get('/health', auth, 'HEAD')).toEqual({ status: 200, body: '' });
    expect((await get('/health', auth, 'POST')).status).toBe(405);
  });

  it('logs state changes on stderr in HTTP mode, one line each, secrets masked', () => {
    expect(stderr).toMatch(/server "memory" connecting\n/);
    expect(stderr).toMatch(/server "leaky" down: .*key=\*\*\*.*; retried on the next call that needs it\n/);
    expect(stderr).not.toContain(ENV_SECRET);
  });
});
