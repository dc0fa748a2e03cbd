// Over 300 lines: the pool's state (slots, wait queue, counters) is read and changed by every
// function here; split, it would have to be exposed to the pieces.
// Query workers: each holds a copy of the graph (sent once per store version) and runs one query
// at a time. A query's time limit counts from when it arrived: waiting for a worker, starting one
// and copying the graph are all inside it. Workers start when a query needs one, at most one per
// core (two at least); callers beyond wait in a fair queue (wait-queue.ts) of 32, and a full queue
// answers MDKG_BUSY at once. At its deadline a query's caller is answered; its worker drops the
// query's work (task-guard.ts) and takes the next query, or, when it has not answered within
// CANCEL_GRACE_MS (one long synchronous step: a backtracking REGEX, parsing), it is ended. A worker
// still starting or copying the graph at a caller's deadline is kept for the next query. Idle
// workers are unref'd: they never keep a process alive. A worker is never ended before it says
// `ready`: Node 20 aborts the whole process when a thread is terminated inside a require() of an
// ES module (V8 "IsGraphAsync must be used on an instantiated module"), which the engine's actors
// do (graphql-to-sparql requires graphql). Ending such a worker waits for `ready`; its caller does not.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { MdkgError } from '../errors.js';
import { engineMessage } from './engine-errors.js';
import { beforeDeadline, copyId, storeOf } from './graph-copy.js';
import type { QueryResult, QueryTarget } from './types.js';
import { freeLane, shareCells, takeLane } from './long-query-share.js';
import { realClock, WaitQueue } from './wait-queue.js';
import { memoryMb, queryWorkerBootFile, queryWorkerFile } from './worker-file.js';
import { decodeError, decodeResult, type FromWorker, type RunRequest, type ToWorker } from './worker-protocol.js';

/** Time to copy a graph into a worker: a copy still running at its caller's deadline goes on this long, for the next query. */
const LOAD_TIMEOUT_MS = 120_000;
/** Idle workers kept warm. */
const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism() - 1));
/** An idle worker beyond POOL_SIZE is ended after this long idle: not at once, or a burst of queries would start one (about a second of CPU) each time it pauses. */
export const IDLE_KEEP_MS = 10_000;
/**
 * Workers running at once: one per core, and two at least: a query whose SERVICE reaches an
 * endpoint served by this same process (a gateway federating to itself) needs a second worker.
 */
export const MAX_WORKERS = Math.max(2, availableParallelism());
/** Queries waiting for a worker; one more is refused at once with MDKG_BUSY. */
export const MAX_WAITING = 32;

interface Slot {
  worker: Worker;
  /** Its lane in the shared cells (long-query-share.ts). */
  lane: number;
  /** Id of the graph copy the worker holds. */
  loaded: number | undefined;
  busy: boolean;
  /** Past its caller's deadline, within CANCEL_GRACE_MS: it is dropping the query's work and will be free in a moment. */
  cancelling: boolean;
  dead: boolean;
  /** The worker has loaded its code (it sent `ready`): it may be terminated. */
  ready: boolean;
  /** Settles when the thread has ended. */
  exited: Promise<void>;
  /** Settles when the worker is ready or has ended: from then on the process may exit safely. */
  settled: Promise<void>;
  /** Ends the worker if it is still idle, IDLE_KEEP_MS after it became idle beyond POOL_SIZE. */
  idleTimer?: NodeJS.Timeout;
}

const slots: Slot[] = [];
/** Since the process started: workers started, queries past their time whose worker dropped their work and lived on, time long queries yielded. */
const stats = { started: 0, reused: 0, sleptMs: 0 };
const queue = new WaitQueue<Slot>(MAX_WAITING, realClock);

function spawn(): Slot {
  // The boot file lowers the thread's priority before the worker loads when another worker is
  // alive (a runaway's replacement), else once it has loaded (query-worker-boot.ts).
  const lowerFirst = slots.some((s) => !s.dead);
  const lane = takeLane();
  const worker = new Worker(queryWorkerBootFile(), {
    workerData: { file: queryWorkerFile().href, lowerFirst, cells: shareCells(), lane },
    resourceLimits: { maxOldGenerationSizeMb: memoryMb(), stackSizeMb: 8 },
  });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let onReady = (): void => {};
  const settled = Promise.race([exited, new Promise<void>((resolve) => (onReady = resolve))]);
  const slot: Slot = { worker, lane, loaded: undefined, busy: false, cancelling: false, dead: false, ready: false, exited, settled };
  worker.on('message', (message: FromWorker) => {
    if (message.kind !== 'ready') return;
    slot.ready = true;
    onReady();
    if (slot.dead) void worker.terminate();
  });
  worker.on('exit', () => kill(slot));
  worker.on('error', () => kill(slot));
  slots.push(slot);
  stats.started += 1;
  return slot;
}

