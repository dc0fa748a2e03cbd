// Concurrent queries hold their time limits: a limit counts from when the query arrives, waiting
// for a worker included; a full queue answers MDKG_BUSY at once; a query behind runaways answers
// within its own limit. Real workers and real runaway queries (a backtracking REGEX); every bound
// is relative to the configured limit, never to the machine's speed.
import { afterAll, describe, expect, it } from 'vitest';
import type { MdkgError } from '../../src/errors.js';
import { runQuery } from '../../src/sparql/run.js';
import { closeQueryWorkers, MAX_WAITING, MAX_WORKERS, queryWaitingCount, queryWorkerCount } from '../../src/sparql/worker-pool.js';
import { toolTarget } from '../helpers/sparql-store.js';
import { atLimit } from '../helpers/time-bounds.js';

const LIMIT = 2000;
/** Generous: a loaded machine delays an answer by a worker start or two, never by rounds of limits. */
const FACTOR = 3;
const RUNAWAY = `SELECT * WHERE { BIND("${'a'.repeat(49)}!" AS ?s) FILTER(REGEX(?s, "(a+)+$")) }`;
const target = toolTarget();

afterAll(async () => {
  await closeQueryWorkers();
});

interface Answer {
  ms: number;
  value?: unknown;
  code?: string;
}

/** Times `work` from before it is called (a call may start a worker before it returns its promise). */
function timed(work: () => Promise<unknown>): Promise<Answer> {
  const started = performance.now();
  return work().then(
    (value) => ({ ms: performance.now() - started, value }),
    (error: MdkgError) => ({ ms: performance.now() - started, code: error.code }),
  );
}

describe('concurrent queries hold their own time limits', () => {
  it(`${MAX_WORKERS + Math.min(MAX_WORKERS * 4, MAX_WAITING - 1)} runaways: every one answers MDKG_SPARQL_TIMEOUT at its limit, none a round of limits later; the ASK behind them answers within its own`, async () => {
    await closeQueryWorkers();
    // Four rounds of runaways behind the workers (as many as the queue holds, with the ASK, on a large machine).
    const n = MAX_WORKERS + Math.min(MAX_WORKERS * 4, MAX_WAITING - 1);
    const runaways = Array.from({ length: n }, () => timed(() => runQuery(target, RUNAWAY, { timeoutMs: LIMIT })));
    const askLimit = LIMIT * 5;
    const ask = timed(() => runQuery(target, 'ASK { ?s ?p ?o }', { timeoutMs: askLimit }));
    // Workers start on demand, never more than the machine's cores (two at least).
    expect([queryWorkerCount(), queryWaitingCount()]).toEqual([MAX_WORKERS, n + 1 - MAX_WORKERS]);
    for (const answer of await Promise.all(runaways)) {
      expect(answer.code).toBe('MDKG_SPARQL_TIMEOUT');
      expect(answer.ms).toBeGreaterThanOrEqual(atLimit(LIMIT));
      expect(answer.ms).toBeLessThan(LIMIT * FACTOR);
    }
    const answer = await ask;
    expect(answer.value).toMatchObject({ kind: 'boolean', value: true });
    expect(answer.ms).toBeLessThan(askLimit);
    expect(queryWorkerCount()).toBeLessThanOrEqual(MAX_WORKERS);
  }, 60_000);

  it(`a full queue (${MAX_WAITING} waiting) answers MDKG_BUSY at once; once it drains, queries run again`, async () => {
    await closeQueryWorkers();
    const runaways = Array.from({ length: MAX_WORKERS + MAX_WAITING }, () => timed(() => runQuery(target, RUNAWAY, { timeoutMs: LIMIT })));
    expect(queryWaitingCount()).toBe(MAX_WAITING);
    const busy = await timed(() => runQuery(target, 'ASK { ?s ?p ?o }', { timeoutMs: LIMIT * 5 }));
    expect(busy.code).toBe('MDKG_BUSY');
    expect(busy.ms).toBeLessThan(LIMIT / 2);
    const codes = new Set((await Promise.all(runaways)).map((a) => a.code));
    expect([...codes]).toEqual(['MDKG_SPARQL_TIMEOUT']);
    const after = await timed(() => runQuery(target, 'ASK { ?s ?p ?o }', { timeoutMs: LIMIT * 5 }));
    expect(after.value).toMatchObject({ kind: 'boolean', value: true });
  }, 60_000);

  it('the limit counts from arrivedAt: a query that arrived a limit ago is answered MDKG_SPARQL_TIMEOUT without running', async () => {
    const late = await timed(() => runQuery(target, 'ASK { ?s ?p ?o }', { timeoutMs: LIMIT, arrivedAt: performance.now() - LIMIT }));
    expect(late.code).toBe('MDKG_SPARQL_TIMEOUT');
    expect(late.ms).toBeLessThan(LIMIT / 2);
  }, 60_000);
});
