// A fair, bounded queue of callers waiting for a shared resource (a query worker). First come,
// first served; each waiter has a deadline (when its request arrived plus its time limit) and
// leaves the queue with its own error when the deadline passes; a full queue refuses at once.
// The clock is injected, so the queue's states are tested without waiting.
import { MdkgError } from '../errors.js';

export interface Clock {
  /** Milliseconds on a monotonic scale (performance.now() in production). */
  now(): number;
  /** Calls `fn` after `ms` milliseconds; returns a function that cancels it. */
  after(ms: number, fn: () => void): () => void;
}

export const realClock: Clock = {
  now: () => performance.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, Math.max(0, ms));
    return () => clearTimeout(timer);
  },
};

interface Waiter<T> {
  resolve: (value: T) => void;
  reject: (error: Error) => void;
  cancel: () => void;
}

export class WaitQueue<T> {
  readonly #waiters: Waiter<T>[] = [];

  constructor(
    readonly capacity: number,
    readonly clock: Clock = realClock,
  ) {}

  get length(): number {
    return this.#waiters.length;
  }

  /**
   * Waits for `hand` to give a value. Refused at once with MDKG_BUSY when `capacity` callers wait
   * already; rejected with `expired()` when `deadline` (a clock reading) passes first, at once if
   * it has passed.
   */
  wait(deadline: number, expired: () => Error): Promise<T> {
    if (this.#waiters.length >= this.capacity) {
      return Promise.reject(
        new MdkgError('MDKG_BUSY', `too many queries are waiting (${this.capacity}): try again shortly`, {
          waiting: this.#waiters.length,
          limit: this.capacity,
        }),
      );
    }
    const left = deadline - this.clock.now();
    if (left <= 0) return Promise.reject(expired());
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter<T> = { resolve, reject, cancel: () => {} };
      waiter.cancel = this.clock.after(left, () => {
        const at = this.#waiters.indexOf(waiter);
        if (at < 0) return;
        this.#waiters.splice(at, 1);
        reject(expired());
      });
      this.#waiters.push(waiter);
    });
  }

  /** Gives `value` to the first waiter; false (the value unused) when nobody waits. */
  hand(value: T): boolean {
    const waiter = this.#waiters.shift();
    if (waiter === undefined) return false;
    waiter.cancel();
    waiter.resolve(value);
    return true;
  }
}
