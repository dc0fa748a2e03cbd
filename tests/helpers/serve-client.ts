// An MCP SDK client connected over stdio to `mdkg serve` spawned from bin/mdkg.js (stderr ignored).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { BIN } from './cli.js';

/** Spawns `mdkg serve <args>` in `cwd` and connects a client to it; close the client to end it. */
export async function connectServe(args: readonly string[], cwd: string): Promise<Client> {
  const client = new Client({ name: 'mdkg-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', ...args], cwd, stderr: 'ignore' }));
  return client;
}

/** The meta-tools `mdkg serve` lists without --code-root, in order (what the gateway tests expect). */
export const META_TOOL_NAMES = [
  'search_tools',
  'get_tool_schema',
  'call_tool',
  'plan_tools',
  'graph_schema',
  'graph_query',
  'graph_search',
  'graph_export',
  'index_status',
  'index_build',
  'learn_pair',
  'validate_symbol_relevance',
  'search_code',
  'search_by_symbol',
  'get_file_structure',
  'get_repo_map',
  'get_similar_patterns',
];