function kill(slot: Slot): void {
  clearTimeout(slot.idleTimer);
  if (slot.dead) return;
  slot.dead = true;
  slot.cancelling = false;
  freeLane(slot.lane);
  slots.splice(slots.indexOf(slot), 1);
  if (slot.ready) void slot.worker.terminate();
  // Replaced at once for the first waiter, if any.
  if (queue.length > 0 && slots.length < MAX_WORKERS) {
    const fresh = spawn();
    fresh.busy = true;
    if (!queue.hand(fresh)) release(fresh);
  }
}

function acquire(deadline: number, expired: () => MdkgError): Promise<Slot> {
  // A worker that is dropping an ended query is free in a moment: wait for it rather than start one.
  const spare = slots.length < MAX_WORKERS && !slots.some((s) => s.cancelling);
  const free = queue.length > 0 ? undefined : (slots.find((s) => !s.busy) ?? (spare ? spawn() : undefined));
  if (free === undefined) return queue.wait(deadline, expired);
  free.busy = true;
  clearTimeout(free.idleTimer);
  return Promise.resolve(free);
}

function release(slot: Slot): void {
  slot.cancelling = false;
  if (slot.dead) return;
  if (queue.hand(slot)) return;
  slot.busy = false;
  slot.worker.unref();
  if (slots.filter((s) => !s.busy).length <= POOL_SIZE) return;
  slot.idleTimer = setTimeout(() => {
    if (!slot.busy && slots.filter((s) => !s.busy).length > POOL_SIZE) kill(slot);
  }, IDLE_KEEP_MS).unref();
}

/** A call past its time: the slot went back to the pool (ended, or released once it answers). */
class TimedOut {
  constructor(readonly error: MdkgError) {}
}

/** Time an ended query's worker has to drop its work and answer before it is ended instead. */
export const CANCEL_GRACE_MS = 1000;
let cancelGraceMs = CANCEL_GRACE_MS;

/**
 * Sets the grace (tests: a long one makes which way a runaway ends independent of how busy the
 * machine is); returns the one it replaces.
 */
export function setCancelGrace(ms: number): number {
  const previous = cancelGraceMs;
  cancelGraceMs = ms;
  return previous;
}

/**
 * Sends one message and waits for the answer. Past `timeoutMs` the caller gets `onTimeout()` at
 * once; the worker is ended then, or, given `graceMs`, when it has not answered within that grace:
 * a query worker drops an ended query's work (task-guard.ts) and answers, and is then released.
 * Either way the slot is the pool's again (the caller must not release it): see `TimedOut`.
 */
function call(slot: Slot, message: ToWorker, timeoutMs: number, onTimeout: () => MdkgError, graceMs = 0): Promise<FromWorker> {
  return new Promise((resolve, reject) => {
    let late = false;
    const done = (): void => {
      clearTimeout(timer);
      slot.worker.off('message', onMessage);
      slot.worker.off('error', onError);
      slot.worker.off('exit', onExit);
    };
    const onMessage = (reply: FromWorker): void => {
      if (reply.kind === 'ready') return;
      done();
      if (reply.kind !== 'loaded') stats.sleptMs += reply.sleptMs ?? 0;
      if (!late) {
        resolve(reply);
        return;
      }
      stats.reused += 1;
      release(slot);
    };
    const onError = (error: Error): void => {
      done();
      if (late) return;
      const code = (error as { code?: string }).code;
      const why =
        code === 'ERR_WORKER_OUT_OF_MEMORY' ? `the query ran out of memory (limit ${memoryMb()} MB; MDKG_SPARQL_MEMORY_MB changes it)` : error.message;
      const text = code === 'ERR_WORKER_OUT_OF_MEMORY' ? `SPARQL evaluation failed: ${why}` : engineMessage(error);
      reject(new MdkgError('MDKG_SPARQL_FAILED', text, code === undefined ? {} : { code }));
    };
    const onExit = (): void => {
      done();
      if (late) return;
      reject(new MdkgError('MDKG_SPARQL_FAILED', 'SPARQL evaluation failed: the query worker stopped'));
    };
    let timer = setTimeout(() => {
      reject(new TimedOut(onTimeout()));
      if (graceMs <= 0) {
        done();
        kill(slot);
        return;
      }
      late = true;
      slot.cancelling = true;
      timer = setTimeout(() => {
        done();
        kill(slot);
      }, graceMs);
    }, timeoutMs);
    slot.worker.on('message', onMessage);
    slot.worker.once('error', onError);
    slot.worker.once('exit', onExit);
    slot.worker.ref();
    slot.worker.postMessage(message);
  });
}

