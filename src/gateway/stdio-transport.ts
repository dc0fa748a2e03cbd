// MCP over stdio for `mdkg serve`: reads one JSON-RPC message per line, in linear time (the SDK's
// ReadBuffer copies the whole buffer on every chunk), and answers every malformed message with a
// JSON-RPC error carrying its id (jsonrpc-check.ts); a line over the limit is skipped to its
// newline and answered "too large". The session goes on after any of these.
import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { checkMessage, type JsonRpcErrorAnswer, needsAnswer, parseError } from './jsonrpc-check.js';

export class CheckedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  #chunks: Buffer[] = [];
  #length = 0;
  #skipping = false;
  #closed = false;
  readonly #ondata = (chunk: Buffer) => this.#read(chunk);
  readonly #onerror = (error: Error) => this.onerror?.(error);

  constructor(
    private readonly stdin: NodeJS.ReadableStream,
    private readonly stdout: NodeJS.WritableStream,
    /** Largest message read, in bytes. */
    readonly maxBytes: number,
  ) {}

  async start(): Promise<void> {
    this.stdin.on('data', this.#ondata);
    this.stdin.on('error', this.#onerror);
  }

  #read(chunk: Buffer): void {
    for (let rest = chunk; rest.length > 0; ) {
      const end = rest.indexOf(0x0a);
      const part = end === -1 ? rest : rest.subarray(0, end);
      rest = end === -1 ? Buffer.alloc(0) : rest.subarray(end + 1);
      if (!this.#skipping && this.#length + part.length > this.maxBytes) {
        this.#chunks = [];
        this.#length = 0;
        this.#skipping = true;
        this.#reply({
          jsonrpc: '2.0',
          id: null,
          error: { code: -32600, message: `invalid request: the message is too large: over the ${this.maxBytes} bytes a message may have` },
        });
      }
      if (this.#skipping) {
        if (end !== -1) this.#skipping = false;
        continue;
      }
      this.#chunks.push(part);
      this.#length += part.length;
      if (end === -1) return;
      const line = Buffer.concat(this.#chunks, this.#length).toString('utf8').replace(/\r$/, '');
      this.#chunks = [];
      this.#length = 0;
      if (line.trim() !== '') this.#line(line);
    }
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
    this.#chunks = [];
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(serializeMessage(message))) resolve();
      else this.stdout.once('drain', resolve);
    });
  }
}
