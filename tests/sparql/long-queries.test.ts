// A query past its time stops where it is, in the worker, which then takes the next query (no new
// thread, no second of CPU to start one); and a long query yields the CPU while the host notes
// other work (task-guard.ts, decision 010). Real workers running the engine bundle.
import { Worker } from 'node:worker_threads';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runQuery } from '../../src/sparql/run.js';
import { CELL, GRACE_MS, LANES, noteOtherWork } from '../../src/sparql/long-query-share.js';
import type { QueryOptions, QueryTarget } from '../../src/sparql/types.js';
import type { FromWorker } from '../../src/sparql/worker-protocol.js';
import { CANCEL_GRACE_MS, closeQueryWorkers, queryWorkerCount, queryWorkerStats, setCancelGrace } from '../../src/sparql/worker-pool.js';
import { bigTarget, rejection, targetOf, toolTarget } from '../helpers/sparql-store.js';

const CARTESIAN = 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }';
const A49 = `${'a'.repeat(49)}!`;

afterAll(async () => {
  setCancelGrace(CANCEL_GRACE_MS);
  await closeQueryWorkers();
});

let noting: NodeJS.Timeout | undefined;
afterEach(() => {
  clearInterval(noting);
  noting = undefined;
});

/** Keeps other work current for as long as the test runs (as `mdkg serve` does while it serves). */
function keepOtherWorkCurrent(): void {
  noteOtherWork();
  noting = setInterval(noteOtherWork, 20);
}

/** Change of the pool's counters over `work`. */
async function counted(work: () => Promise<unknown>): Promise<{ started: number; reused: number; sleptMs: number }> {
  const before = queryWorkerStats();
  await work();
  const after = queryWorkerStats();
  return { started: after.started - before.started, reused: after.reused - before.reused, sleptMs: after.sleptMs - before.sleptMs };
}

/** The next message of a worker that is not `ready`. */
function reply(worker: Worker): Promise<FromWorker> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromWorker): void => {
      if (message.kind === 'ready') return;
      worker.off('message', onMessage);
      resolve(message);
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });
}

// Both builds of the worker: the engine bundle (an install) and the module a `tsc` alone leaves in a
// checkout, where asynciterator is loaded twice (its ES build by the guard, its CommonJS build by Comunica).
/** A pool of one warm worker with a graph a cartesian join cannot finish on; other work kept current if `noted`. */
async function warmPool(noted: boolean): Promise<QueryTarget> {
  setCancelGrace(60_000);
  await closeQueryWorkers();
  const target = bigTarget(200);
  await runQuery(target, 'ASK {}');
  if (noted) keepOtherWorkCurrent();
  return target;
}

/** Time a runaway join yielded. The worker reports it when it answers, just after its caller's deadline: the next query waits for that. */
async function sleptBy(target: QueryTarget, options: QueryOptions): Promise<number> {
  const change = await counted(async () => {
    await rejection(runQuery(target, CARTESIAN, options));
    await runQuery(target, 'ASK {}');
  });
  return change.sleptMs;
}

describe.each(['engine', 'sparql'])('the worker of dist/%s/', (folder) => {
  it('drops a runaway join at its deadline: its event loop is idle once it has answered', async () => {
    const cells = new SharedArrayBuffer(CELL.lanes + 4 * LANES);
    const worker = new Worker(new URL(`../../dist/${folder}/query-worker.js`, import.meta.url), { workerData: { cells, lane: 0 } });
    try {
      const store = (bigTarget(200) as ReturnType<typeof targetOf>).store;
      const loaded = reply(worker);
      worker.postMessage({ kind: 'load', snapshot: store.snapshot(), profile: targetOf([]).profile });
      expect(await loaded).toEqual({ kind: 'loaded' });
      const answered = reply(worker);
      worker.postMessage({ kind: 'query', query: CARTESIAN, timeoutMs: 400, limit: 10, allowServices: [], share: 1, graceMs: GRACE_MS });
      expect(await answered).toMatchObject({ kind: 'error', code: 'MDKG_SPARQL_TIMEOUT' });
      // A runaway still running keeps the loop busy all the time, however slow the machine; a dropped one leaves it idle.
      const start = worker.performance.eventLoopUtilization();
      await new Promise<void>((resolve) => setTimeout(resolve, 300));
      expect(worker.performance.eventLoopUtilization(start).utilization).toBeLessThan(0.5);
    } finally {
      await worker.terminate();
    }
  }, 30_000);
});

