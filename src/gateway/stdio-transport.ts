// MCP over stdio for `mdkg serve`: reads one JSON-RPC message per line, in linear time (the SDK's
// ReadBuffer copies the whole buffer on every chunk), and answers every malformed message with a
// JSON-RPC error carrying its id (jsonrpc-check.ts); a line over the limit is skipped to its
// newline and answered "too large". The session goes on after any of these.
import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { LineReader } from '../util/line-reader.js';
import { checkMessage, type JsonRpcErrorAnswer, needsAnswer, parseError } from './jsonrpc-check.js';

export class CheckedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  #closed = false;
  readonly #lines: LineReader;
  readonly #ondata = (chunk: Buffer) => this.#lines.push(chunk);
  readonly #onerror = (error: Error) => this.onerror?.(error);

  constructor(
    private readonly stdin: NodeJS.ReadableStream,
    private readonly stdout: NodeJS.WritableStream,
    /** Largest message read, in bytes. */
    readonly maxBytes: number,
  ) {
    this.#lines = new LineReader(
      maxBytes,
      (line) => this.#line(line),
      () =>
        this.#reply({
          jsonrpc: '2.0',
          id: null,
          error: { code: -32600, message: `invalid request: the message is too large: over the ${maxBytes} bytes a message may have` },
        }),
    );
  }

  async start(): Promise<void> {
    this.stdin.on('data', this.#ondata);
    this.stdin.on('error', this.#onerror);
  }

  #line(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      this.#reply(parseError((error as Error).message));
      return;
    }
    const checked = checkMessage(value);
    if ('message' in checked) this.onmessage?.(checked.message);
    else if (needsAnswer(value, checked.error)) this.#reply(checked.error);
  }

  #reply(error: JsonRpcErrorAnswer): void {
    void this.send(error as JSONRPCMessage);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.stdin.off('data', this.#ondata);
    this.stdin.off('error', this.#onerror);
    this.#lines.clear();
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(serializeMessage(message))) resolve();
      else this.stdout.once('drain', resolve);
    });
  }
}
