// The query worker pool never ends a thread while it loads code: Node 20 aborts the whole process
// when a worker is terminated inside a require() of an ES module, and building the engine does one.
// A worker says `ready` once its code is loaded; ending it before that waits for `ready`.
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { runQuery } from '../../src/sparql/run.js';
import { closeQueryWorkers, queryWorkerCount, queryWorkerStats, queryWorkersSettled, warmQueryWorkers } from '../../src/sparql/worker-pool.js';
import type { FromWorker } from '../../src/sparql/worker-protocol.js';
import { runCli } from '../helpers/cli.js';
import { toolTarget } from '../helpers/sparql-store.js';
import { tempDir } from '../helpers/temp-dir.js';

/** Whether every worker is ready (or gone) now: settled promises win over the next event-loop turn. */
const settledNow = (): Promise<boolean> =>
  Promise.race([queryWorkersSettled().then(() => true), new Promise<boolean>((resolve) => setImmediate(() => resolve(false)))]);

afterAll(async () => {
  await closeQueryWorkers();
});

describe('query workers and the code they load', () => {
  // The module (a checkout after `tsc`) and the engine bundle (what an install runs: Comunica inside).
  it.each(['sparql', 'engine'])('a worker (dist/%s/) says ready, before anything else, once its engine is built', async (folder) => {
    const worker = new Worker(new URL(`../../dist/${folder}/query-worker.js`, import.meta.url));
    try {
      const first = await new Promise<FromWorker>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage({ kind: 'query', query: 'ASK {}', timeoutMs: 1000, limit: 1, allowServices: [] });
      });
      expect(first).toEqual({ kind: 'ready' });
    } finally {
      await worker.terminate();
    }
  });

  it.each([0, 1, 2])('closing the pool while a worker starts waits for it and leaves no thread (run %i)', async () => {
    warmQueryWorkers();
    expect(queryWorkerCount()).toBe(1);
    await closeQueryWorkers();
    expect(queryWorkerCount()).toBe(0);
  });

  it('mdkg query failing right after it warmed a worker returns only once that worker is ready (the process may exit)', async () => {
    await closeQueryWorkers();
    const dir = await tempDir();
    const r = await runCli(['query', 'ASK {}', '--graphs', 'missing'], dir);
    expect([r.code, queryWorkerCount(), await settledNow()]).toEqual([1, 1, true]);
    expect(r.stderr).toMatch(/^mdkg query: MDKG_NOT_FOUND /);
  });

  it('a worker that is starting is not settled; once ready it is', async () => {
    await closeQueryWorkers();
    warmQueryWorkers();
    expect(await settledNow()).toBe(false);
    await queryWorkersSettled();
    expect([queryWorkerCount(), await settledNow()]).toEqual([1, true]);
  });

  it('a query timed out on a starting worker fails with its code, and the next query answers', async () => {
    await closeQueryWorkers();
    const timedOut = await runQuery(toolTarget(), 'SELECT * WHERE { ?s ?p ?o }', { timeoutMs: 1 }).catch((error: unknown) => error);
    expect((timedOut as { code?: string }).code).toBe('MDKG_SPARQL_TIMEOUT');
    const result = await runQuery(toolTarget(), 'ASK { ?s a mdkg:Tool }');
    expect(result).toMatchObject({ kind: 'boolean', value: true });
  });

  it('a worker beyond the warm one stays a while once idle: the next burst of queries starts none', async () => {
    await closeQueryWorkers();
    const target = toolTarget();
    const before = queryWorkerStats().started;
    await Promise.all([runQuery(target, 'ASK {}'), runQuery(target, 'ASK {}')]);
    expect([queryWorkerCount(), queryWorkerStats().started - before]).toEqual([2, 2]);
    await Promise.all([runQuery(target, 'ASK {}'), runQuery(target, 'ASK {}')]);
    expect([queryWorkerCount(), queryWorkerStats().started - before]).toEqual([2, 2]);
  });
});
