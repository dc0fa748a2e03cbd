// Query workers: each holds a copy of the graph (sent once per store version) and runs one query
// at a time. A query's time limit counts from when it arrived: waiting for a worker, starting one
// and copying the graph are all inside it. Workers start when a query needs one, at most one per
// core (two at least); callers beyond wait in a fair queue (wait-queue.ts) of 32, and a full queue
// answers MDKG_BUSY at once. A query that runs past its deadline ends its worker, so parsing, a
// backtracking REGEX or an aggregate stop with it; the next waiter gets a fresh worker. A worker
// still starting or copying the graph at a caller's deadline is kept: the caller gets its timeout,
// and the worker serves the next query. Idle workers are unref'd: they never keep a process alive.
// A worker is never ended before it says `ready` (its code is loaded): Node 20 aborts the whole
// process when a thread is terminated inside a require() of an ES module (V8 "IsGraphAsync must be
// used on an instantiated module"), and the engine's actors do one (graphql-to-sparql requires
// graphql). Ending such a worker waits for `ready`; its caller does not.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Quad, Source } from '@rdfjs/types';
import { MdkgError } from '../errors.js';
import { QuadStore } from '../rdf/quad-store.js';
import { engineMessage } from './engine-errors.js';
import type { QueryResult, QueryTarget } from './types.js';
import { realClock, WaitQueue } from './wait-queue.js';
import { memoryMb, queryWorkerBootFile, queryWorkerFile } from './worker-file.js';
import { decodeError, decodeResult, type FromWorker, type RunRequest, type ToWorker } from './worker-protocol.js';

/** Time to copy a graph into a worker: a copy still running at its caller's deadline goes on this long, for the next query. */
const LOAD_TIMEOUT_MS = 120_000;
/** Idle workers kept warm. */
const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism() - 1));
/**
 * Workers running at once: one per core, and two at least: a query whose SERVICE reaches an
 * endpoint served by this same process (a gateway federating to itself) needs a second worker.
 */
export const MAX_WORKERS = Math.max(2, availableParallelism());
/** Queries waiting for a worker; one more is refused at once with MDKG_BUSY. */
export const MAX_WAITING = 32;

interface Slot {
  worker: Worker;
  /** Id of the graph copy the worker holds. */
  loaded: number | undefined;
  busy: boolean;
  dead: boolean;
  /** The worker has loaded its code (it sent `ready`): it may be terminated. */
  ready: boolean;
  /** Settles when the thread has ended. */
  exited: Promise<void>;
  /** Settles when the worker is ready or has ended: from then on the process may exit safely. */
  settled: Promise<void>;
}

const slots: Slot[] = [];
const queue = new WaitQueue<Slot>(MAX_WAITING, realClock);
const copies = new WeakMap<object, { id: number; version: number; profile: unknown }>();
let nextCopy = 1;

function spawn(): Slot {
  // The boot file lowers the thread's priority before the worker loads when another worker is
  // alive (a runaway's replacement), else once it has loaded (query-worker-boot.ts).
  const lowerFirst = slots.some((s) => !s.dead);
  const worker = new Worker(queryWorkerBootFile(), {
    workerData: { file: queryWorkerFile().href, lowerFirst },
    resourceLimits: { maxOldGenerationSizeMb: memoryMb(), stackSizeMb: 8 },
  });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let onReady = (): void => {};
  const settled = Promise.race([exited, new Promise<void>((resolve) => (onReady = resolve))]);
  const slot: Slot = { worker, loaded: undefined, busy: false, dead: false, ready: false, exited, settled };
  worker.on('message', (message: FromWorker) => {
    if (message.kind !== 'ready') return;
    slot.ready = true;
    onReady();
    if (slot.dead) void worker.terminate();
  });
  worker.on('exit', () => kill(slot));
  worker.on('error', () => kill(slot));
  slots.push(slot);
  return slot;
}

function kill(slot: Slot): void {
  if (slot.dead) return;
  slot.dead = true;
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
  const free = queue.length > 0 ? undefined : (slots.find((s) => !s.busy) ?? (slots.length < MAX_WORKERS ? spawn() : undefined));
  if (free === undefined) return queue.wait(deadline, expired);
  free.busy = true;
  return Promise.resolve(free);
}

