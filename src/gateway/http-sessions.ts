// The sessions of `mdkg serve --http`: at most `max` open at once (one more is refused with 503
// busy and a Retry-After), and a session unused for `idleMs` is closed with its MCP server object
// (which leaves gw.sessions). Clients that go away without DELETE leave nothing behind. The clock
// is injectable, so expiry is tested without waiting.
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** Sessions open at once, unless serve.max_sessions says otherwise. */
export const DEFAULT_MAX_SESSIONS = 256;
/** Time a session may stay unused, unless serve.session_idle_ms says otherwise (30 minutes). */
export const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000;

export interface SessionLimits {
  max: number;
  idleMs: number;
  now: () => number;
}

interface Entry {
  transport: StreamableHTTPServerTransport;
  profile: string;
  lastSeen: number;
}

export class HttpSessions {
  readonly #open = new Map<string, Entry>();
  /** Sessions being initialized (counted against the cap until they get an id or fail). */
  #starting = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(readonly limits: SessionLimits) {
    // Expired sessions are also closed on every request; the timer covers a server nobody calls.
    this.#timer = setInterval(() => void this.sweep(), Math.min(limits.idleMs, 60_000));
    this.#timer.unref();
  }

  get size(): number {
    return this.#open.size;
  }

  /** The open session with this id, marked as used now. */
  get(id: string): Entry | undefined {
    const entry = this.#open.get(id);
    if (entry === undefined) return undefined;
    const now = this.limits.now();
    if (entry.lastSeen < now - this.limits.idleMs) {
      this.#open.delete(id);
      void entry.transport.close().catch(() => undefined);
      return undefined;
    }
    entry.lastSeen = now;
    return entry;
  }

  /** Reserves a place for a new session; false when the cap is reached (after closing expired ones). */
  async reserve(): Promise<boolean> {
    await this.sweep();
    if (this.#open.size + this.#starting >= this.limits.max) return false;
    this.#starting += 1;
    return true;
  }

  /** Gives back a reservation: its session opened (`add`) or failed. */
  release(): void {
    this.#starting = Math.max(0, this.#starting - 1);
  }

  add(id: string, transport: StreamableHTTPServerTransport, profile: string): void {
    this.#open.set(id, { transport, profile, lastSeen: this.limits.now() });
  }

  delete(id: string): void {
    this.#open.delete(id);
  }

  /** Closes every session unused for longer than idleMs (its transport, then its MCP server). */
  async sweep(): Promise<void> {
    const before = this.limits.now() - this.limits.idleMs;
    const expired = [...this.#open].filter(([, e]) => e.lastSeen < before);
    for (const [id] of expired) this.#open.delete(id);
    await Promise.all(expired.map(([, e]) => e.transport.close().catch(() => undefined)));
  }

  /** Closes every session and stops the timer (the server stops). */
  async closeAll(): Promise<void> {
    clearInterval(this.#timer);
    const all = [...this.#open.values()];
    this.#open.clear();
    await Promise.all(all.map((e) => e.transport.close().catch(() => undefined)));
  }
}
