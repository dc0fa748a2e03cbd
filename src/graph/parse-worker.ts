// A parse worker: takes batches of documents (parse-file.ts jobs) and answers with what the cache
// keeps of each. Started by parse-pool.ts for large cold loads; holds no state between batches.
import { parentPort } from 'node:worker_threads';
import { type ParseJob, parseEntry } from './parse-file.js';

interface Batch {
  id: number;
  jobs: ParseJob[];
}

parentPort?.on('message', (batch: Batch) => {
  void (async () => {
    try {
      const entries = [];
      for (const job of batch.jobs) entries.push(await parseEntry(job));
      parentPort?.postMessage({ id: batch.id, entries });
    } catch (error) {
      parentPort?.postMessage({ id: batch.id, error: String((error as Error)?.stack ?? error) });
    }
  })();
});
