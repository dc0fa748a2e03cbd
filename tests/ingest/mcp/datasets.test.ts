import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readMcpToolListFile } from '../../../src/ingest/mcp/index.js';

/** The graph-tool-call MCP tool lists, read in place from the shared datasets beside the repository. */
const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const DIR = join(REPO, '..', 'shared', 'datasets', 'graph-tool-call', 'benchmarks', 'mcp_tools');
const present = existsSync(DIR);
const note = present ? '' : ` (SKIPPED: ${DIR} not found)`;
const read = (name: string) => readMcpToolListFile(join(DIR, `${name}.json`), { source: name, file: `mcp_tools/${name}.json` });

describe.skipIf(!present)(`shared MCP tool lists${note}`, () => {
  it.each([
    ['docker', 13],
    ['filesystem', 11],
    ['git', 15],
    ['github', 27],
    ['playwright', 22],
    ['shell', 12],
  ])('%s has %i tools and no diagnostics', async (name, count) => {
    const result = await read(name);
    expect(result.diagnostics).toEqual([]);
    expect(result.tools).toHaveLength(count);
    expect(new Set(result.tools.map((t) => t.name)).size).toBe(count);
  });

  it('filesystem/read_file', async () => {
    const tool = (await read('filesystem')).tools.find((t) => t.name === 'read_file');
    expect(tool).toEqual({
      source: 'filesystem',
      name: 'read_file',
      kind: 'mcp',
      description: 'Read the complete contents of a file from the file system.',
      inputSchema: { type: 'object', properties: { path: { type: 'string', description: 'Path to the file to read' } }, required: ['path'] },
      parameters: [{ name: 'path', type: 'string', required: true, description: 'Path to the file to read' }],
      annotations: {
        readOnlyHint: { value: true, source: 'explicit' },
        destructiveHint: { value: false, source: 'explicit' },
        idempotentHint: { value: true, source: 'explicit' },
      },
      hints: {},
    });
  });

  it('playwright/browser_console_messages: title from annotations, enum and default', async () => {
    const tool = (await read('playwright')).tools.find((t) => t.name === 'browser_console_messages');
    expect({ title: tool?.title, parameters: tool?.parameters, annotations: tool?.annotations }).toEqual({
      title: 'Get console messages',
      parameters: [
        {
          name: 'level',
          type: 'string',
          required: true,
          enum: ['error', 'warning', 'info', 'debug'],
          default: 'info',
          description: 'Level of the console messages to return. Each level includes the messages of more severe levels. Defaults to "info".',
        },
        {
          name: 'filename',
          type: 'string',
          required: false,
          description: 'Filename to save the console messages to. If not provided, messages are returned as text.',
        },
      ],
      annotations: {
        readOnlyHint: { value: true, source: 'explicit' },
        destructiveHint: { value: false, source: 'explicit' },
        openWorldHint: { value: true, source: 'explicit' },
      },
    });
  });

  it('github/create_issue: no annotations, so none are made up', async () => {
    const tool = (await read('github')).tools.find((t) => t.name === 'create_issue');
    expect(tool?.annotations).toEqual({});
    expect(tool?.parameters.map((p) => `${p.name}:${p.type}${p.required ? '!' : ''}`)).toEqual([
      'owner:string!',
      'repo:string!',
      'title:string!',
      'body:string',
      'assignees:array',
      'labels:array',
      'milestone:integer',
    ]);
  });
});

describe('readMcpToolListFile', () => {
  it('reports a missing file as MDKG_FILE_READ', async () => {
    const result = await readMcpToolListFile('/nonexistent/tools.json', { source: 'x' });
    expect(result.tools).toEqual([]);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ code: 'MDKG_FILE_READ', severity: 'error', file: '/nonexistent/tools.json', line: 1, column: 1 });
    expect(result.diagnostics[0]?.message).toBe('cannot read the tool list of source "x": cannot read /nonexistent/tools.json: it does not exist');
  });
});
