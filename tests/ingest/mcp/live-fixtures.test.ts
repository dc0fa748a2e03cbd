import { randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/errors.js';
import { describeServer, listLiveTools, type LiveServerConfig } from '../../../src/ingest/mcp/index.js';
import { fixtureServer, processesWith } from '../../helpers/mcp-servers.js';

/** Small hand-made servers (tests/fixtures/mcp/) that misbehave in one way each. */
const node = (script: string, ...args: string[]): LiveServerConfig => ({ command: process.execPath, args: [fixtureServer(script), ...args] });
const error = (code: Diagnostic['code'], message: string): Diagnostic => ({ code, severity: 'error', message });
const label = (server: LiveServerConfig, source = 'fx'): string => `source "${source}" (${describeServer(server)})`;

describe('listLiveTools: failures are diagnostics, never exceptions', () => {
  it('a server that exits at once: MDKG_SOURCE_FAILED with its stderr', async () => {
    const server = node('exits-at-once.mjs');
    const result = await listLiveTools(server, { source: 'fx', timeoutMs: 10_000 });
    expect(result).toEqual({
      source: 'fx',
      tools: [],
      diagnostics: [
        error(
          'MDKG_SOURCE_FAILED',
          `${label(server)}: failed while starting and initializing: MCP error -32000: Connection closed; stderr: fixture-server: cannot open config /nonexistent/config.json`,
        ),
      ],
    });
  });

  it('a server that never answers: MDKG_SOURCE_TIMEOUT after the timeout, and the child is ended', async () => {
    const marker = `--marker=${randomUUID()}`;
    const server = node('never-answers.mjs', marker);
    // What starting, initializing and listing a server that answers takes on this machine now: the bound below scales with it.
    const baselineStart = performance.now();
    expect((await listLiveTools(node('raw-server.mjs', 'env'), { source: 'fx', timeoutMs: 60_000 })).diagnostics).toEqual([]);
    const baseline = performance.now() - baselineStart;
    const started = performance.now();
    const result = await listLiveTools(server, { source: 'fx', timeoutMs: 1_500 });
    const elapsed = performance.now() - started;
    expect(result).toEqual({
      source: 'fx',
      tools: [],
      diagnostics: [error('MDKG_SOURCE_TIMEOUT', `${label(server)}: no answer within 1500 ms while starting and initializing`)],
    });
    expect(elapsed).toBeGreaterThanOrEqual(1_450);
    expect(elapsed).toBeLessThan(1_500 + 1_000 + 3 * baseline);
    expect(processesWith(marker)).toEqual([]);
  });

  it('a command that does not exist: MDKG_SOURCE_FAILED', async () => {
    const server = { command: '/nonexistent/mdkg-no-such-server', args: ['--stdio'] };
    expect((await listLiveTools(server, { source: 'fx', timeoutMs: 5_000 })).diagnostics).toEqual([
      error(
        'MDKG_SOURCE_FAILED',
        'source "fx" (/nonexistent/mdkg-no-such-server --stdio): failed while starting and initializing: spawn /nonexistent/mdkg-no-such-server ENOENT',
      ),
    ]);
  });

  const broken: Array<[string, string]> = [
    ['list-error', 'failed while listing tools: MCP error -32603: tool registry unavailable'],
    ['cursor-loop', 'failed while listing tools (page 2): the server sent cursor "again" twice (a paging loop)'],
    ['no-tools-array', 'failed while listing tools: the tools/list result of page 1 has no "tools" array'],
  ];
  it.each(broken)('a raw server with %s: MDKG_SOURCE_FAILED, no tools', async (scenario, message) => {
    const server = node('raw-server.mjs', scenario);
    expect(await listLiveTools(server, { source: 'fx', timeoutMs: 10_000 })).toEqual({
      source: 'fx',
      tools: [],
      diagnostics: [error('MDKG_SOURCE_FAILED', `${label(server)}: ${message}`)],
    });
  });

  const configs: Array<[string, unknown, string]> = [
    ['empty command', { command: ' ' }, '"command" must be a non-empty string (or give "url")'],
    ['args not strings', { command: 'node', args: ['a', 1] }, '"args" must be an array of strings'],
    ['env not strings', { command: 'node', env: { A: 1 } }, '"env" must map names to strings'],
    ['not a URL', { url: 'localhost:80/mcp' }, '"url" must be http: or https:, got localhost:'],
    ['unparsable URL', { url: 'http://' }, '"url" is not a valid URL: http://'],
    ['headers not strings', { url: 'http://127.0.0.1/mcp', headers: { a: ['b'] } }, '"headers" must map names to strings'],
    ['neither', {}, '"command" must be a non-empty string (or give "url")'],
  ];
  it.each(configs)('a bad config (%s): MDKG_SOURCE_INVALID', async (_, config, why) => {
    expect(await listLiveTools(config as LiveServerConfig, { source: 'fx' })).toEqual({
      source: 'fx',
      tools: [],
      diagnostics: [error('MDKG_SOURCE_INVALID', `source "fx": bad server config: ${why}`)],
    });
  });
});

describe('listLiveTools: tools of imperfect servers', () => {
  it('a malformed tool is MDKG_TOOL_INVALID and skipped; the valid tools are returned', async () => {
    const result = await listLiveTools(node('raw-server.mjs', 'malformed-tool'), { source: 'fx', timeoutMs: 10_000 });
    expect(result.tools.map((t) => t.name)).toEqual(['alpha', 'gamma']);
    expect(result.tools[0]).toEqual({
      source: 'fx',
      name: 'alpha',
      kind: 'mcp',
      description: 'The alpha tool.',
      inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      parameters: [{ name: 'id', type: 'string', required: true }],
      annotations: {},
      hints: {},
    });
    expect(result.diagnostics).toEqual([
      {
        code: 'MDKG_TOOL_INVALID',
        severity: 'error',
        message: 'tool "broken" (tools[1]): inputSchema must be a JSON object, got the string "not a schema"; skipped',
      },
    ]);
  });

  it('follows nextCursor over three pages (SDK server)', async () => {
    const result = await listLiveTools(node('paginated.mjs'), { source: 'fx', timeoutMs: 10_000 });
    expect(result.diagnostics).toEqual([]);
    expect(result.tools.map((t) => [t.name, t.annotations.readOnlyHint?.value])).toEqual([
      ['page1_a', true],
      ['page1_b', true],
      ['page2_a', true],
      ['page2_b', true],
      ['page3_a', true],
    ]);
  });

  it('stops at the page cap: MDKG_SOURCE_FAILED, no partial list', async () => {
    const server = node('paginated.mjs');
    expect((await listLiveTools(server, { source: 'fx', timeoutMs: 10_000, maxPages: 2 })).diagnostics).toEqual([
      error('MDKG_SOURCE_FAILED', `${label(server)}: failed while listing tools (page 2): the tool list did not end within 2 pages`),
    ]);
  });

  it('reads a server that writes megabytes to stderr (the pipe is drained)', async () => {
    const result = await listLiveTools(node('raw-server.mjs', 'chatty'), { source: 'fx', timeoutMs: 10_000 });
    // Undrained, the fixture blocks before its first answer (stderr to a pipe is synchronous on
    // Linux, and 1 MB is past a pipe's buffer): the listing would end in MDKG_SOURCE_TIMEOUT.
    expect(result.diagnostics).toEqual([]);
    expect(result.tools.map((t) => t.name)).toEqual(['alpha']);
  });
});

describe('listLiveTools: how the child is started', () => {
  it('resolves a relative cwd against options.cwd and passes env', async () => {
    const fixtures = dirname(dirname(fixtureServer('raw-server.mjs')));
    const server = { command: process.execPath, args: ['raw-server.mjs', 'env'], cwd: 'mcp', env: { MDKG_FIXTURE_VALUE: 'from env' } };
    const result = await listLiveTools(server, { source: 'fx', timeoutMs: 10_000, cwd: fixtures });
    expect(result.diagnostics).toEqual([]);
    expect(result.tools.map((t) => [t.title, t.description])).toEqual([[realpathSync(join(fixtures, 'mcp')), 'from env']]);
  });
});

describe('describeServer', () => {
  it.each([
    [{ command: 'node', args: ['dist/index.js', '--root', '/tmp/a b'] }, 'node dist/index.js --root "/tmp/a b"'],
    [{ command: 'npx', args: ['-y', '@scope/pkg@1.2'] }, 'npx -y @scope/pkg@1.2'],
    [{ url: 'http://127.0.0.1:8931/mcp', headers: { authorization: 'secret' } }, 'http://127.0.0.1:8931/mcp'],
  ] as Array<[LiveServerConfig, string]>)('%j → %s', (server, text) => {
    expect(describeServer(server)).toBe(text);
  });
});
