import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listLiveTools } from '../../../src/ingest/mcp/index.js';
import type { HintValue, ToolModel } from '../../../src/ingest/types.js';
import { processesWith, serverEntry } from '../../helpers/mcp-servers.js';
import { tempDir } from '../../helpers/temp-dir.js';

/** The npm MCP reference servers, started for real over stdio. */
const TIMEOUT_MS = 10_000;
const explicit = (value: boolean): HintValue => ({ value, source: 'explicit' });
const find = (tools: ToolModel[], name: string): ToolModel | undefined => tools.find((t) => t.name === name);
/** `readOnlyHint=true …` for each explicit hint, in a fixed order. */
const hints = (tool: ToolModel | undefined): string =>
  (['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const)
    .flatMap((h) =>
      tool?.annotations[h] === undefined ? [] : [`${h}=${String(tool.annotations[h].value)}${tool.annotations[h].source === 'explicit' ? '' : '?'}`],
    )
    .join(' ');

describe('listLiveTools on the reference servers', () => {
  it('server-filesystem on a temp dir: 14 tools, the child ended afterwards', async () => {
    const dir = await tempDir({ 'a.txt': 'hello' });
    const result = await listLiveTools(
      { command: process.execPath, args: [serverEntry('@modelcontextprotocol/server-filesystem'), dir] },
      { source: 'filesystem', timeoutMs: TIMEOUT_MS },
    );
    expect(result.diagnostics).toEqual([]);
    expect(result.tools.map((t) => t.name)).toEqual([
      'read_file',
      'read_text_file',
      'read_media_file',
      'read_multiple_files',
      'write_file',
      'edit_file',
      'create_directory',
      'list_directory',
      'list_directory_with_sizes',
      'directory_tree',
      'move_file',
      'search_files',
      'get_file_info',
      'list_allowed_directories',
    ]);
    const readText = find(result.tools, 'read_text_file');
    expect(readText?.title).toBe('Read Text File');
    expect(readText?.annotations).toEqual({ readOnlyHint: explicit(true), openWorldHint: explicit(false) });
    expect(readText?.parameters.map((p) => [p.name, p.type, p.required])).toEqual([
      ['path', 'string', true],
      ['tail', 'number', false],
      ['head', 'number', false],
    ]);
    expect(hints(find(result.tools, 'list_directory'))).toBe('readOnlyHint=true openWorldHint=false');
    expect(hints(find(result.tools, 'write_file'))).toBe('readOnlyHint=false destructiveHint=true idempotentHint=true openWorldHint=false');
    expect(hints(find(result.tools, 'create_directory'))).toBe('readOnlyHint=false destructiveHint=false idempotentHint=true openWorldHint=false');
    expect(result.tools.every((t) => t.kind === 'mcp' && t.source === 'filesystem' && t.outputSchema !== undefined)).toBe(true);
    expect(processesWith(dir)).toEqual([]);
  });

  it('server-memory: 9 tools with all four hints explicit', async () => {
    const dir = await tempDir();
    const result = await listLiveTools(
      { command: process.execPath, args: [serverEntry('@modelcontextprotocol/server-memory')], env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') } },
      { source: 'memory', timeoutMs: TIMEOUT_MS },
    );
    expect(result.diagnostics).toEqual([]);
    expect(result.server).toEqual({ name: 'memory-server', version: '0.6.3' });
    expect(result.tools.map((t) => `${t.name}: ${hints(t)}`)).toEqual([
      'create_entities: readOnlyHint=false destructiveHint=false idempotentHint=false openWorldHint=false',
      'create_relations: readOnlyHint=false destructiveHint=false idempotentHint=false openWorldHint=false',
      'add_observations: readOnlyHint=false destructiveHint=false idempotentHint=false openWorldHint=false',
      'delete_entities: readOnlyHint=false destructiveHint=true idempotentHint=true openWorldHint=false',
      'delete_observations: readOnlyHint=false destructiveHint=true idempotentHint=true openWorldHint=false',
      'delete_relations: readOnlyHint=false destructiveHint=true idempotentHint=true openWorldHint=false',
      'read_graph: readOnlyHint=true destructiveHint=false idempotentHint=true openWorldHint=false',
      'search_nodes: readOnlyHint=true destructiveHint=false idempotentHint=true openWorldHint=false',
      'open_nodes: readOnlyHint=true destructiveHint=false idempotentHint=true openWorldHint=false',
    ]);
    const search = find(result.tools, 'search_nodes');
    expect({ title: search?.title, parameters: search?.parameters.map((p) => [p.name, p.type, p.required]) }).toEqual({
      title: 'Search Nodes',
      parameters: [['query', 'string', true]],
    });
  });

  it('server-everything (stdio): 13 tools with all four hints explicit', async () => {
    const result = await listLiveTools(
      { command: process.execPath, args: [serverEntry('@modelcontextprotocol/server-everything'), 'stdio'] },
      { source: 'everything', timeoutMs: TIMEOUT_MS },
    );
    expect(result.diagnostics).toEqual([]);
    // What the server says about itself in initialize: kept for its source document.
    const { instructions, ...label } = result.server ?? {};
    expect(label).toEqual({ name: 'mcp-servers/everything', title: 'Everything Reference Server', version: '2.0.0' });
    expect(instructions?.split('\n')[0]).toBe('# Everything Server – Server Instructions');
    expect(result.tools.map((t) => t.name)).toEqual([
      'echo',
      'get-annotated-message',
      'get-env',
      'get-resource-links',
      'get-resource-reference',
      'get-structured-content',
      'get-sum',
      'get-tiny-image',
      'gzip-file-as-resource',
      'toggle-simulated-logging',
      'toggle-subscriber-updates',
      'trigger-long-running-operation',
      'simulate-research-query',
    ]);
    expect(result.tools.filter((t) => Object.keys(t.annotations).length !== 4).map((t) => t.name)).toEqual([]);
    expect(hints(find(result.tools, 'echo'))).toBe('readOnlyHint=true destructiveHint=false idempotentHint=true openWorldHint=false');
    expect(hints(find(result.tools, 'gzip-file-as-resource'))).toBe('readOnlyHint=false destructiveHint=false idempotentHint=true openWorldHint=true');
    expect(find(result.tools, 'get-sum')?.parameters).toEqual([
      { name: 'a', type: 'number', required: true, description: 'First number' },
      { name: 'b', type: 'number', required: true, description: 'Second number' },
    ]);
  });
});
