// A first search that works: an SDK client sends search_tools right after initialize to `mdkg
// serve` on a fresh project (no graph folder, three reference servers): the gateway creates the
// folder, waits for the servers' first listing and answers with the right tool. A server that
// never answers delays the first search by at most its timeout, and the answer names it.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../helpers/mcp-servers.js';
import { type LiveServe, referenceServers, startServe } from '../helpers/live-serve.js';

type Found = { tools: Array<{ id: string }>; diagnostics: Array<{ code: string; message: string }> };

describe('the first search on a fresh project', () => {
  let work: string;
  let serve: LiveServe;
  let first: Found;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'mdkg-first-'));
    const servers = referenceServers(work);
    await writeFile(join(work, 'mdkg.config.yaml'), ['servers:', servers.filesystem, servers.memory, servers.everything, ''].join('\n'));
    serve = await startServe([], work);
    // Sent at once: nothing is indexed yet, every server is still starting.
    first = (await serve.call('search_tools', { query: 'read a file', limit: 3 })).structuredContent as Found;
  }, 60_000);

  afterAll(async () => {
    await serve?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('creates the missing graph folder and says so', async () => {
    expect(existsSync(join(work, 'graphs'))).toBe(true);
    await serve.line(/created the graph folder .*graphs/);
  });

  it('answers the search sent right after initialize with the right tool, not an empty index', () => {
    expect(first.tools[0]?.id).toMatch(/^tool:filesystem\/read_(text_)?file$/);
    expect(first.diagnostics.map((d) => d.code)).not.toContain('MDKG_INDEX_EMPTY');
  });

  it('finds the tools of each server', async () => {
    const found = (await serve.call('search_tools', { query: 'create entities in the knowledge graph', limit: 1 })).structuredContent as Found;
    expect(found.tools[0]?.id).toBe('tool:memory/create_entities');
    const status = (await serve.call('index_status')).structuredContent as { servers: Array<{ source: string; state: string }> };
    expect(status.servers.map((s) => `${s.source} ${s.state}`)).toEqual(['filesystem connected', 'memory connected', 'everything connected']);
  });

  it('logs one line per state change of each server', async () => {
    for (const source of ['filesystem', 'memory', 'everything']) {
      await serve.line(new RegExp(`server "${source}" connecting$`));
      await serve.line(new RegExp(`server "${source}" connected: \\d+ tools$`));
    }
  });
});

describe('a server that never answers', () => {
  const TIMEOUT_MS = 1500;
  let work: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'mdkg-first-'));
    const servers = referenceServers(work);
    const silent = `  silent: { command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(fixtureServer('never-answers.mjs'))}], timeout_ms: ${TIMEOUT_MS} }`;
    await writeFile(join(work, 'mdkg.config.yaml'), ['servers:', servers.memory, silent, ''].join('\n'));
  });

  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('delays the first search by at most its timeout, and the answer names it', async () => {
    const serve = await startServe([], work);
    try {
      const started = performance.now();
      const found = (await serve.call('search_tools', { query: 'create entities in the knowledge graph', limit: 1 })).structuredContent as Found;
      const waited = performance.now() - started;
      expect(found.tools[0]?.id).toBe('tool:memory/create_entities');
      // Its timeout, plus the time to mark it down and answer (generous: a busy machine).
      expect(waited).toBeLessThan(TIMEOUT_MS + 1500);
      const named = found.diagnostics.find((d) => d.message.includes('"silent"'));
      expect(named?.code).toMatch(/^MDKG_SOURCE_(TIMEOUT|PENDING)$/);
      await serve.line(/server "silent" down: no answer within 1500 ms/);
    } finally {
      await serve.close();
    }
  }, 30_000);

  it('an empty index names the servers it waited for instead of asking to generate documents', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mdkg-first-'));
    const silent = `  silent: { command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(fixtureServer('never-answers.mjs'))}], timeout_ms: 500 }`;
    await writeFile(join(dir, 'mdkg.config.yaml'), ['servers:', silent, ''].join('\n'));
    const serve = await startServe([], dir);
    try {
      const found = (await serve.call('search_tools', { query: 'read a file' })).structuredContent as Found;
      expect(found.tools).toEqual([]);
      const empty = found.diagnostics.find((d) => d.code === 'MDKG_INDEX_EMPTY');
      expect(empty?.message).toContain('"silent"');
      expect(empty?.message).not.toContain('generate some');
    } finally {
      await serve.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
