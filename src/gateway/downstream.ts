// Downstream MCP servers of the gateway: one supervisor per server. Each connects on its own (in
// parallel, with its own timeout), so one slow or dead server never delays the others; a failed
// server is retried with exponential backoff on the next call that needs it, and after repeated
// failures left down until `index_build`.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { PaginatedResultSchema, ToolListChangedNotificationSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { describeServer, openTransport, type LiveServerConfig, type OpenedTransport } from '../ingest/mcp/live-transport.js';
import { serverWords, type ServerWords } from '../ingest/mcp/server-words.js';
import { PACKAGE_VERSION } from '../version.js';

export type ServerState = 'idle' | 'connecting' | 'connected' | 'down';

/** What `onChange` hears: a new state, or a `notifications/tools/list_changed` (the tools listed again). */
export type ServerEvent = ServerState | 'list_changed';

export interface ServerStatus {
  source: string;
  state: ServerState;
  server: string;
  tools: number;
  failures: number;
  listChanges: number;
  lastError?: string;
  /** ISO time of the next reconnect allowed (down servers). */
  retryAt?: string;
}

/** Largest answer to a tool call read, in bytes as sent, unless the server's max_result_bytes says otherwise. */
export const DEFAULT_MAX_RESULT_BYTES = 8 * 1024 * 1024;

/** Failures in a row after which a server stays down until `index_build`. */
const MAX_FAILURES = 5;
const BASE_BACKOFF_MS = 500;

/**
 * Every page of `tools/list`, as the server wrote it (key order kept: the generated documents are
 * byte-identical to those of `mdkg generate tools`); at most 1,000 pages, never the same cursor twice.
 */
async function listRaw(client: Client): Promise<Tool[]> {
  const out: Tool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < 1000; page += 1) {
    const result = await client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, PaginatedResultSchema);
    const tools = (result as { tools?: unknown }).tools;
    if (!Array.isArray(tools)) throw new Error('the tools/list result has no "tools" array');
    for (const tool of tools) if (tool !== null && typeof tool === 'object' && typeof (tool as Tool).name === 'string') out.push(tool as Tool);
    cursor = result.nextCursor;
    if (cursor === undefined) return out;
    if (seen.has(cursor)) throw new Error('the server sent the same tools/list cursor twice');
    seen.add(cursor);
  }
  throw new Error('the tool list did not end within 1,000 pages');
}

export class Downstream {
  state: ServerState = 'idle';
  failures = 0;
  lastError: string | undefined;
  retryAt = 0;
  tools = new Map<string, Tool>();
  /** `notifications/tools/list_changed` received (the tools were listed again each time). */
  listChanges = 0;
  /** What the server said about itself in `initialize` (name, title, version, instructions). */
  words: ServerWords | undefined;
  /** Called with the server's tools each time they are listed (connect, list_changed). */
  onTools: ((tools: Tool[]) => void) | undefined;
  /** Called on each change of state and each list_changed (state logs, searches waiting for the index). */
  onChange: ((server: Downstream, event: ServerEvent) => void) | undefined;
  /** The last failure was the connect timeout (MDKG_SOURCE_TIMEOUT) rather than an error (MDKG_SOURCE_FAILED). */
  timedOut = false;
  #client: Client | undefined;
  #opened: OpenedTransport | undefined;
  #connecting: Promise<void> | undefined;
  /** The transport of a connect in progress, ended by close(). */
  #pending: OpenedTransport | undefined;
  /** Counts close() calls: a connect that started before the last one drops what it opened. */
  #epoch = 0;

  constructor(
    readonly source: string,
    readonly server: LiveServerConfig,
    readonly cwd: string,
    /** Time to connect and list the tools. */
    readonly timeoutMs: number,
    /** Time a tool call may take. */
    readonly callTimeoutMs: number,
    /** The cap on a tool call's answer, in bytes as sent (servers.<id>.max_result_bytes). */
    readonly maxResultBytes: number = DEFAULT_MAX_RESULT_BYTES,
  ) {}

  /** Told of each message of the server dropped unread (the gateway's state log). */
  onDiagnostic: ((server: Downstream, message: string) => void) | undefined;

  status(): ServerStatus {
    const s: ServerStatus = {
      source: this.source,
      state: this.state,
      server: describeServer(this.server),
      tools: this.tools.size,
      failures: this.failures,
      listChanges: this.listChanges,
    };
    if (this.lastError !== undefined) s.lastError = this.lastError;
    if (this.state === 'down' && this.retryAt > 0) s.retryAt = new Date(this.retryAt).toISOString();
    return s;
  }

