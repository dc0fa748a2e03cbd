import { resolve } from 'node:path';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { cappedHttpFetch } from './capped-http-fetch.js';
import { perRequestSignal } from './request-signal.js';
import { endGroup, GroupStdioTransport, MAX_MESSAGE_BYTES } from './group-stdio-transport.js';
import { isObject, isStringArray } from './values.js';

/** A server started as a child process speaking MCP over stdio. */
export interface StdioServerConfig {
  command: string;
  args?: string[];
  /** Added to the SDK's safe default environment (HOME, PATH, …), not to the whole of process.env. */
  env?: Record<string, string>;
  /** Working directory of the child, resolved against `options.cwd`. */
  cwd?: string;
}

/** A server reached over MCP Streamable HTTP. */
export interface HttpServerConfig {
  url: string;
  headers?: Record<string, string>;
}

export type LiveServerConfig = StdioServerConfig | HttpServerConfig;

/** Bytes of a child's stderr kept for error messages (the tail). */
const STDERR_KEEP = 4096;
/** Characters of that tail quoted in a message. */
const STDERR_QUOTE = 1000;

export interface OpenedTransport {
  transport: Transport;
  /** The last lines the child wrote to stderr, on one line, or '' (stdio only). */
  stderrTail(): string;
  /** Resolves when the child's stderr has ended, or after `ms`. */
  stderrSettled(ms: number): Promise<void>;
  /** Ends the child at once (stdio only): for a server that stopped answering. Resolves once it is gone. */
  kill(): Promise<void>;
  /** Ends the server's session politely before closing (Streamable HTTP with a session: DELETE). */
  endSession(): Promise<void>;
}

/** `node server.js --flag` or the URL: how messages name a server. */
export function describeServer(server: LiveServerConfig): string {
  if ('url' in server) return String(server.url);
  return [server.command, ...(server.args ?? [])].map((part) => (/^[\w@%+=:,./-]+$/.test(part) ? part : JSON.stringify(part))).join(' ');
}

/** Why a server config cannot be used, or undefined when it can. */
export function checkServerConfig(server: unknown): string | undefined {
  if (!isObject(server)) return 'a server must be an object with "command" (stdio) or "url" (Streamable HTTP)';
  const isRecordOfStrings = (value: unknown): boolean => isObject(value) && Object.values(value).every((v) => typeof v === 'string');
  if ('url' in server) {
    if (typeof server.url !== 'string') return '"url" must be a string';
    let url: URL;
    try {
      url = new URL(server.url);
    } catch {
      return `"url" is not a valid URL: ${server.url}`;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return `"url" must be http: or https:, got ${url.protocol}`;
    if (server.headers !== undefined && !isRecordOfStrings(server.headers)) return '"headers" must map names to strings';
    return undefined;
  }
  if (typeof server.command !== 'string' || server.command.trim() === '') return '"command" must be a non-empty string (or give "url")';
  if (server.args !== undefined && !isStringArray(server.args)) return '"args" must be an array of strings';
  if (server.env !== undefined && !isRecordOfStrings(server.env)) return '"env" must map names to strings';
  if (server.cwd !== undefined && typeof server.cwd !== 'string') return '"cwd" must be a string';
  return undefined;
}

export interface TransportOptions {
  /** The cap on an answer to tools/call, in bytes as sent (result-cap.ts), and the server's id that names it. */
  resultCap?: { bytes: number; server: string };
  /** Told of each message dropped unread (an answer over the cap that answers no request). */
  diagnostic?: (message: string) => void;
}

/** Builds the SDK transport for a checked config. Starts nothing: `client.connect` does. */
export function openTransport(server: LiveServerConfig, baseCwd: string | undefined, options: TransportOptions = {}): OpenedTransport {
  if ('url' in server) {
    // Each request its own abort signal (request-signal.ts), then every message capped.
    const fetch = cappedHttpFetch(MAX_MESSAGE_BYTES, perRequestSignal(globalThis.fetch), options.resultCap);
    const opts = server.headers === undefined ? { fetch } : { fetch, requestInit: { headers: server.headers } };
    const transport = new StreamableHTTPClientTransport(new URL(server.url), opts);
    const endSession = async (): Promise<void> => {
      if (transport.sessionId !== undefined) await transport.terminateSession();
    };
    return { transport, stderrTail: () => '', stderrSettled: async () => {}, kill: async () => {}, endSession };
  }
  const cwd = resolve(baseCwd ?? process.cwd(), server.cwd ?? '.');
  const transport = new GroupStdioTransport({
    command: server.command,
    args: server.args ?? [],
    ...(server.env === undefined ? {} : { env: server.env }),
    cwd,
    ...(options.resultCap === undefined ? {} : { resultCap: options.resultCap }),
  });
  if (options.diagnostic !== undefined) transport.ondiagnostic = options.diagnostic;
  let tail = '';
  let ended = false;
  const stderr = transport.stderr;
  // Always read stderr: a child blocked on a full stderr pipe stops answering.
  stderr?.on('data', (chunk: Buffer | string) => {
    tail = (tail + chunk.toString()).slice(-STDERR_KEEP);
  });
  stderr?.on('end', () => (ended = true));
  stderr?.on('error', () => (ended = true));
  return {
    transport,
    stderrTail: () => {
      const text = tail
        .trim()
        .split(/\s*\r?\n\s*/)
        .join(' | ');
      return text.length > STDERR_QUOTE ? `…${text.slice(-STDERR_QUOTE)}` : text;
    },
    stderrSettled: (ms) =>
      new Promise<void>((done) => {
        if (ended || stderr === null) return done();
        const timer = setTimeout(done, ms);
        stderr.once('end', () => {
          clearTimeout(timer);
          done();
        });
      }),
    endSession: async () => {},
    kill: async () => {
      // The server and everything it started (its process group): SIGTERM, then SIGKILL.
      const pid = transport.pid;
      if (pid !== null) await endGroup(pid);
    },
  };
}
