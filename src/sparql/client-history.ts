// Which clients' queries start yielding at once. A query normally runs its first GRACE_MS at full
// speed (task-guard.ts); a client whose last query ran out of time within DEMOTED_MS gets no such
// start for its next one, until a query of its own finishes in time. Agents retry a failed call,
// so a runaway query tends to come back: without this, each retry would take a core for its grace.
// Clients are objects (the gateway's sessions), held weakly: a closed session is forgotten.
import { GRACE_MS } from './long-query-share.js';

/** How long a timed-out query keeps its client's next queries from a full-speed start. */
export const DEMOTED_MS = 60_000;

export class ClientHistory {
  readonly #timedOutAt = new WeakMap<object, number>();

  /** A query of `client` ended at `now` (performance.now()): in time, or past its limit. */
  note(client: object | undefined, timedOut: boolean, now: number): void {
    if (client === undefined) return;
    if (timedOut) this.#timedOutAt.set(client, now);
    else this.#timedOutAt.delete(client);
  }

  /** The full-speed start a new query of `client` gets at `now`. */
  graceFor(client: object | undefined, now: number): number {
    const at = client === undefined ? undefined : this.#timedOutAt.get(client);
    return at !== undefined && now - at < DEMOTED_MS ? 0 : GRACE_MS;
  }
}
