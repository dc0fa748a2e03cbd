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
