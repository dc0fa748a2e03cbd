// Memory the host and its query workers share, for task-guard.ts: when other work last arrived,
// and which workers are running a long query now. `mdkg serve` notes each request that is not a
// graph_query (noteOtherWork); a host that never notes any (the CLI, a library user) leaves its
// queries at full speed.
import { availableParallelism } from 'node:os';
import { MdkgError } from '../errors.js';

/** Lanes: one per worker that may be alive at once (at most one per core, two at least: worker-pool.ts), and as many to spare. */
export const LANES = 2 * Math.max(2, availableParallelism());
/** Byte offsets: Date.now() when other work last arrived; the cell a yielding worker sleeps on; the lanes. */
export const CELL = { lastOther: 0, sleep: 8, lanes: 12 } as const;

/** Time a query runs at full speed, whatever else is going on (a client's queries may get none: client-history.ts). */
export const GRACE_MS = 250;
/** Other work counts as current for this long after it arrived. */
export const WINDOW_MS = 250;

/** One core's time, in parts, that long queries together get while other requests are served (decision 010). */
export const DEFAULT_LONG_QUERY_SHARE = 0.25;

const cells = new SharedArrayBuffer(CELL.lanes + 4 * LANES);
const lastOther = new BigInt64Array(cells, CELL.lastOther, 1);
const lanes = new Int32Array(cells, CELL.lanes, LANES);

export function shareCells(): SharedArrayBuffer {
  return cells;
}

/** Other work has arrived now: long queries yield to it for a while (task-guard.ts). */
export function noteOtherWork(): void {
  Atomics.store(lastOther, 0, BigInt(Date.now()));
}

/** When other work last arrived (Date.now()), 0 if never. */
export function lastOtherWork(): number {
  return Number(Atomics.load(lastOther, 0));
}

/** A lane for a new worker: marked free again by freeLane when the worker has ended. */
const used = new Set<number>();
export function takeLane(): number {
  for (let lane = 0; lane < LANES; lane++) {
    if (used.has(lane)) continue;
    used.add(lane);
    Atomics.store(lanes, lane, 0);
    return lane;
  }
  throw new MdkgError('MDKG_BUSY', `all ${LANES} query worker lanes are taken`);
}

/** The worker of this lane has ended: whatever it was running counts no more. */
export function freeLane(lane: number): void {
  Atomics.store(lanes, lane, 0);
  used.delete(lane);
}

/** Checks a long-query share from options or config: 0 < share ≤ 1. */
export function checkShare(value: unknown, name: string): number {
  if (typeof value === 'number' && value > 0 && value <= 1) return value;
  throw new MdkgError(
    'MDKG_USAGE',
    `${name} must be a number above 0 and at most 1, got ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`,
    { [name]: value },
  );
}