describe('a query past its time', () => {
  it('a runaway join stops in its worker, which answers the next query: no thread is started', async () => {
    // A worker gets 1 s to answer after its caller's deadline in production: a machine busy enough to
    // starve it that long would decide which way this ends. warmPool gives it a minute: only the worker decides.
    const target = await warmPool(false);
    const change = await counted(async () => {
      expect(await rejection(runQuery(target, CARTESIAN, { timeoutMs: 500 }))).toMatchObject({ code: 'MDKG_SPARQL_TIMEOUT' });
      expect(await runQuery(target, 'ASK { ?s ?p ?o }')).toMatchObject({ kind: 'boolean', value: true });
    });
    expect([change.started, change.reused, queryWorkerCount()]).toEqual([0, 1, 1]);
  }, 30_000);

  it('work outside the engine’s streams (a backtracking REGEX) cannot be dropped: its worker is ended, and the next query gets a fresh one', async () => {
    setCancelGrace(CANCEL_GRACE_MS);
    await closeQueryWorkers();
    const target = toolTarget();
    await runQuery(target, 'ASK {}');
    const change = await counted(async () => {
      const stuck = `SELECT * WHERE { BIND("${A49}" AS ?s) FILTER(REGEX(?s, "(a+)+$")) }`;
      expect(await rejection(runQuery(target, stuck, { timeoutMs: 500 }))).toMatchObject({ code: 'MDKG_SPARQL_TIMEOUT' });
      expect(await runQuery(target, 'ASK { ?s a mdkg:Tool }')).toMatchObject({ kind: 'boolean', value: true });
    });
    expect([change.started, change.reused, queryWorkerCount()]).toEqual([1, 0, 1]);
  }, 30_000);
});

// In this order: nothing in this file notes other work before the first case here.
describe('long queries yield while other work is served', () => {
  it.each([
    ['no other work noted', 0.25, false],
    ['a share of 1', 1, true],
  ])(
    '%s: a long query runs at full speed',
    async (_name, share, noted) => {
      const target = await warmPool(noted);
      expect(await sleptBy(target, { timeoutMs: 1000, longQueryShare: share })).toBe(0);
    },
    30_000,
  );

  it('with other work current, a long query sleeps most of its time past its grace', async () => {
    const target = await warmPool(true);
    const slept = await sleptBy(target, { timeoutMs: 1500 });
    // 1,250 ms past the 250 ms grace, three quarters asleep: about 940 ms. Sleeps are timed, so a
    // slow machine does not shorten them; the bound leaves room for the first and last slices.
    expect(slept).toBeGreaterThan(600);
    expect(slept).toBeLessThanOrEqual(1500);
  }, 30_000);

  it('a client whose query ran out of time gets no full-speed start for the next: it sleeps about 190 ms more (a quarter of 250 ms awake)', async () => {
    const target = await warmPool(true);
    const agent = {};
    const first = await sleptBy(target, { timeoutMs: 800, client: agent });
    const again = await sleptBy(target, { timeoutMs: 800, client: agent });
    const other = await sleptBy(target, { timeoutMs: 800, client: {} });
    // Sleeps follow wall time, so a busy machine changes little; slices are 10 ms and sleeps at most 50.
    expect(again - first).toBeGreaterThan(100);
    expect(again - other).toBeGreaterThan(100);
  }, 30_000);

  it.each([0, -1, 1.5, Number.NaN, '0.5'])('refuses a long query share of %s with MDKG_USAGE', async (share) => {
    const error = await rejection(runQuery(toolTarget(), 'ASK {}', { longQueryShare: share as number }));
    expect(error).toMatchObject({
      code: 'MDKG_USAGE',
      message: `longQueryShare must be a number above 0 and at most 1, got ${typeof share === 'string' ? JSON.stringify(share) : String(share)}`,
    });
  });
});