  /** Connects (once at a time) and lists the tools; a failure marks the server down with its error. */
  connect(): Promise<void> {
    if (this.#connecting === undefined) {
      const connecting = this.#connect().finally(() => {
        if (this.#connecting === connecting) this.#connecting = undefined;
      });
      this.#connecting = connecting;
    }
    return this.#connecting;
  }

  #set(state: ServerState): void {
    if (this.state === state) return;
    this.state = state;
    this.onChange?.(this, state);
  }

  async #connect(): Promise<void> {
    const epoch = this.#epoch;
    this.#set('connecting');
    const opened = openTransport(this.server, this.cwd, {
      resultCap: { bytes: this.maxResultBytes, server: this.source },
      diagnostic: (message) => this.onDiagnostic?.(this, message),
    });
    this.#pending = opened;
    const client = new Client({ name: 'mdkg-gateway', version: PACKAGE_VERSION });
    let timedOut = false;
    const timer = new Promise<never>((_, reject) =>
      setTimeout(() => {
        timedOut = true;
        reject(new Error(`no answer within ${this.timeoutMs} ms`));
      }, this.timeoutMs).unref(),
    );
    try {
      await Promise.race([client.connect(opened.transport), timer]);
      const listed = await Promise.race([listRaw(client), timer]);
      // Closed meanwhile (removed from the config, shut down): what this connect opened is dropped.
      if (epoch !== this.#epoch) throw new Error('closed while connecting');
      this.#pending = undefined;
      this.tools = new Map(listed.map((t) => [t.name, t]));
      this.words = serverWords(client.getServerVersion(), client.getInstructions());
      this.onTools?.(listed);
      // The server's tools changed: list them again, so calls are checked against the new schemas.
      client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
        const again = await listRaw(client).catch(() => undefined);
        if (again !== undefined) this.tools = new Map(again.map((t) => [t.name, t]));
        this.listChanges += 1;
        if (again !== undefined) this.onTools?.(again);
        this.onChange?.(this, 'list_changed');
      });
      this.#client = client;
      this.#opened = opened;
      this.failures = 0;
      this.lastError = undefined;
      this.timedOut = false;
      this.#set('connected');
      // The client's own close handler stays; this one marks the server for a reconnect.
      client.onclose = () => this.#lost('the server closed the connection');
    } catch (error) {
      if (this.#pending === opened) this.#pending = undefined;
      const why = (): string => `${(error as Error).message}${opened.stderrTail() === '' ? '' : `; stderr: ${opened.stderrTail()}`}`;
      // A timeout is a state at once (searches waiting for the server stop waiting); a crash is
      // stated once the process is gone, with all it wrote to stderr.
      const now = timedOut && epoch === this.#epoch;
      if (now) this.#fail(why(), true);
      await opened.kill().catch(() => undefined);
      await client.close().catch(() => undefined);
      if (!now && epoch === this.#epoch) this.#fail(why());
    }
  }

  #fail(message: string, timedOut = false): void {
    this.failures += 1;
    this.lastError = message;
    this.timedOut = timedOut;
    // The first failure is retried on the next call at once; then 0.5 s, 1 s, 2 s; then down.
    this.retryAt = this.failures >= MAX_FAILURES ? Number.POSITIVE_INFINITY : this.failures === 1 ? 0 : Date.now() + BASE_BACKOFF_MS * 2 ** (this.failures - 2);
    this.#set('down');
  }

  #lost(why: string): void {
    if (this.state !== 'connected') return;
    this.#client = undefined;
    this.#fail(why);
  }

  /** A connected client, connecting or reconnecting when the backoff allows; else why not. */
  async ready(): Promise<Client | string> {
    if (this.state === 'connected' && this.#client !== undefined) return this.#client;
    if (this.state === 'down' && Date.now() < this.retryAt) {
      const when = Number.isFinite(this.retryAt)
        ? `retried after ${new Date(this.retryAt).toISOString()}`
        : `down after ${this.failures} failures until index_build`;
      return `server "${this.source}" is down (${this.lastError ?? 'unknown error'}); ${when}`;
    }
    await this.connect();
    return this.#client ?? `server "${this.source}" is down (${this.lastError ?? 'unknown error'})`;
  }

  /** Marks a call's failure (a crash, a hang): the server is reconnected on the next call. */
  async failed(why: string): Promise<void> {
    const opened = this.#opened;
    this.#lost(why);
    this.#opened = undefined;
    await opened?.kill().catch(() => undefined);
  }

  async close(): Promise<void> {
    const client = this.#client;
    const opened = this.#opened;
    const pending = this.#pending;
    this.#client = undefined;
    this.#opened = undefined;
    this.#pending = undefined;
    this.#connecting = undefined;
    this.#epoch += 1;
    this.#set('idle');
    await client?.close().catch(() => undefined);
    await opened?.kill().catch(() => undefined);
    await pending?.kill().catch(() => undefined);
  }

  /**
   * index_build: a connected server lists its tools again on the connection it has (calls of other
   * clients in flight go on); any other, or one whose listing fails, starts over with a fresh
   * connection, its failures forgotten.
   */
  async refresh(): Promise<void> {
    const client = this.#client;
    if (this.state === 'connected' && client !== undefined) {
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
      });
      const listed = await Promise.race([listRaw(client), limit])
        .catch(() => undefined)
        .finally(() => clearTimeout(timer));
      if (listed !== undefined && this.#client === client) {
        this.tools = new Map(listed.map((t) => [t.name, t]));
        this.onTools?.(listed);
        return;
      }
    }
    await this.reset();
    await this.connect();
  }

  /** Starts over: failures forgotten, a fresh connection (made by the next connect). */
  async reset(): Promise<void> {
    await this.close();
    this.failures = 0;
    this.lastError = undefined;
    this.retryAt = 0;
  }
}
