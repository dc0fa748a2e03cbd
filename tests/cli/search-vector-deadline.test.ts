// Issue 25 row 4 end to end: `mdkg search --strategy vector` against an embeddings server that
// embeds the tools but answers the request with its headers and then a byte every 100 ms. The
// search returns at the request's time limit (embeddings.timeout_ms) with MDKG_EMBEDDINGS_TIMEOUT,
// ranked lexically, exit 0; the server sees the connection closed.
import { cp } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { atLimit } from '../helpers/time-bounds.js';

const REQUEST = 'list a directory';
const LIMIT_MS = 800;
const server = createServer();
let base = '';
let dripping = 0;
let closed = 0;
const drips = new Set<ServerResponse>();

beforeAll(async () => {
  server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { input } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { input: string[] };
      res.writeHead(200, { 'content-type': 'application/json' });
      if (input.length === 1 && input[0] === REQUEST) {
        dripping += 1;
        drips.add(res);
        res.write('{');
        const timer = setInterval(() => res.write(' '), 100);
        res.on('close', () => {
          clearInterval(timer);
          closed += 1;
        });
        return;
      }
      res.end(JSON.stringify({ data: input.map((t, index) => ({ index, embedding: [t.length, 1, 2, 3, 4, 5, 6, 7] })) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of drips) res.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('mdkg search --strategy vector against a dripping embeddings server', () => {
  it('returns at the time limit, ranked lexically with MDKG_EMBEDDINGS_TIMEOUT', async () => {
    const config = ['embeddings:', '  provider: openai-compatible', `  base_url: ${base}`, '  model: m', '  dimensions: 8', `  timeout_ms: ${LIMIT_MS}`];
    const dir = await tempDir({ 'mdkg.config.yaml': `${config.join('\n')}\n` });
    await cp(join(REPO, 'graphs'), join(dir, 'graphs'), { recursive: true });
    const started = performance.now();
    const { code, stdout } = await runCli(['search', REQUEST, '--strategy', 'vector', '--json', '--limit', '2'], dir);
    const ms = performance.now() - started;
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as { mode: string; hits: { name: string }[]; diagnostics: { code: string; message: string }[] };
    expect(result.diagnostics.map((d) => d.code)).toEqual(['MDKG_EMBEDDINGS_TIMEOUT']);
    expect(result.diagnostics[0]?.message).toContain('embedding the request: timed out');
    expect(result.mode).toContain('vector-fallback');
    expect(result.hits.map((h) => h.name)).toEqual(['list_directory', 'list_directory_with_sizes']);
    expect(dripping).toBe(1);
    // At least the limit (the request waited for it), far below what a drip without end would take.
    expect(ms).toBeGreaterThanOrEqual(atLimit(LIMIT_MS));
    expect(ms).toBeLessThan(30_000);
    await expect.poll(() => closed).toBe(1);
  });
});
