// `mdkg serve` over stdio for the start-up and live-config tests: an SDK client, the gateway's
// stderr lines, and its list_changed notifications, each awaited with a deadline (never a sleep).
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { type CallToolResult, ResourceListChangedNotificationSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { BIN, REPO } from './cli.js';

const NODE_MODULES = join(REPO, 'node_modules', '@modelcontextprotocol');

/** Config lines (under `servers:`) of the reference servers: filesystem on `dir`, memory writing in `dir`, everything. */
export function referenceServers(dir: string): Record<'filesystem' | 'memory' | 'everything', string> {
  const node = JSON.stringify(process.execPath);
  return {
    filesystem: `  filesystem: { command: ${node}, args: [${JSON.stringify(join(NODE_MODULES, 'server-filesystem/dist/index.js'))}, ${JSON.stringify(dir)}] }`,
    memory: `  memory: { command: ${node}, args: [${JSON.stringify(join(NODE_MODULES, 'server-memory/dist/index.js'))}], env: { MEMORY_FILE_PATH: ${JSON.stringify(join(dir, 'memory.jsonl'))} } }`,
    everything: `  everything: { command: ${node}, args: [${JSON.stringify(join(NODE_MODULES, 'server-everything/dist/index.js'))}, stdio] }`,
  };
}

type Kind = 'tools' | 'resources';

export interface LiveServe {
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult & { structuredContent?: Record<string, unknown> }>;
  /** Resolves with the first stderr line (from `from` on) matching `pattern`; rejects after `ms`. */
  line(pattern: RegExp, ms?: number, from?: number): Promise<string>;
  /** Every stderr line so far. */
  lines: string[];
  /** Resolves at the `count`-th list_changed of `kind` since the start; rejects after `ms`. */
  notified(kind: Kind, count: number, ms?: number): Promise<void>;
  /** list_changed notifications received so far. */
  count: Record<Kind, number>;
  close(): Promise<void>;
}

function deadline<T>(ms: number, what: string, wait: (done: (value: T) => void) => () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let stop = (): void => undefined;
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no ${what} within ${ms} ms`));
    }, ms);
    stop = wait((value) => {
      clearTimeout(timer);
      stop();
      resolve(value);
    });
  });
}

/** Spawns `mdkg serve <args>` in `cwd` (from bin/mdkg.js, as a client would) and connects. */
export async function startServe(args: readonly string[], cwd: string): Promise<LiveServe> {
  const client = new Client({ name: 'mdkg-test', version: '1.0.0' });
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', ...args], cwd, stderr: 'pipe' });
  const lines: string[] = [];
  const lineWaiters = new Set<() => void>();
  let partial = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString('utf8')).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
    for (const wake of [...lineWaiters]) wake();
  });
  const count: Record<Kind, number> = { tools: 0, resources: 0 };
  const noteWaiters = new Set<() => void>();
  const bump = (kind: Kind) => async (): Promise<void> => {
    count[kind] += 1;
    for (const wake of [...noteWaiters]) wake();
  };
  client.setNotificationHandler(ToolListChangedNotificationSchema, bump('tools'));
  client.setNotificationHandler(ResourceListChangedNotificationSchema, bump('resources'));
  await client.connect(transport);
  return {
    client,
    lines,
    count,
    call: async (name, callArgs = {}) =>
      (await client.callTool({ name, arguments: callArgs }, undefined, { timeout: 60_000 })) as CallToolResult & {
        structuredContent?: Record<string, unknown>;
      },
    line: (pattern, ms = 15_000, from = 0) =>
      deadline(ms, `stderr line ${pattern}`, (done) => {
        const check = (): void => {
          const found = lines.slice(from).find((l) => pattern.test(l));
          if (found !== undefined) done(found);
        };
        lineWaiters.add(check);
        check();
        return () => lineWaiters.delete(check);
      }),
    notified: (kind, n, ms = 15_000) =>
      deadline(ms, `${kind}/list_changed #${n}`, (done) => {
        const check = (): void => {
          if (count[kind] >= n) done(undefined);
        };
        noteWaiters.add(check);
        check();
        return () => noteWaiters.delete(check);
      }),
    close: () => client.close(),
  };
}
