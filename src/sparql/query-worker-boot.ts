// The first code a query worker thread runs: it lowers the thread's priority (worker-priority.ts)
// and only then loads the worker itself (the engine bundle: megabytes to parse and compile), so
// not even the start of a worker, which follows every runaway query, takes a core from the thread
// that serves requests.
import { workerData } from 'node:worker_threads';
import { lowerThisThread } from './worker-priority.js';

lowerThisThread();
await import((workerData as { file: string }).file);
