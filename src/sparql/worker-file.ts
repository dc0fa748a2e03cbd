// Which file a query worker runs, and the heap it gets (see worker-pool.ts).
import { existsSync, statSync } from 'node:fs';

/** Heap of a query worker in MB (`MDKG_SPARQL_MEMORY_MB` changes it): past it the query fails. */
const DEFAULT_WORKER_MEMORY_MB = 2048;
export function memoryMb(): number {
  const value = Number(process.env.MDKG_SPARQL_MEMORY_MB);
  return Number.isInteger(value) && value >= 64 ? value : DEFAULT_WORKER_MEMORY_MB;
}

let workerFile: URL | undefined;

/** The small file a query worker thread starts with (query-worker-boot.ts): it lowers the thread, then loads queryWorkerFile(). */
export function queryWorkerBootFile(): URL {
  return new URL('sparql/query-worker-boot.js', new URL(import.meta.url.endsWith('.ts') ? '../../dist/' : '../', import.meta.url));
}

/**
 * The file a query worker runs: the engine bundle (dist/engine/, scripts/bundle-engine.mjs), which
 * holds Comunica and the undici that runs on Node 20; an installed mdkg has no other engine (Comunica
 * is a devDependency). In a checkout (src/ beside dist/) the worker module runs instead when it is
 * newer than the bundle (a `tsc` alone leaves the bundle stale). An install has no src/, and its
 * file times are the order npm unpacked them in, so there the bundle always wins.
 * Run from the TypeScript sources (the tests), the worker is the built one in dist/: a worker
 * thread cannot load .ts files, and `npm test` builds before it runs the tests.
 */
export function queryWorkerFile(): URL {
  if (workerFile !== undefined) return workerFile;
  const dist = new URL(import.meta.url.endsWith('.ts') ? '../../dist/' : '../', import.meta.url);
  const module = new URL('sparql/query-worker.js', dist);
  const bundle = new URL('engine/query-worker.js', dist);
  const bundleTime = statSync(bundle, { throwIfNoEntry: false })?.mtimeMs;
  const checkout = existsSync(new URL('../src/', dist));
  const moduleTime = checkout ? statSync(module, { throwIfNoEntry: false })?.mtimeMs : undefined;
  workerFile = bundleTime !== undefined && (moduleTime === undefined || bundleTime >= moduleTime) ? bundle : module;
  return workerFile;
}