function release(slot: Slot): void {
  if (slot.dead) return;
  if (queue.hand(slot)) return;
  slot.busy = false;
  slot.worker.unref();
  if (slots.filter((s) => !s.busy).length > POOL_SIZE) kill(slot);
}

/** Sends one message and waits for the answer; past `timeoutMs` the worker is ended. */
function call(slot: Slot, message: ToWorker, timeoutMs: number, onTimeout: () => MdkgError): Promise<FromWorker> {
  return new Promise((resolve, reject) => {
    const done = (): void => {
      clearTimeout(timer);
      slot.worker.off('message', onMessage);
      slot.worker.off('error', onError);
      slot.worker.off('exit', onExit);
    };
    const onMessage = (reply: FromWorker): void => {
      if (reply.kind === 'ready') return;
      done();
      resolve(reply);
    };
    const onError = (error: Error): void => {
      done();
      const code = (error as { code?: string }).code;
      const why =
        code === 'ERR_WORKER_OUT_OF_MEMORY' ? `the query ran out of memory (limit ${memoryMb()} MB; MDKG_SPARQL_MEMORY_MB changes it)` : error.message;
      const text = code === 'ERR_WORKER_OUT_OF_MEMORY' ? `SPARQL evaluation failed: ${why}` : engineMessage(error);
      reject(new MdkgError('MDKG_SPARQL_FAILED', text, code === undefined ? {} : { code }));
    };
    const onExit = (): void => {
      done();
      reject(new MdkgError('MDKG_SPARQL_FAILED', 'SPARQL evaluation failed: the query worker stopped'));
    };
    const timer = setTimeout(() => {
      done();
      kill(slot);
      reject(onTimeout());
    }, timeoutMs);
    slot.worker.on('message', onMessage);
    slot.worker.once('error', onError);
    slot.worker.once('exit', onExit);
    slot.worker.ref();
    slot.worker.postMessage(message);
  });
}

async function storeOf(source: Source): Promise<QuadStore> {
  if (source instanceof QuadStore) return source;
  const store = new QuadStore();
  const stream = source.match(null, null, null, null);
  await new Promise<void>((resolve, reject) => {
    stream.on('data', (quad: Quad) => store.addQuad(quad));
    stream.on('end', () => resolve());
    stream.on('error', (error: unknown) => reject(error));
  });
  return store;
}

/** Which copy of the graph a query needs: the same id while the store and profile are unchanged. */
function copyId(target: QueryTarget): number {
  const version = target.store instanceof QuadStore ? target.store.version : -1;
  const known = copies.get(target.store);
  if (known !== undefined && version >= 0 && known.version === version && known.profile === target.profile) return known.id;
  const id = nextCopy++;
  copies.set(target.store, { id, version, profile: target.profile });
  return id;
}

/** Copies the graph into the worker (once per store version), within LOAD_TIMEOUT_MS. */
async function load(slot: Slot, target: QueryTarget, id: number): Promise<void> {
  const snapshot = (await storeOf(target.store)).snapshot();
  const loaded = await call(
    slot,
    { kind: 'load', snapshot, profile: target.profile },
    LOAD_TIMEOUT_MS,
    () => new MdkgError('MDKG_SPARQL_FAILED', `the graph could not be copied to the query worker within ${LOAD_TIMEOUT_MS} ms`),
  );
  if (loaded.kind === 'error') throw decodeError(loaded);
  slot.loaded = id;
}

/** True when `work` settles before `deadline` (its error thrown then), false when the deadline comes first. */
function beforeDeadline(work: Promise<void>, deadline: number): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    const cancel = realClock.after(deadline - realClock.now(), () => resolve(false));
    work.then(
      () => {
        cancel();
        resolve(true);
      },
      (error: unknown) => {
        cancel();
        reject(error);
      },
    );
  });
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
    const reply = await call(slot, { kind: 'query', ...request, timeoutMs: left }, left, timeout);
    if (reply.kind === 'result') return decodeResult(reply.result);
    if (reply.kind === 'error') {
      // A timeout seen inside the worker may leave engine work running there: end it too.
      if (reply.code === 'MDKG_SPARQL_TIMEOUT') {
        kill(slot);
        // The engine's own deadline is the one left: name the caller's limit instead.
        if (reply.details.url === undefined) throw timeout();
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

/** Queries waiting for a worker now. */
export function queryWaitingCount(): number {
  return queue.length;
}
