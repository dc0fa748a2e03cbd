// A query worker collects after a runaway that left the heap over its baseline by SLACK_MB, and
// only then; what a collection leaves alive becomes the baseline (worker-heap.ts). Run in this thread:
// the functions read this isolate's heap.
import { describe, expect, it } from 'vitest';
import { measureBaseline, settleHeap, SLACK_MB } from '../../src/sparql/worker-heap.js';

describe('a worker heap after a query', () => {
  it('collects garbage over the baseline by SLACK_MB, not less; what stays alive raises the baseline', () => {
    measureBaseline();
    expect(settleHeap()).toBe(false);
    let garbage: number[][] | undefined = Array.from({ length: 2 * SLACK_MB }, () => new Array<number>(128 * 1024).fill(1.5));
    garbage = undefined;
    expect([garbage, settleHeap(), settleHeap()]).toEqual([undefined, true, false]);
    const alive = Array.from({ length: 2 * SLACK_MB }, () => new Array<number>(128 * 1024).fill(2.5));
    expect([settleHeap(), settleHeap(), alive.length]).toEqual([true, false, 2 * SLACK_MB]);
  });
});
