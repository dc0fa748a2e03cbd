// A query worker: holds a copy of the graph and runs queries on it. The pool ends the whole thread
// when a query runs past its time, so nothing a query started (parsing, a backtracking REGEX, an
// aggregate) outlives it. It loads all its code first (the engine's actors) and says `ready`.
import { parentPort } from 'node:worker_threads';
import { QuadStore } from '../rdf/quad-store.js';
import { loadEngine } from './engine.js';
import { runQueryHere } from './run-here.js';
import type { QueryTarget } from './types.js';
import { lowerThisThread } from './worker-priority.js';
import { encodeError, encodeResult, type FromWorker, type ToWorker } from './worker-protocol.js';

let target: QueryTarget | undefined;
const port = parentPort;
if (port === null) throw new Error('query-worker.js runs as a worker thread only');

const post = (message: FromWorker): void => port.postMessage(message);

// Below the gateway's own thread: a runaway query never takes the core its event loop needs.
lowerThisThread();
loadEngine();
post({ kind: 'ready' });

port.on('message', (message: ToWorker) => {
  if (message.kind === 'load') {
    target = { store: QuadStore.fromSnapshot(message.snapshot), profile: message.profile };
    post({ kind: 'loaded' });
    return;
  }
  const loaded = target;
  if (loaded === undefined) {
    post({ kind: 'error', code: 'MDKG_SPARQL_FAILED', message: 'no graph loaded in the query worker', details: {} });
    return;
  }
  runQueryHere(loaded, message.query, { timeoutMs: message.timeoutMs, limit: message.limit, allowServices: message.allowServices }).then(
    (result) => post({ kind: 'result', result: encodeResult(result) }),
    (error: unknown) => post(encodeError(error)),
  );
});
