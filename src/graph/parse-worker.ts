// A parse worker: takes batches of documents (parse-file.ts jobs) and answers with what the cache
// keeps of each. Started by parse-pool.ts for large cold loads; holds no state between batches.
import { parentPort } from 'node:worker_threads';
import { type ParseJob, parseBatch } from './parse-file.js';

interface Batch {
  id: number;
  jobs: ParseJob[];
}

// Batches are parsed one after the other, in the order they came (the pool keeps two in flight).
let queue = Promise.resolve();
parentPort?.on('message', (batch: Batch) => {
  queue = queue.then(async () => {
    try {
      const entries = await parseBatch(batch.jobs);
      parentPort?.postMessage({ id: batch.id, entries });
    } catch (error) {
      parentPort?.postMessage({ id: batch.id, error: String((error as Error)?.stack ?? error) });
    }
  });
});
