import { describe, expect, it } from 'vitest';
import { runAll, runSliced, type Steps } from '../../src/util/slices.js';

/** Work of `n` steps that records what ran, and returns the sum 0 + 1 + … + n-1. */
function* counted(n: number, ran: number[]): Steps<number> {
  let sum = 0;
  for (let i = 0; i < n; i += 1) {
    ran.push(i);
    sum += i;
    yield;
  }
  return sum;
}

describe('runAll', () => {
  it.each([0, 1, 7])('runs every one of %i steps and returns the result', (n) => {
    const ran: number[] = [];
    expect(runAll(counted(n, ran))).toBe(Array.from({ length: n }, (_, i) => i).reduce((a, b) => a + b, 0));
    expect(ran).toEqual(Array.from({ length: n }, (_, i) => i));
  });
});

describe('runSliced', () => {
  it.each([
    ['pauses after every step with slices of 0 ms', 0, 5],
    ['never pauses when a slice is longer than the work', Number.POSITIVE_INFINITY, 0],
  ])('%s', async (_name, sliceMs, pauses) => {
    const ran: number[] = [];
    let paused = 0;
    const result = await runSliced(counted(5, ran), { sliceMs, pause: async () => void (paused += 1) });
    expect([result, ran.length, paused]).toEqual([10, 5, pauses]);
  });

  it('gives the event loop a turn at each pause: callbacks queued meanwhile run before it ends', async () => {
    let turns = 0;
    let on = true;
    const count = (): void => {
      turns += 1;
      if (on) setImmediate(count);
    };
    setImmediate(count);
    await runSliced(counted(20, []), { sliceMs: 0 });
    on = false;
    expect(turns).toBeGreaterThanOrEqual(20);
  });

  it('rejects with the error a step throws, and runs nothing after it', async () => {
    const ran: string[] = [];
    function* failing(): Steps<string> {
      ran.push('a');
      yield;
      throw new Error('broken step');
    }
    await expect(runSliced(failing(), { sliceMs: 0 })).rejects.toThrow('broken step');
    expect(ran).toEqual(['a']);
  });
});
