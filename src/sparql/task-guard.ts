// The query worker's task scheduler. Comunica's streams run their steps as tasks of asynciterator's
// scheduler; this one wraps it, which gives the worker two things a thread priority does not:
// - An ended query stops. Each task belongs to the query that was running when it was scheduled;
//   once that query has ended (answered, failed, or past its time), its tasks are dropped, so a
//   runaway join stops where it was and the worker takes the next query without being replaced
//   (starting a worker costs about a second of CPU: the engine's code to load, the graph to copy).
// - Long queries yield. Past its grace (GRACE_MS, or none: client-history.ts) a query is long. While the host has noted other
//   work within the last WINDOW_MS (long-query-share.ts), the long queries of all workers together
//   run `share` of one core's time: each sleeps between its slices of work. Alone, a query runs at
//   full speed. On a small machine neither nice values nor SCHED_IDLE give a core back to the
//   thread that serves requests (decision 009); only running less does (decision 010).
// Work outside those tasks (one long synchronous step: a sort, a backtracking REGEX) is not
// stopped here: the pool ends the worker when it has not answered soon after its deadline.
import { createRequire } from 'node:module';
import * as imported from 'asynciterator';
import { CELL, LANES, WINDOW_MS } from './long-query-share.js';

/** Work between two sleeps of a yielding query. */
export const SLICE_MS = 10;
/** Longest single sleep. */
export const MAX_SLEEP_MS = 50;
/** Tasks run between two readings of the clock. */
const CHECK_EVERY = 64;

/** What pacing reads and does; tests give their own clock and sleep. */
export interface PaceWorld {
  /** A monotonic clock in ms (performance.now()). */
  now(): number;
  /** Wall clock in ms (Date.now()), the one noteOtherWork writes. */
  wallNow(): number;
  sleep(ms: number): void;
}

/** Decides, at each reading of the clock, how long the running query sleeps (0: it goes on). */
export class Pacer {
  readonly #startedAt: number;
  readonly #lanes: Int32Array;
  readonly #lastOther: BigInt64Array;
  #sliceStart: number;
  #long = false;
  /** Sleep still owed for work already done. */
  #owed = 0;
  /** Total time slept, for the query's answer and for tests. */
  slept = 0;

  constructor(
    private readonly world: PaceWorld,
    cells: SharedArrayBuffer,
    private readonly lane: number,
    private readonly share: number,
    private readonly graceMs: number,
  ) {
    this.#lanes = new Int32Array(cells, CELL.lanes, LANES);
    this.#lastOther = new BigInt64Array(cells, CELL.lastOther, 1);
    this.#startedAt = world.now();
    this.#sliceStart = this.#startedAt;
  }

  /** Long queries running now (this one included when it is long). */
  #longQueries(): number {
    let n = 0;
    for (let i = 0; i < LANES; i++) n += Atomics.load(this.#lanes, i);
    return n;
  }

  /** Called at each reading of the clock: sleeps when the query is long, other work is current and its slice is used. */
  step(): void {
    const now = this.world.now();
    if (!this.#long) {
      if (now - this.#startedAt < this.graceMs || this.share >= 1) return;
      // Long from now on: what it owes counts from here, not from its start.
      this.#long = true;
      Atomics.store(this.#lanes, this.lane, 1);
      this.#sliceStart = now;
      return;
    }
    const last = Number(Atomics.load(this.#lastOther, 0));
    if (this.world.wallNow() - last > WINDOW_MS) {
      this.#sliceStart = now;
      this.#owed = 0;
      return;
    }
    const ran = now - this.#sliceStart;
    if (ran < SLICE_MS && this.#owed === 0) return;
    const part = Math.min(1, this.share / Math.max(1, this.#longQueries()));
    this.#owed += (ran * (1 - part)) / part;
    // Sleeps at most MAX_SLEEP_MS at a time (what a long task left owing is slept in turns), so the
    // worker still sees its deadline and messages on time.
    const ms = Math.min(this.#owed, MAX_SLEEP_MS);
    this.world.sleep(ms);
    this.#owed -= ms;
    this.slept += ms;
    this.#sliceStart = this.world.now();
  }

  /** The query has ended: it is long no more. */
  end(): void {
    if (this.#long) Atomics.store(this.#lanes, this.lane, 0);
  }
}

let epoch = 0;
let pacer: Pacer | undefined;
let count = 0;

const realWorld = (cells: SharedArrayBuffer): PaceWorld => {
  const cell = new Int32Array(cells, CELL.sleep, 1);
  return { now: () => performance.now(), wallNow: () => Date.now(), sleep: (ms) => void Atomics.wait(cell, 0, 0, ms) };
};

type Scheduling = Pick<typeof imported, 'getTaskScheduler' | 'setTaskScheduler'>;

/**
 * The asynciterator instances Comunica may be using. asynciterator ships a CommonJS and an ES
 * module build: the engine bundle holds one (scripts/bundle-engine.mjs makes the import below the
 * same one), but the unbundled worker of a checkout (dist/sparql/, after a `tsc` alone) imports
 * the ES build while Comunica require()s the CommonJS one. Guarding both leaves none unguarded;
 * where the package cannot be required (an install: it is bundled only) the import is the one.
 */
function instances(): Scheduling[] {
  const found: Scheduling[] = [imported];
  try {
    const required = createRequire(import.meta.url)('asynciterator') as Scheduling;
    if (required.setTaskScheduler !== imported.setTaskScheduler) found.push(required);
  } catch {
    // not installed beside this file: the bundle's own instance is the only one
  }
  return found;
}

/** Puts the guard in front of asynciterator's scheduler (once, before any query). */
export function installTaskGuard(): void {
  for (const instance of instances()) {
    const base = instance.getTaskScheduler();
    instance.setTaskScheduler((task) => {
      const mine = epoch;
      base(() => {
        if (mine !== epoch) return;
        if (pacer !== undefined && ++count % CHECK_EVERY === 0) pacer.step();
        task();
      });
    });
  }
}

/** A query starts, in the worker of `lane`; `share` as in long-query-share.ts (1: it never yields); `graceMs` at full speed first. */
export function beginQuery(cells: SharedArrayBuffer, lane: number, share: number, graceMs: number): void {
  epoch += 1;
  pacer = new Pacer(realWorld(cells), cells, lane, share, graceMs);
}

/** The query has ended: whatever it left scheduled is dropped. Returns the time it slept. */
export function endQuery(): number {
  epoch += 1;
  const slept = pacer?.slept ?? 0;
  pacer?.end();
  pacer = undefined;
  return slept;
}
