// Downstream faults through `mdkg serve`: a crash mid-call, a hang, malformed JSON-RPC, a stderr
// flood, list_changed, an ambiguous bare name and a 10 MB argument. Each gives a clear error (or
// the server's answer) and the gateway keeps serving.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTools } from '../../src/generate/generate-tools.js';
import { BIN } from '../helpers/cli.js';
import { fixtureServer } from '../helpers/mcp-servers.js';

let client: Client;
let work: string;
const FAULTY = { command: process.execPath, args: [fixtureServer('faulty-tools.mjs')] };

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult & { structuredContent?: Record<string, unknown> }> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult & { structuredContent?: Record<string, unknown> };
}

// The server's own content: call_tool adds a last line naming the tool that ran ('[mdkg] ran …'), left out here.
const textOf = (result: CallToolResult): string =>
  result.content
    .filter((c) => !(c.type === 'text' && c.text.startsWith('[mdkg] ran ')))
    .map((c) => (c.type === 'text' ? c.text : ''))
    .join('');

async function status(): Promise<Array<{ source: string; state: string; lastError?: string; listChanges: number }>> {
  return (await call('index_status', {})).structuredContent?.servers as Array<{ source: string; state: string; lastError?: string; listChanges: number }>;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'mdkg-faults-'));
  // The graph: the faulty server's tools, and a tool list with another `echo` (an ambiguous bare name).
  await writeFile(join(work, 'other.json'), JSON.stringify({ tools: [{ name: 'echo', description: 'Another echo.', inputSchema: { type: 'object' } }] }));
  const reports = await generateTools(
    [
      { id: 'faulty', kind: 'mcp-server', server: FAULTY, timeoutMs: 10_000 },
      { id: 'other', kind: 'mcp-tools', file: 'other.json' },
    ],
    { outDir: join(work, 'graphs', 'tools'), cwd: work },
  );
  expect(reports.map((r) => r.ok)).toEqual([true, true]);
  await writeFile(
    join(work, 'mdkg.config.yaml'),
    `servers:\n  faulty: { command: ${JSON.stringify(FAULTY.command)}, args: [${JSON.stringify(FAULTY.args[0])}], timeout_ms: 1500 }\n`,
  );
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve'], cwd: work, stderr: 'ignore' });
  client = new Client({ name: 'mdkg-test', version: '1.0.0' });
  await client.connect(transport);
  for (let i = 0; i < 200 && (await status()).some((s) => s.state !== 'connected' && s.state !== 'down'); i += 1)
    await new Promise((done) => setTimeout(done, 50));
}, 30_000);

afterAll(async () => {
  await client?.close();
  await rm(work, { recursive: true, force: true });
});

describe('downstream faults leave the gateway serving', () => {
  it.each([
    ['a crash mid-call', 'faulty/crash', /server "faulty" failed on crash/],
    ['a hang (the call times out)', 'faulty/hang', /server "faulty" failed on hang: .*timed out/i],
    ['malformed JSON-RPC, then silence', 'faulty/garbage', /server "faulty" failed on garbage/],
  ])(
    '%s: an error result naming the server; the next call reconnects and answers',
    async (_, tool, message) => {
      const result = await call('call_tool', { tool, arguments: {} });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(message);
      const echo = await call('call_tool', { tool: 'faulty/echo', arguments: { text: 'still here' } });
      expect(textOf(echo)).toContain('echo: still here');
    },
    20_000,
  );

  it('a stderr flood does not block the server', async () => {
    const result = await call('call_tool', { tool: 'faulty/flood', arguments: {} });
    expect(textOf(result)).toBe('flooded');
  }, 20_000);

  it("list_changed makes the gateway list the server's tools again", async () => {
    const before = (await status()).find((s) => s.source === 'faulty')?.listChanges ?? 0;
    await call('call_tool', { tool: 'faulty/change', arguments: {} });
    for (let i = 0; i < 100 && ((await status()).find((s) => s.source === 'faulty')?.listChanges ?? 0) === before; i += 1)
      await new Promise((done) => setTimeout(done, 20));
    expect((await status()).find((s) => s.source === 'faulty')?.listChanges).toBe(before + 1);
    // The new tool gets its document, the index is rebuilt, and search finds it.
    let found: Array<{ id: string }> = [];
    for (let i = 0; i < 100 && found[0]?.id !== 'tool:faulty/added_later'; i += 1) {
      found = (await call('search_tools', { query: 'count the marmosets', limit: 1 })).structuredContent?.tools as Array<{ id: string }>;
      if (found[0]?.id !== 'tool:faulty/added_later') await new Promise((done) => setTimeout(done, 20));
    }
    expect(found[0]?.id).toBe('tool:faulty/added_later');
    expect(existsSync(join(work, 'graphs', 'tools', 'faulty', 'added_later.md'))).toBe(true);
  });

  it('an ambiguous bare name is an error listing the candidates', async () => {
    const result = await call('call_tool', { tool: 'echo', arguments: {} });
    expect(result.isError).toBe(true);
    expect(result.structuredContent?.candidates).toEqual(['tool:faulty/echo', 'tool:other/echo']);
  });

  it('a tool whose source has no server configured cannot be called, and says why', async () => {
    const result = await call('call_tool', { tool: 'other/echo', arguments: {} });
    expect(textOf(result)).toContain('no server is configured for source "other"');
  });

  it('a 10 MB argument is forwarded and answered', async () => {
    const text = 'x'.repeat(10 * 1024 * 1024);
    const result = await call('call_tool', { tool: 'faulty/echo', arguments: { text } });
    expect(textOf(result)).toBe(`echo: ${'x'.repeat(40)} (${text.length + 11} bytes)`);
  }, 30_000);
});
