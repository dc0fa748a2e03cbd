// Time limits that hold: every hostile query returns at its timeout, within a bound relative to the
// limit and to a baseline measured in the same test, with a coded error, and leaves no work (so no
// CPU) behind: its worker either drops the query's work and answers the next query, or is ended
// (long-queries.test.ts tells the two apart).
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { MdkgError } from '../../src/errors.js';
import { MAX_TIMEOUT_MS, runQuery } from '../../src/sparql/run.js';
import { closeQueryWorkers, queryWorkerCount, queryWorkerStats } from '../../src/sparql/worker-pool.js';
import type { QueryTarget } from '../../src/sparql/types.js';
import { bigTarget, rejection, toolTarget } from '../helpers/sparql-store.js';
import { atLimit } from '../helpers/time-bounds.js';

const TIMEOUT = 1000;
/**
 * An answer comes within the limit times this, plus a few round trips of a trivial query measured
 * in the same test (a loaded machine slows those down too). Without the limit these queries run
 * for minutes or forever (the REGEX backtracks 2^49 times), so the bound still tells a limit that
 * holds from one that does not.
 */
const FACTOR = 3;
const A49 = `${'a'.repeat(49)}!`;

afterAll(async () => {
  await closeQueryWorkers();
});

/** Times `work` from before it is called (a call may start a worker before it returns its promise). */
async function timed(work: () => Promise<unknown>): Promise<{ error: MdkgError | undefined; ms: number }> {
  const started = performance.now();
  try {
    await work();
    return { error: undefined, ms: performance.now() - started };
  } catch (error) {
    return { error: error as MdkgError, ms: performance.now() - started };
  }
}

/** A worker started with the target's graph copied (the limit then times the query alone), and the time of a trivial query on it. */
async function warm(target: QueryTarget): Promise<number> {
  await runQuery(target, 'ASK {}', { timeoutMs: 60_000 });
  const { ms } = await timed(() => runQuery(target, 'ASK {}', { timeoutMs: 60_000 }));
  return ms;
}

describe('hostile queries stop at their timeout and leave no work behind', () => {
  it.each([
    ['backtracking REGEX', `SELECT * WHERE { BIND("${A49}" AS ?s) FILTER(REGEX(?s, "(a+)+$")) }`],
    ['backtracking REPLACE', `SELECT (REPLACE("${A49}", "(a+)+$", "x") AS ?r) WHERE {}`],
    ['10,000 nested groups', `SELECT * WHERE ${'{'.repeat(10_000)}${'}'.repeat(10_000)}`],
    ['20,000 nested parentheses', `SELECT * WHERE { FILTER(${'('.repeat(20_000)}1${')'.repeat(20_000)}) }`],
    ['a cartesian COUNT', 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n2 ?o . ?p ?q ?r }'],
    ['40,000 triple patterns', `SELECT * WHERE { ${Array.from({ length: 40_000 }, (_, i) => `?s${i} ?p ?o .`).join(' ')} }`],
  ])(
    '%s',
    async (_, query) => {
      await closeQueryWorkers();
      const target = bigTarget(200);
      const baseline = await warm(target);
      const before = queryWorkerStats();
      const { error, ms } = await timed(() => runQuery(target, query, { timeoutMs: TIMEOUT }));
      expect(error?.code, error?.message).toBe('MDKG_SPARQL_TIMEOUT');
      expect(ms).toBeGreaterThanOrEqual(atLimit(TIMEOUT));
      expect(ms).toBeLessThan(TIMEOUT * FACTOR + 3 * baseline);
      // The next query runs: in the same worker, which dropped the work, or in a fresh one.
      expect(await runQuery(target, 'ASK {}')).toMatchObject({ kind: 'boolean', value: true });
      const after = queryWorkerStats();
      expect([after.started - before.started + (after.reused - before.reused), queryWorkerCount()]).toEqual([1, 1]);
    },
    60_000,
  );

  it('a query after a timeout runs in a fresh worker', async () => {
    await closeQueryWorkers();
    const target = toolTarget();
    await warm(target);
    const { error } = await timed(() => runQuery(target, `SELECT * WHERE { BIND("${A49}" AS ?s) FILTER(REGEX(?s, "(a+)+$")) }`, { timeoutMs: TIMEOUT }));
    expect(error?.code).toBe('MDKG_SPARQL_TIMEOUT');
    const result = await runQuery(target, 'ASK { ?s a mdkg:Tool }');
    expect(result).toMatchObject({ kind: 'boolean', value: true });
    expect(queryWorkerCount()).toBe(1);
  }, 60_000);
});

describe('limits and empty queries are usage errors', () => {
  it.each([
    ['a timeout over 2^31 - 1 ms', 'ASK {}', { timeoutMs: MAX_TIMEOUT_MS + 1 }],
    ['a zero timeout', 'ASK {}', { timeoutMs: 0 }],
    ['a NaN timeout', 'ASK {}', { timeoutMs: Number.NaN }],
    ['a fractional timeout', 'ASK {}', { timeoutMs: 1.5 }],
    ['an empty query', '', {}],
    ['white space only', ' \n\t ', {}],
    ['comments only', '# one\n# two\n', {}],
    ['a prologue only', 'PREFIX a: <http://example.org/>\nBASE <http://example.org/>', {}],
    ['a lone surrogate', 'SELECT * WHERE { ?s ?p "\uD800" }', {}],
    ['a 990 KB literal (too large to parse, not a syntax error)', `SELECT * WHERE { ?s ?p "${'a'.repeat(990_000)}" }`, {}],
  ])(
    '%s',
    async (_, query, options) => {
      const error = await rejection(runQuery(toolTarget(), query, options));
      expect(error.code).toBe('MDKG_USAGE');
    },
    20_000,
  );

  it('the largest timeout is accepted, and 20,000 comment lines parse', async () => {
    const result = await runQuery(toolTarget(), `${'# a comment\n'.repeat(20_000)}ASK { ?s a mdkg:Tool }`, { timeoutMs: MAX_TIMEOUT_MS });
    expect(result).toMatchObject({ kind: 'boolean', value: true });
  }, 20_000);
});

describe('any nesting or literal size (property)', () => {
  it('answers with a result or an MdkgError within the bound', async () => {
    const target = toolTarget();
    const baseline = await warm(target);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4000 }), fc.constantFrom('{', '(', '"'), async (n, kind) => {
        const query =
          kind === '{'
            ? `SELECT * WHERE ${'{'.repeat(n)}${'}'.repeat(n)}`
            : kind === '('
              ? `SELECT * WHERE { FILTER(${'('.repeat(n)}1${')'.repeat(n)}) }`
              : `SELECT * WHERE { BIND("${'x'.repeat(n * 100)}" AS ?x) }`;
        const { error, ms } = await timed(() => runQuery(target, query, { timeoutMs: TIMEOUT }));
        if (error !== undefined) expect(error).toBeInstanceOf(MdkgError);
        // A timed-out query ends its worker: the next one starts a fresh worker (one start more).
        expect(ms).toBeLessThan(TIMEOUT * FACTOR + 3 * baseline);
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