/** Copies the graph into the worker (once per store version), within LOAD_TIMEOUT_MS. */
async function load(slot: Slot, target: QueryTarget, id: number): Promise<void> {
  const snapshot = (await storeOf(target.store)).snapshot();
  const loaded = await call(
    slot,
    { kind: 'load', snapshot, profile: target.profile },
    LOAD_TIMEOUT_MS,
    () => new MdkgError('MDKG_SPARQL_FAILED', `the graph could not be copied to the query worker within ${LOAD_TIMEOUT_MS} ms`),
  ).catch((error: unknown) => {
    throw error instanceof TimedOut ? error.error : error;
  });
  if (loaded.kind === 'error') throw decodeError(loaded);
  slot.loaded = id;
}

/**
 * Runs a validated query in a worker (see run.ts). `arrivedAt` (a performance.now() reading) is
 * when the request arrived: the time limit counts from it.
 */
export async function runInWorker(target: QueryTarget, request: RunRequest, arrivedAt = realClock.now()): Promise<QueryResult> {
  const deadline = arrivedAt + request.timeoutMs;
  const timeout = (): MdkgError =>
    new MdkgError('MDKG_SPARQL_TIMEOUT', `The query did not finish within ${request.timeoutMs} ms`, { timeoutMs: request.timeoutMs });
  const id = copyId(target);
  const slot = await acquire(deadline, timeout);
  let kept = true;
  try {
    // Handed a worker at its deadline (a runaway's replacement): answer now, the next waiter gets it.
    if (realClock.now() >= deadline) throw timeout();
    if (slot.loaded !== id) {
      const loading = load(slot, target, id);
      if (!(await beforeDeadline(loading, deadline))) {
        // The copy goes on (bounded by LOAD_TIMEOUT_MS) for the next query; the caller is answered now.
        kept = false;
        loading.then(
          () => release(slot),
          () => release(slot),
        );
        throw timeout();
      }
    }
    const left = Math.ceil(deadline - realClock.now());
    if (left <= 0) throw timeout();
    const reply = await call(slot, { kind: 'query', ...request, timeoutMs: left }, left, timeout, cancelGraceMs).catch((error: unknown) => {
      if (!(error instanceof TimedOut)) throw error;
      kept = false;
      throw error.error;
    });
    if (reply.kind === 'result') return decodeResult(reply.result);
    if (reply.kind === 'error') {
      // The worker has dropped the query's work (task-guard.ts). The engine's own deadline is the
      // one left: name the caller's limit instead.
      if (reply.code === 'MDKG_SPARQL_TIMEOUT' && reply.details.url === undefined) {
        stats.reused += 1;
        throw timeout();
      }
      throw decodeError(reply);
    }
    throw new MdkgError('MDKG_SPARQL_FAILED', 'unexpected answer from the query worker');
  } finally {
    if (kept) release(slot);
  }
}

/** Starts a worker now, so its engine loads while the caller does other work (loads the graph). */
export function warmQueryWorkers(): void {
  if (slots.length === 0) spawn();
}

/** Ends every query worker (tests, or a host that wants its threads back at once). */
export async function closeQueryWorkers(): Promise<void> {
  await Promise.all(
    [...slots].map(async (slot) => {
      kill(slot);
      await slot.exited;
    }),
  );
}

/**
 * Waits until no worker is still loading its code, without ending any. A process that exits
 * while one is (a command failing right after `warmQueryWorkers`) ends that thread inside a
 * require() of an ES module, which aborts Node 20; `mdkg query` awaits this before it returns.
 */
export async function queryWorkersSettled(): Promise<void> {
  await Promise.all(slots.map((slot) => slot.settled));
}

/** Threads running now, for tests and status pages. */
export function queryWorkerCount(): number {
  return slots.length;
}

/** Workers started, workers that lived on past a query's time, and time long queries yielded, since the process started. */
export function queryWorkerStats(): { started: number; reused: number; sleptMs: number } {
  return { ...stats, sleptMs: Math.round(stats.sleptMs) };
}

/** Queries waiting for a worker now. */
export function queryWaitingCount(): number {
  return queue.length;
}
