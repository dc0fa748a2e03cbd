// The queue in front of the query workers, over its states with an injected clock: first come,
// first served; a waiter whose deadline passes leaves with its own error at that moment; a full
// queue refuses at once with MDKG_BUSY; a deadline already past is refused at once.
import { describe, expect, it } from 'vitest';
import { MdkgError } from '../../src/errors.js';
import { type Clock, WaitQueue } from '../../src/sparql/wait-queue.js';

class FakeClock implements Clock {
  time = 0;
  #timers: Array<{ at: number; fn: () => void; live: boolean }> = [];
  now(): number {
    return this.time;
  }
  after(ms: number, fn: () => void): () => void {
    const timer = { at: this.time + Math.max(0, ms), fn, live: true };
    this.#timers.push(timer);
    return () => {
      timer.live = false;
    };
  }
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.#timers.filter((t) => t.live && t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (due === undefined) break;
      due.live = false;
      this.time = due.at;
      due.fn();
    }
    this.time = end;
  }
}

type Step = ['wait', string, number] | ['advance', number] | ['hand', string];
/** Per waiter: what it got and the clock reading when it got it (`busy`/`timeout` for errors). */
type Outcome = Record<string, [string, number]>;

async function play(capacity: number, steps: Step[]): Promise<{ outcome: Outcome; handed: boolean[]; left: number }> {
  const clock = new FakeClock();
  const queue = new WaitQueue<string>(capacity, clock);
  const outcome: Outcome = {};
  const handed: boolean[] = [];
  for (const step of steps) {
    if (step[0] === 'wait') {
      const [, name, deadline] = step;
      const asked = clock.now();
      queue
        .wait(deadline, () => new MdkgError('MDKG_SPARQL_TIMEOUT', `${name} timed out`, { at: clock.now() }))
        .then(
          (value) => {
            outcome[name] = [value, clock.now()];
          },
          (error: MdkgError) => {
            outcome[name] = error.code === 'MDKG_BUSY' ? ['busy', asked] : ['timeout', error.details.at as number];
          },
        );
    } else if (step[0] === 'advance') clock.advance(step[1]);
    else handed.push(queue.hand(step[1]));
    // Settle the promises of this step before the next one moves the clock.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { outcome, handed, left: queue.length };
}

describe('WaitQueue: fair, bounded, every waiter with its own deadline', () => {
  it.each<[string, number, Step[], Outcome, boolean[], number]>([
    ['nobody waits: a hand goes unused', 4, [['hand', 'w1']], {}, [false], 0],
    [
      'first come, first served',
      4,
      [
        ['wait', 'a', 100],
        ['wait', 'b', 100],
        ['advance', 10],
        ['hand', 'w1'],
        ['advance', 10],
        ['hand', 'w2'],
      ],
      { a: ['w1', 10], b: ['w2', 20] },
      [true, true],
      0,
    ],
    [
      'a waiter leaves at its deadline, not later',
      4,
      [
        ['wait', 'a', 50],
        ['advance', 49],
      ],
      {},
      [],
      1,
    ],
    [
      '... and at it exactly',
      4,
      [
        ['wait', 'a', 50],
        ['advance', 50],
      ],
      { a: ['timeout', 50] },
      [],
      0,
    ],
    [
      'each waiter has its own deadline; a later one still gets the worker',
      4,
      [
        ['wait', 'a', 30],
        ['wait', 'b', 300],
        ['advance', 100],
        ['hand', 'w1'],
      ],
      { a: ['timeout', 30], b: ['w1', 100] },
      [true],
      0,
    ],
    [
      'a waiter gone at its deadline is skipped by the next hand',
      4,
      [
        ['wait', 'a', 10],
        ['wait', 'b', 90],
        ['advance', 20],
        ['hand', 'w1'],
      ],
      { a: ['timeout', 10], b: ['w1', 20] },
      [true],
      0,
    ],
    [
      'a full queue refuses at once',
      2,
      [
        ['wait', 'a', 100],
        ['wait', 'b', 100],
        ['wait', 'c', 100],
      ],
      { c: ['busy', 0] },
      [],
      2,
    ],
    [
      'a place freed by a deadline takes the next caller',
      2,
      [
        ['wait', 'a', 10],
        ['wait', 'b', 100],
        ['advance', 10],
        ['wait', 'c', 100],
        ['wait', 'd', 100],
      ],
      { a: ['timeout', 10], d: ['busy', 10] },
      [],
      2,
    ],
    [
      'a deadline already past is refused at once',
      4,
      [
        ['advance', 100],
        ['wait', 'a', 100],
        ['wait', 'b', 40],
      ],
      { a: ['timeout', 100], b: ['timeout', 100] },
      [],
      0,
    ],
    ['a capacity of zero refuses every waiter', 0, [['wait', 'a', 100]], { a: ['busy', 0] }, [], 0],
    [
      'a handed waiter does not time out afterwards',
      4,
      [
        ['wait', 'a', 50],
        ['hand', 'w1'],
        ['advance', 100],
      ],
      { a: ['w1', 0] },
      [true],
      0,
    ],
  ])('%s', async (_name, capacity, steps, outcome, handed, left) => {
    expect(await play(capacity, steps)).toEqual({ outcome, handed, left });
  });

  it('MDKG_BUSY names the limit', async () => {
    const queue = new WaitQueue<string>(1, new FakeClock());
    void queue.wait(100, () => new Error('late')).catch(() => {});
    const error = await queue.wait(100, () => new Error('late')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MdkgError);
    expect((error as MdkgError).message).toBe('too many queries are waiting (1): try again shortly');
    expect((error as MdkgError).details).toEqual({ waiting: 1, limit: 1 });
  });
});
