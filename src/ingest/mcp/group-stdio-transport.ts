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
import { AnswerIdScanner, scanAnswerId, type AnswerId } from './answer-id.js';
import { resultTooLargeAnswer, sentRequest, type SentRequest } from './result-cap.js';
import { tooLargeMessage } from './capped-http-fetch.js';

export interface GroupStdioParams {
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd: string;
  /** The cap on an answer to tools/call, in bytes of its line (default MAX_MESSAGE_BYTES), and the server's id that names it. */
  resultCap?: { bytes: number; server: string };
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
  /** A line that was not delivered and why (the gateway writes it to its state log). */
  ondiagnostic?: (message: string) => void;
  // The lines of the child's stdout, read in linear time (unlike the SDK's ReadBuffer). A line over
  // the result cap is not parsed: its id is read (answer-id.ts), and an answer to tools/call gets
  // MDKG_RESULT_TOO_LARGE in its place; one over MAX_MESSAGE_BYTES is never held (skipped to its
  // newline, its id read as it passes). The connection stays usable for the next calls.
  readonly #lines: LineReader;
  /** Requests sent and not answered yet, by id: which ones are capped, and the tool they call. */
  readonly #pending = new Map<AnswerId, SentRequest>();
  /** Reads the id of a line being skipped. */
  readonly #skipped = new AnswerIdScanner();

  constructor(private readonly params: GroupStdioParams) {
    const cap = Math.min(params.resultCap?.bytes ?? MAX_MESSAGE_BYTES, MAX_MESSAGE_BYTES);
    this.#lines = new LineReader(
      MAX_MESSAGE_BYTES,
      (line) => this.#deliver(line),
      () => this.#skipped.reset(),
      {
        over: cap,
        line: (parts, length) => this.#long(scanAnswerId(parts), length, () => this.#deliver(Buffer.concat(parts, length).toString('utf8'))),
        skipped: (part) => this.#skipped.push(part),
        skippedEnd: (length) => this.#long(this.#skipped.end(), length, undefined),
      },
    );
  }

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

  /**
   * A line over the result cap (`parse` reads it, when it is not over MAX_MESSAGE_BYTES): an answer
   * to tools/call is replaced by MDKG_RESULT_TOO_LARGE, an answer to another request is parsed (or,
   * over MAX_MESSAGE_BYTES, replaced by a "too large" error), anything else is dropped with a diagnostic.
   */
  #long(scanned: ReturnType<typeof scanAnswerId>, bytes: number, parse: (() => void) | undefined): void {
    const request = scanned.id === undefined ? undefined : this.#pending.get(scanned.id);
    if (scanned.id === undefined || request === undefined) {
      const why = scanned.id === undefined ? scanned.why : `it answers no request waiting (id ${JSON.stringify(scanned.id)})`;
      this.ondiagnostic?.(`a message of ${bytes} bytes was dropped unread: ${why}`);
      return;
    }
    const { resultCap } = this.params;
    if (request.method === 'tools/call' && request.tool !== undefined && resultCap !== undefined) {
      this.#pending.delete(scanned.id);
      const limit = Math.min(resultCap.bytes, MAX_MESSAGE_BYTES);
      this.onmessage?.(resultTooLargeAnswer(scanned.id, { code: 'MDKG_RESULT_TOO_LARGE', server: resultCap.server, tool: request.tool, bytes, limit }));
    } else if (parse !== undefined) parse();
    else {
      this.#pending.delete(scanned.id);
      this.onmessage?.({ jsonrpc: '2.0', id: scanned.id, error: { code: -32600, message: tooLargeMessage(MAX_MESSAGE_BYTES) } });
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.#child?.stdin;
      const sent = sentRequest(message);
      if (sent !== undefined) this.#pending.set(...sent);
      // A request given up (timed out, aborted) will not be waited for: its entry goes.
      if ('method' in message && message.method === 'notifications/cancelled') {
        const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
        if (typeof id === 'string' || typeof id === 'number') this.#pending.delete(id);
      }
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
