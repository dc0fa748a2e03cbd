// MCP over stdio with the server in its own process group. The SDK's StdioClientTransport ends
// only the child it started: a server started through a wrapper (`sh -c '… & exec node server'`)
// would leave the wrapper's other children running. Here the child leads a new process group
// (`detached`), and closing or killing ends the whole group.
import { spawn, type ChildProcess } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { LineReader } from '../../util/line-reader.js';

export interface GroupStdioParams {
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd: string;
}

/** Largest message read from a server (the SDK's default is 10 MiB). */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** Time the group has after SIGTERM before SIGKILL, and a child after its stdin closed. */
const GRACE_MS = 2_000;

/** Sends a signal to a process group; false when the group is gone. */
function signalGroup(pid: number, sig: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, sig);
    return true;
  } catch {
    return false;
  }
}

/** Ends a process group: SIGTERM, then SIGKILL if anything of it is left after the grace time. */
export async function endGroup(pid: number): Promise<void> {
  if (!signalGroup(pid, 'SIGTERM')) return;
  const deadline = Date.now() + GRACE_MS;
  while (signalGroup(pid, 0)) {
    if (Date.now() > deadline) {
      signalGroup(pid, 'SIGKILL');
      return;
    }
    await new Promise((done) => setTimeout(done, 10));
  }
}

export class GroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** The child's stderr, available before start so that no early line is lost. */
  readonly stderr = new PassThrough();
  #child: ChildProcess | undefined;
  #pid: number | null = null;
  // The lines of the child's stdout, read in linear time (unlike the SDK's ReadBuffer); one over
  // MAX_MESSAGE_BYTES is skipped to its newline, and the requests waiting for an answer fail at once
  // with a "too large" error naming the limit; the connection stays usable for the next calls.
  readonly #lines = new LineReader(
    MAX_MESSAGE_BYTES,
    (line) => this.#deliver(line),
    () => this.#tooLarge(),
  );
  /** Ids of requests sent and not answered yet: an answer over the limit fails them with "too large". */
  readonly #pending = new Set<string | number>();

  constructor(private readonly params: GroupStdioParams) {}

  get pid(): number | null {
    return this.#pid;
  }

  start(): Promise<void> {
    if (this.#child !== undefined) throw new Error('GroupStdioTransport already started');
    return new Promise((resolve, reject) => {
      const child = spawn(this.params.command, this.params.args, {
        env: { ...getDefaultEnvironment(), ...this.params.env },
        stdio: ['pipe', 'pipe', 'pipe'],
        cwd: this.params.cwd,
        detached: true,
      });
      this.#child = child;
      child.on('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.on('spawn', () => {
        this.#pid = child.pid ?? null;
        resolve();
      });
      child.on('close', () => {
        this.#child = undefined;
        this.onclose?.();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => this.#lines.push(chunk));
      child.stdout?.on('error', (error) => this.onerror?.(error));
      child.stderr?.pipe(this.stderr);
    });
  }

  #deliver(line: string): void {
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch (error) {
      this.onerror?.(error as Error);
      return;
    }
    if ('id' in message && !('method' in message) && message.id !== undefined) this.#pending.delete(message.id);
    this.onmessage?.(message);
  }

  /** Drops the line being read (skipped to its newline) and fails the requests waiting for an answer. */
  #tooLarge(): void {
    const message = `the server's answer is too large: over the ${MAX_MESSAGE_BYTES} bytes a message may have`;
    for (const id of this.#pending) this.onmessage?.({ jsonrpc: '2.0', id, error: { code: -32600, message } });
    this.#pending.clear();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.#child?.stdin;
      if ('id' in message && 'method' in message && message.id !== undefined) this.#pending.add(message.id);
      if (stdin === undefined || stdin === null) {
        reject(new Error('Not connected'));
        return;
      }
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /** Closes stdin, gives the server the grace time to exit, then ends its whole group. */
  async close(): Promise<void> {
    const child = this.#child;
    const pid = this.#pid;
    if (child !== undefined) {
      const closed = new Promise<void>((done) => child.once('close', () => done()));
      child.stdin?.end();
      await Promise.race([closed, new Promise((done) => setTimeout(done, GRACE_MS).unref())]);
    }
    if (pid !== null) await endGroup(pid);
    this.#lines.clear();
  }
}
