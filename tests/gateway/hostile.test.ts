// Issue 25, rows 1, 5, 7, 8, 9, 16 through a real `mdkg serve` (stdio) and a hostile downstream
// server: catastrophic schema patterns answer, unusable schemas refuse calls and show in
// index_status, `__proto__` arguments are enforced and forwarded as sent, results over the cap
// (configured, and the 64 MiB message limit) become coded errors with the session still usable,
// and downstream errors are relayed with one prefix.
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

const HOSTILE = { command: process.execPath, args: [fixtureServer('hostile-tools.mjs')] };
const CAP = 1024 * 1024;
let client: Client;
let work: string;

type Result = CallToolResult & { structuredContent?: Record<string, unknown> };
const call = async (name: string, args: unknown): Promise<Result> => (await client.callTool({ name, arguments: args as Record<string, unknown> })) as Result;
const first = (r: Result): string => (r.content[0]?.type === 'text' ? r.content[0].text : '');

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'mdkg-hostile-'));
  const reports = await generateTools([{ id: 'hostile', kind: 'mcp-server', server: HOSTILE, timeoutMs: 10_000 }], {
    outDir: join(work, 'graphs', 'tools'),
    cwd: work,
  });
  expect(reports.map((r) => r.ok)).toEqual([true]);
  await writeFile(
    join(work, 'mdkg.config.yaml'),
    `servers:\n  hostile: { command: ${JSON.stringify(HOSTILE.command)}, args: [${JSON.stringify(HOSTILE.args[0])}], timeout_ms: 20000, max_result_bytes: ${CAP} }\n`,
  );
  client = new Client({ name: 'mdkg-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve'], cwd: work, stderr: 'ignore' }));
}, 60_000);

afterAll(async () => {
  await client?.close();
  await rm(work, { recursive: true, force: true });
});

describe('hostile schemas (rows 1, 7, 8, 9)', () => {
  it.each([
    ['49 a and a !', 'hostile/redos', { s: `${'a'.repeat(49)}!` }, 'invalid arguments for tool:hostile/redos: arguments/s must match pattern "^(a+)+$"'],
    [
      '100000 a and a !',
      'hostile/redos',
      { s: `${'a'.repeat(100_000)}!` },
      'invalid arguments for tool:hostile/redos: arguments/s must match pattern "^(a+)+$"',
    ],
    ['49 a', 'hostile/redos', { s: 'a'.repeat(49) }, `got {"s":"${'a'.repeat(49)}"}`],
    [
      'a name of 5000 a and a !',
      'hostile/redos_names',
      { [`${'a'.repeat(5000)}!`]: 1 },
      'invalid arguments for tool:hostile/redos_names: arguments must match pattern "^(.*a){20}$"; arguments property name must be valid',
    ],
    ['no __proto__', 'hostile/proto', JSON.parse('{}'), "invalid arguments for tool:hostile/proto: arguments must have required property '__proto__'"],
    ['__proto__ a number', 'hostile/proto', JSON.parse('{"__proto__":5}'), 'invalid arguments for tool:hostile/proto: arguments/__proto__ must be string'],
    ['__proto__ and constructor strings', 'hostile/proto', JSON.parse('{"__proto__":"v","constructor":"c"}'), 'got {"__proto__":"v","constructor":"c"}'],
  ])('%s: %s', async (_, tool, args, text) => {
    expect(first(await call('call_tool', { tool, arguments: args }))).toBe(text);
  });

  it.each([
    ['hostile/recursive', 'its $ref recursion never ends'],
    ['hostile/backref', 'error parsing regexp: invalid escape sequence'],
  ])('%s refuses calls with MDKG_SCHEMA_UNUSABLE and is listed in index_status', async (tool, reason) => {
    const result = await call('call_tool', { tool, arguments: {} });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ code: 'MDKG_SCHEMA_UNUSABLE', server: 'hostile' });
    expect(first(result)).toMatch(
      new RegExp(`^MDKG_SCHEMA_UNUSABLE tool:${tool} refuses calls: the input schema cannot be used: .*${reason.replace(/\$/g, '\\$')}`),
    );
    const status = (await call('index_status', {})).structuredContent?.unusableSchemas as { tool: string; reason: string }[];
    expect(status.map((u) => u.tool).sort()).toEqual(['tool:hostile/backref', 'tool:hostile/recursive']);
  });
});

describe('downstream results over a cap (row 5) and relayed errors (row 16)', () => {
  it.each([
    ['just under the cap', CAP - 1000, false],
    ['over the cap', CAP + 1, true],
    ['20 MB', 20_000_000, true],
  ])(
    'a result %s',
    async (_, n, tooLarge) => {
      const result = await call('call_tool', { tool: 'hostile/bytes', arguments: { n } });
      if (!tooLarge) expect(first(result)).toHaveLength(n);
      else {
        expect(result.structuredContent).toMatchObject({ code: 'MDKG_RESULT_TOO_LARGE', tool: 'tool:hostile/bytes', limit: CAP });
        // Counted on the wire: the answer's line, its JSON-RPC envelope included.
        const bytes = Buffer.byteLength(JSON.stringify({ jsonrpc: '2.0', id: 0, result: { content: [{ type: 'text', text: 'x'.repeat(n) }] } }));
        expect(result.structuredContent).toMatchObject({ bytes: expect.any(Number) });
        const sent = (result.structuredContent as { bytes: number }).bytes;
        expect(sent - bytes).toBeGreaterThanOrEqual(0);
        expect(sent - bytes).toBeLessThan(20);
        expect(first(result)).toBe(
          `MDKG_RESULT_TOO_LARGE the result of tool:hostile/bytes is ${sent} bytes as sent, over the cap of ${CAP} bytes: not forwarded (ask for less, or raise servers.hostile.max_result_bytes)`,
        );
      }
      // The session stays usable.
      expect(first(await call('call_tool', { tool: 'hostile/bytes', arguments: { n: 3 } }))).toBe('xxx');
    },
    60_000,
  );

  it('an answer over the 64 MiB message limit is never held: its id is read as it is skipped, and its call gets MDKG_RESULT_TOO_LARGE', async () => {
    const result = await call('call_tool', { tool: 'hostile/huge', arguments: {} });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ code: 'MDKG_RESULT_TOO_LARGE', tool: 'tool:hostile/huge', limit: CAP });
    const sent = (result.structuredContent as { bytes: number }).bytes;
    expect(sent - 65 * 1024 * 1024).toBeGreaterThan(0);
    expect(sent - 65 * 1024 * 1024).toBeLessThan(80);
    expect(first(await call('call_tool', { tool: 'hostile/bytes', arguments: { n: 2 } }))).toBe('xx');
  }, 60_000);

  it('a downstream error is relayed with one prefix', async () => {
    const result = await call('call_tool', { tool: 'hostile/mcp_error', arguments: {} });
    expect(first(result)).toBe('server "hostile" failed on mcp_error: MCP error -32602: the text is wrong');
  });
});
