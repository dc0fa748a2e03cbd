// Parsing many documents on every core: a cold load of thousands of documents splits them in
// batches between this thread and up to three parse workers (parse-worker.ts). Each document is
// parsed by the same pure function wherever it runs (parse-file.ts), so the result is the same as
// parsing in order here; results keep the jobs' order. A worker that fails or exits leaves its
// batch to this thread. `MDKG_PARSE_WORKERS` sets the number of workers (0: none).
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type ParsedEntry, type ParseJob, parseBatch } from './parse-file.js';

/** Fewer documents than this are parsed here: a worker takes about 0.1 s to start. */
const MIN_JOBS = 256;
const BATCH = 64;
const MAX_WORKERS = 3;

function workerCount(): number {
  const set = process.env.MDKG_PARSE_WORKERS;
  const wanted = set !== undefined && /^\d+$/.test(set) ? Number(set) : Math.min(MAX_WORKERS, availableParallelism() - 1);
  return Math.max(0, Math.min(wanted, MAX_WORKERS * 4));
}

function startWorker(): Worker {
  // Run from the TypeScript sources (the tests), the worker is the built one in dist/: a worker
  // thread cannot load .ts files, and `npm test` builds before it runs the tests.
  const fromSource = import.meta.url.endsWith('.ts');
  const worker = new Worker(new URL(fromSource ? '../../dist/graph/parse-worker.js' : '../graph/parse-worker.js', import.meta.url));
  worker.unref();
  // A worker's failure is answered by the batch it was running (run); between batches it is ignored.
  worker.on('error', () => undefined);
  return worker;
}

/** Sends one batch; rejects when the worker answers with an error, fails or exits. */
function run(worker: Worker, id: number, jobs: ParseJob[]): Promise<ParsedEntry[]> {
  return new Promise((resolve, reject) => {
    const done = (): void => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (m: { id: number; entries?: ParsedEntry[]; error?: string }): void => {
      if (m.id !== id) return;
      done();
      if (m.entries !== undefined && m.entries.length === jobs.length) resolve(m.entries);
      else reject(new Error(m.error ?? 'a parse worker answered with the wrong number of documents'));
    };
    const onError = (error: Error): void => {
      done();
      reject(error);
    };
    const onExit = (): void => {
      done();
      reject(new Error('a parse worker exited'));
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage({ id, jobs });
  });
}

export const yieldToEvents = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Parses jobs as they are added, so workers parse while this thread still reads files: workers start
 * once MIN_JOBS jobs are added, each takes a batch of BATCH as soon as one is there (the caller
 * lets their answers in by yielding now and then, see `started`); `finish` then shares what is
 * left between this thread and the workers and gives every entry in the jobs' order.
 */
export class ParsePool {
  readonly #jobs: ParseJob[] = [];
  readonly #out: ParsedEntry[] = [];
  readonly #onBatch: ((done: number) => void) | undefined;
  readonly #workers: Worker[] = [];
  readonly #running: Promise<void>[] = [];
  #wake: (() => void)[] = [];
  #next = 0;
  #done = 0;
  #closed = false;
  #batchId = 0;

  constructor(onBatch?: (done: number) => void) {
    this.#onBatch = onBatch;
  }

  /** True once workers run: the caller should yield to events between reads (yieldToEvents). */
  get started(): boolean {
    return this.#workers.length > 0;
  }

  add(job: ParseJob): void {
    this.#jobs.push(job);
    if (this.#workers.length === 0 && this.#jobs.length === MIN_JOBS) {
      for (let i = workerCount(); i > 0; i -= 1) {
        const worker = startWorker();
        this.#workers.push(worker);
        // Two batches in flight per worker: it starts the next while this thread, busy reading or
        // parsing, has not yet taken its answer to the last.
        this.#running.push(this.#inWorker(worker), this.#inWorker(worker));
      }
    }
    if (this.#jobs.length - this.#next >= BATCH) this.#notify();
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = [];
    for (const resolve of wake) resolve();
  }

  /** The next batch: a full one while jobs are still added, what is left once they are all in. */
  #take(): [number, number] | undefined {
    const left = this.#jobs.length - this.#next;
    if (left === 0 || (!this.#closed && left < BATCH)) return undefined;
    const from = this.#next;
    this.#next = Math.min(this.#jobs.length, from + BATCH);
    return [from, this.#next];
  }

  #finish(from: number, entries: readonly ParsedEntry[]): void {
    for (const [i, entry] of entries.entries()) this.#out[from + i] = entry;
    this.#done += entries.length;
    this.#onBatch?.(this.#done);
  }

  async #here(from: number, to: number): Promise<void> {
    this.#finish(from, await parseBatch(this.#jobs.slice(from, to)));
  }

  async #inWorker(worker: Worker): Promise<void> {
    for (;;) {
      const range = this.#take();
      if (range === undefined) {
        if (this.#closed) return;
        await new Promise<void>((resolve) => this.#wake.push(resolve));
        continue;
      }
      const [from, to] = range;
      try {
        this.#finish(from, await run(worker, (this.#batchId += 1), this.#jobs.slice(from, to)));
      } catch {
        await this.#here(from, to);
        return;
      }
    }
  }

  /** Stops the workers when the jobs will not be finished (the caller failed while adding them). */
  abort(): void {
    this.#closed = true;
    this.#next = this.#jobs.length;
    this.#notify();
    for (const worker of this.#workers) void worker.terminate();
  }

  /** Every job added is parsed (here and on the workers); the entries in the jobs' order. */
  async finish(): Promise<ParsedEntry[]> {
    this.#closed = true;
    this.#notify();
    try {
      const inThisThread = async (): Promise<void> => {
        for (let range = this.#take(); range !== undefined; range = this.#take()) {
          await this.#here(range[0], range[1]);
          // Lets the workers' answers in between batches.
          if (this.#workers.length > 0) await yieldToEvents();
        }
      };
      await Promise.all([inThisThread(), ...this.#running]);
    } finally {
      for (const worker of this.#workers) void worker.terminate();
    }
    return this.#out;
  }
}

/** Parses every job, in parallel when there are many; `onBatch` is told how many are done. */
export async function parseEntries(jobs: readonly ParseJob[], onBatch?: (done: number) => void): Promise<ParsedEntry[]> {
  const pool = new ParsePool(onBatch);
  for (const job of jobs) pool.add(job);
  return pool.finish();
}
