// Parsing many documents on every core: a cold load of thousands of documents splits them in
// batches between this thread and up to three parse workers (parse-worker.ts). Each document is
// parsed by the same pure function wherever it runs (parse-file.ts), so the result is the same as
// parsing in order here; results keep the jobs' order. A worker that fails or exits leaves its
// batch to this thread. `MDKG_PARSE_WORKERS` sets the number of workers (0: none).
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CacheEntry } from './cache.js';
import { type ParseJob, parseEntry } from './parse-file.js';

/** Fewer documents than this are parsed here: a worker takes about 0.1 s to start. */
const MIN_JOBS = 256;
const BATCH = 64;
const MAX_WORKERS = 3;

function workerCount(jobs: number): number {
  const set = process.env.MDKG_PARSE_WORKERS;
  const wanted = set !== undefined && /^\d+$/.test(set) ? Number(set) : Math.min(MAX_WORKERS, availableParallelism() - 1);
  return jobs < MIN_JOBS ? 0 : Math.max(0, Math.min(wanted, MAX_WORKERS * 4, Math.floor(jobs / BATCH) - 1));
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
function run(worker: Worker, id: number, jobs: ParseJob[]): Promise<CacheEntry[]> {
  return new Promise((resolve, reject) => {
    const done = (): void => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (m: { id: number; entries?: CacheEntry[]; error?: string }): void => {
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

const yieldToEvents = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Parses every job, in parallel when there are many; `onBatch` is told how many are done. */
export async function parseEntries(jobs: readonly ParseJob[], onBatch?: (done: number) => void): Promise<CacheEntry[]> {
  const out: CacheEntry[] = new Array(jobs.length);
  let next = 0;
  let done = 0;
  const take = (): [number, number] | undefined => (next < jobs.length ? [next, (next = Math.min(jobs.length, next + BATCH))] : undefined);
  const finish = (from: number, entries: readonly CacheEntry[]): void => {
    for (const [i, entry] of entries.entries()) out[from + i] = entry;
    done += entries.length;
    onBatch?.(done);
  };
  const here = async (from: number, to: number): Promise<void> => {
    const entries: CacheEntry[] = [];
    for (let i = from; i < to; i += 1) entries.push(await parseEntry(jobs[i]!));
    finish(from, entries);
  };
  const workers = Array.from({ length: workerCount(jobs.length) }, startWorker);
  let batchId = 0;
  try {
    const inWorker = async (worker: Worker): Promise<void> => {
      for (let range = take(); range !== undefined; range = take()) {
        const [from, to] = range;
        try {
          finish(from, await run(worker, (batchId += 1), jobs.slice(from, to)));
        } catch {
          await here(from, to);
          return;
        }
      }
    };
    const inThisThread = async (): Promise<void> => {
      for (let range = take(); range !== undefined; range = take()) {
        await here(range[0], range[1]);
        // Lets the workers' answers in between batches.
        await yieldToEvents();
      }
    };
    await Promise.all([inThisThread(), ...workers.map(inWorker)]);
  } finally {
    for (const worker of workers) void worker.terminate();
  }
  return out;
}
