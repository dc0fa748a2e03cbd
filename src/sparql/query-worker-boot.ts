// The first code a query worker thread runs. It lowers the thread's priority (worker-priority.ts)
// before the thread takes any query, and chooses when:
// - `lowerFirst` (another worker of the pool is alive: this one replaces a runaway, or adds to a
//   busy pool): before the worker loads (the engine bundle: megabytes to parse and compile), so the
//   start of a worker, which follows every runaway query, never takes a core from the thread that
//   serves requests;
// - else (the pool's only worker: a first query waits for it): after the load, which is bounded
//   work, at the priority of the process; on a busy machine a load at nice 10 took over 10 s, the
//   whole limit of that first query. The module's top level ends before any message is handled, so
//   the thread is lowered before it reads a query either way.
import { workerData } from 'node:worker_threads';
import { lowerThisThread } from './worker-priority.js';

const { file, lowerFirst } = workerData as { file: string; lowerFirst?: boolean };
if (lowerFirst !== false) lowerThisThread();
await import(file);
if (lowerFirst === false) lowerThisThread();
