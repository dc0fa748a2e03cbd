// A query worker: holds a copy of the graph and runs queries on it. The pool ends the whole thread
// when a query runs past its time, so nothing a query started (parsing, a backtracking REGEX, an
// aggregate) outlives it. It loads all its code first (the engine's actors) and says `ready`.
// It runs behind query-worker-boot.ts, which lowers the thread's priority and chooses when (before
// or after this module loads): this module never lowers it itself, or a first query's worker would
// load its engine lowered too.
import { parentPort, workerData } from 'node:worker_threads';
import { QuadStore } from '../rdf/quad-store.js';
import { loadEngine } from './engine.js';
import { runQueryHere } from './run-here.js';
import { measureBaseline, settleHeap } from './worker-heap.js';
import { isMdkgError } from '../errors.js';
import { CELL, LANES } from './long-query-share.js';
import { beginQuery, endQuery, installTaskGuard } from './task-guard.js';
import type { QueryTarget } from './types.js';
import { encodeError, encodeResult, type FromWorker, type ToWorker } from './worker-protocol.js';

let target: QueryTarget | undefined;
const port = parentPort;
if (port === null) throw new Error('query-worker.js runs as a worker thread only');

const post = (message: FromWorker): void => port.postMessage(message);

// Started by the pool, a worker gets the shared cells and its lane (long-query-share.ts); started
// alone (tests), it gets cells of its own, which nobody notes other work in: it never yields.
const shared = workerData as { cells?: SharedArrayBuffer; lane?: number } | null;
const cells = shared?.cells ?? new SharedArrayBuffer(CELL.lanes + 4 * LANES);
const lane = shared?.lane ?? 0;

loadEngine();
installTaskGuard();
post({ kind: 'ready' });

port.on('message', (message: ToWorker) => {
  if (message.kind === 'load') {
    target = { store: QuadStore.fromSnapshot(message.snapshot), profile: message.profile };
    measureBaseline();
    post({ kind: 'loaded' });
    return;
  }
  const loaded = target;
  if (loaded === undefined) {
    post({ kind: 'error', code: 'MDKG_SPARQL_FAILED', message: 'no graph loaded in the query worker', details: {} });
    return;
  }
  beginQuery(cells, lane, message.share, message.graceMs);
  runQueryHere(loaded, message.query, { timeoutMs: message.timeoutMs, limit: message.limit, allowServices: message.allowServices }).then(
    (result) => {
      const sleptMs = endQuery();
      post({ kind: 'result', result: encodeResult(result), sleptMs });
    },
    (error: unknown) => {
      const sleptMs = endQuery();
      post({ ...encodeError(error), sleptMs });
      if (isMdkgError(error) && error.code === 'MDKG_SPARQL_TIMEOUT') settleHeap();
    },
  );
});
