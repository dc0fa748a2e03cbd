// The progress line of a first embedding run: the count, the share and an estimate from the rate
// so far; rewritten in place on a terminal (throttled, cleared at the end), a line every few
// seconds elsewhere. The clock is injected.
import { describe, expect, it } from 'vitest';
import { estimateLeft, ProgressLine, progressText } from '../../src/util/progress-line.js';

describe('progressText', () => {
  it.each([
    [0, 5298, 0, 'embedding 0 of 5,298 code symbols (0%)'],
    [1280, 5298, 12_800, 'embedding 1,280 of 5,298 code symbols (24%), about 40 s left'],
    [100, 5298, 2_000, 'embedding 100 of 5,298 code symbols (1%), about 2 min left'],
    [5298, 5298, 50_000, 'embedding 5,298 of 5,298 code symbols (100%)'],
  ])('%i of %i after %i ms', (done, total, ms, text) => {
    expect(progressText('code symbols', done, total, ms)).toBe(text);
  });

  it('gives no estimate before anything is done', () => {
    expect([estimateLeft(0, 10, 1000), estimateLeft(5, 10, 0), estimateLeft(10, 10, 1000), estimateLeft(9, 10, 1000)]).toEqual(['', '', '', 'about 1 s left']);
  });
});

describe('ProgressLine', () => {
  const run = (tty: boolean, steps: [number, number][]): string[] => {
    const out: string[] = [];
    let clock = 1000;
    const line = new ProgressLine({ what: 'code symbols', write: (t) => out.push(t), tty, now: () => clock, everyMs: 250, quietMs: 10_000 });
    for (const [at, done] of steps) {
      clock = 1000 + at;
      line.update(done, 400);
    }
    line.end();
    return out;
  };

  it('rewrites one line on a terminal, at most every 250 ms, and clears it at the end', () => {
    expect(
      run(true, [
        [0, 0],
        [100, 64],
        [1000, 128],
        [1100, 192],
        [4000, 400],
      ]),
    ).toEqual([
      '\rembedding 0 of 400 code symbols (0%)\u001b[K',
      '\rembedding 128 of 400 code symbols (32%), about 2 s left\u001b[K',
      '\rembedding 400 of 400 code symbols (100%)\u001b[K',
      '\r\u001b[K',
    ]);
  });

  it('writes a line at most every 10 s elsewhere, and nothing to clear', () => {
    expect(
      run(false, [
        [0, 0],
        [5000, 64],
        [10_000, 128],
        [12_000, 400],
      ]),
    ).toEqual(['embedding 0 of 400 code symbols (0%)\n', 'embedding 128 of 400 code symbols (32%), about 21 s left\n']);
  });
});
