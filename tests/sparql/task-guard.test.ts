// Pacing of long queries (task-guard.ts), on a clock of the test's own: a query runs at full speed
// for its grace, and past it, while other work is current, all long queries together run `share`
// of one core's time, in sleeps of at most MAX_SLEEP_MS.
import { describe, expect, it } from 'vitest';
import { CELL, GRACE_MS, LANES, WINDOW_MS } from '../../src/sparql/long-query-share.js';
import { MAX_SLEEP_MS, Pacer, SLICE_MS, type PaceWorld } from '../../src/sparql/task-guard.js';

/** A world whose clocks move only when told, and which records every sleep (a sleep moves both clocks). */
function world(): PaceWorld & { at: number; sleeps: number[]; advance(ms: number): void } {
  const w = {
    at: 1_000_000,
    sleeps: [] as number[],
    now: () => w.at,
    wallNow: () => w.at,
    sleep: (ms: number) => {
      w.sleeps.push(ms);
      w.at += ms;
    },
    advance: (ms: number) => {
      w.at += ms;
    },
  };
  return w;
}

function cells(): { buffer: SharedArrayBuffer; lanes: Int32Array; noteAt(ms: number): void } {
  const buffer = new SharedArrayBuffer(CELL.lanes + 4 * LANES);
  const last = new BigInt64Array(buffer, CELL.lastOther, 1);
  return { buffer, lanes: new Int32Array(buffer, CELL.lanes, LANES), noteAt: (ms) => Atomics.store(last, 0, BigInt(ms)) };
}

/** Runs `steps` steps `every` ms of work apart, other work noted just before each, and returns the sleeps. */
function run(options: { share: number; grace?: number; otherLong?: number; steps: number; every: number; noted?: boolean; start?: number }): {
  sleeps: number[];
  lane: number;
} {
  const w = world();
  const c = cells();
  for (let i = 0; i < (options.otherLong ?? 0); i++) c.lanes[i + 1] = 1;
  const pacer = new Pacer(w, c.buffer, 0, options.share, options.grace ?? GRACE_MS);
  w.advance(options.start ?? 0);
  for (let i = 0; i < options.steps; i++) {
    w.advance(options.every);
    if (options.noted !== false) c.noteAt(w.at);
    pacer.step();
  }
  return { sleeps: w.sleeps, lane: c.lanes[0] ?? -1 };
}

describe('long queries yield to other work', () => {
  it.each([
    // [case, options, sleeps, the query's lane marked long]
    ['within its grace a query never sleeps', { share: 0.25, steps: 10, every: Math.floor((GRACE_MS - 1) / 10) }, [], 0],
    // The first step past the grace marks the query long; what it owes counts from there.
    [
      'past its grace, alone with other work: 3 ms asleep for each ms of work at a quarter',
      { share: 0.25, start: GRACE_MS, steps: 4, every: SLICE_MS },
      [30, 30, 30],
      1,
    ],
    ['one more long query, a half between them: a quarter each', { share: 0.5, otherLong: 1, start: GRACE_MS, steps: 3, every: SLICE_MS }, [30, 30], 1],
    ['a slice not used up yet: no sleep', { share: 0.25, start: GRACE_MS, steps: 2, every: SLICE_MS - 1 }, [], 1],
    ['no other work noted: full speed, though long', { share: 0.25, start: GRACE_MS, steps: 5, every: SLICE_MS, noted: false }, [], 1],
    ['no grace (a client whose last query ran out of time): long from the first step', { share: 0.25, grace: 0, steps: 3, every: SLICE_MS }, [30, 30], 1],
    ['a share of 1 never yields, and is never marked long', { share: 1, start: GRACE_MS, steps: 5, every: SLICE_MS }, [], 0],
  ])('%s', (_name, options, sleeps, lane) => {
    const out = run(options);
    expect(out.sleeps.map((ms) => Math.round(ms * 1000) / 1000)).toEqual(sleeps);
    expect(out.lane).toBe(lane);
  });

  it('two more long queries: a twelfth each, 11 ms asleep per ms of work, paid in turns of at most MAX_SLEEP_MS', () => {
    const w = world();
    const c = cells();
    c.lanes[1] = 1;
    c.lanes[2] = 1;
    const pacer = new Pacer(w, c.buffer, 0, 0.25, GRACE_MS);
    w.advance(GRACE_MS);
    pacer.step();
    w.advance(SLICE_MS);
    c.noteAt(w.at);
    for (let i = 0; i < 4; i++) pacer.step();
    expect(w.sleeps).toEqual([MAX_SLEEP_MS, MAX_SLEEP_MS, 10]);
  });

  it('a long task is paid back in several sleeps, none over MAX_SLEEP_MS', () => {
    const w = world();
    const c = cells();
    const pacer = new Pacer(w, c.buffer, 0, 0.25, GRACE_MS);
    w.advance(GRACE_MS);
    c.noteAt(w.at);
    pacer.step(); // long from here
    w.advance(100); // 100 ms of work is owed 300 ms of sleep
    c.noteAt(w.at);
    for (let i = 0; i < 8; i++) pacer.step();
    expect(w.sleeps).toEqual([50, 50, 50, 50, 50, 50]);
  });

  it('other work older than the window stops the sleeping and forgives what was owed', () => {
    const w = world();
    const c = cells();
    const pacer = new Pacer(w, c.buffer, 0, 0.25, GRACE_MS);
    w.advance(GRACE_MS);
    pacer.step();
    w.advance(100);
    c.noteAt(w.at);
    pacer.step();
    w.advance(WINDOW_MS + 1);
    pacer.step();
    pacer.step();
    expect(w.sleeps).toEqual([50]);
  });

  it('a query that ends is long no more, and what it slept is counted', () => {
    const w = world();
    const c = cells();
    const pacer = new Pacer(w, c.buffer, LANES - 1, 0.5, GRACE_MS);
    w.advance(GRACE_MS);
    pacer.step();
    w.advance(SLICE_MS);
    c.noteAt(w.at);
    pacer.step();
    expect([c.lanes[LANES - 1], pacer.slept]).toEqual([1, SLICE_MS]);
    pacer.end();
    expect(c.lanes[LANES - 1]).toBe(0);
  });
});
