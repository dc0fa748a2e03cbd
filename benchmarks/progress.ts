// Progress on stderr for the benchmarks: a rewritten line on a terminal, a few lines otherwise.
export function progress(label: string): { tick: (done: number, total: number) => void; end: () => void } {
  const tty = process.stderr.isTTY === true;
  let lastQuarter = -1;
  let lastDraw = 0;
  return {
    tick(done, total) {
      if (tty) {
        const now = performance.now();
        if (now - lastDraw < 100 && done < total) return;
        lastDraw = now;
        process.stderr.write(`\r  ${label} ${done}/${total}   `);
      } else {
        const quarter = Math.floor((done / total) * 4);
        if (quarter > lastQuarter) {
          lastQuarter = quarter;
          process.stderr.write(`  ${label} ${done}/${total}\n`);
        }
      }
    },
    end() {
      if (tty) process.stderr.write('\r\x1b[K');
    },
  };
}
