// The gateway's one queue of writes and re-indexes: tool documents regenerated from a server's
// listing, a reloaded config, changed graph documents and learned pairs run one at a time, in the
// order they came. Each job carries the time by which the searches waiting for it stop waiting
// (readiness.ts); the queue and the servers tell a ChangeSignal when they change.

/** Wakes whoever waits for the gateway's state to change (a server's state, a job started or ended). */
export class ChangeSignal {
  #waiters = new Set<() => void>();

  notify(): void {
    const waiters = [...this.#waiters];
    this.#waiters.clear();
    for (const wake of waiters) wake();
  }

  /** Resolves at the next change, or after `ms`. */
  next(ms: number): Promise<void> {
    return new Promise((done) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.#waiters.delete(wake);
        done();
      };
      const timer = setTimeout(wake, Math.max(0, ms));
      this.#waiters.add(wake);
    });
  }
}

export interface Job {
  /** What it does, for diagnostics: `tools of "memory"`, `config`, `graph`, `learned pair`. */
  label: string;
  /** The server whose tools it indexes, if any. */
  source?: string;
  /** Epoch ms after which searches stop waiting for it. */
  deadline: number;
  started: boolean;
}

export class WorkQueue {
  #tail: Promise<unknown> = Promise.resolve();
  readonly #jobs: Job[] = [];

  constructor(readonly signal: ChangeSignal) {}

  /** The jobs queued or running, oldest first. */
  get jobs(): readonly Job[] {
    return this.#jobs;
  }

  /** Whether a job with this label is waiting to start (a burst of file events needs one refresh). */
  waiting(label: string): boolean {
    return this.#jobs.some((j) => j.label === label && !j.started);
  }

  /** Runs `work` after every job queued before it; its result or error is the returned promise's. */
  run<T>(label: string, boundMs: number, work: () => Promise<T>, source?: string): Promise<T> {
    const job: Job = { label, deadline: Date.now() + boundMs, started: false, ...(source === undefined ? {} : { source }) };
    this.#jobs.push(job);
    this.signal.notify();
    const result = this.#tail.then(() => {
      job.started = true;
      return work();
    });
    this.#tail = result
      .catch(() => undefined)
      .then(() => {
        this.#jobs.splice(this.#jobs.indexOf(job), 1);
        this.signal.notify();
      });
    return result;
  }

  /** Resolves when every job queued so far has ended. */
  idle(): Promise<void> {
    return this.#tail.then(() => undefined);
  }
}
