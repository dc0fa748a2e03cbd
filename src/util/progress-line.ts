// A progress line for long first runs (embedding every code symbol): the count, the share done and
// an estimate of the time left from the rate so far, e.g.
//   embedding 1,280 of 5,298 code symbols (24%), about 41 s left
// On a terminal the line is rewritten in place (at most every `everyMs`) and cleared at the end; on
// anything else a line is written at most every `quietMs` (default 10 s), so a log gets a few lines.
// The clock is injected (tests).

export interface ProgressLineOptions {
  /** What is counted, e.g. `code symbols`. */
  what: string;
  /** Writes to stderr (no newline added). */
  write: (text: string) => void;
  /** Whether stderr is a terminal (the line is then rewritten in place). */
  tty: boolean;
  /** Milliseconds, e.g. `performance.now`. */
  now: () => number;
  /** Least time between two redraws on a terminal (default 250 ms). */
  everyMs?: number;
  /** Least time between two lines elsewhere (default 10 s). */
  quietMs?: number;
}

const count = (n: number): string => n.toLocaleString('en-US');

/** `about 41 s left`, `about 3 min left`; empty before anything is done. */
export function estimateLeft(done: number, total: number, elapsedMs: number): string {
  if (done <= 0 || done >= total || elapsedMs <= 0) return '';
  const left = ((total - done) * elapsedMs) / done / 1000;
  return left < 90 ? `about ${Math.max(1, Math.round(left))} s left` : `about ${Math.round(left / 60)} min left`;
}

/** The text of the line. */
export function progressText(what: string, done: number, total: number, elapsedMs: number): string {
  const share = total === 0 ? 100 : Math.floor((done / total) * 100);
  const left = estimateLeft(done, total, elapsedMs);
  return `embedding ${count(done)} of ${count(total)} ${what} (${share}%)${left === '' ? '' : `, ${left}`}`;
}

export class ProgressLine {
  readonly #o: ProgressLineOptions;
  readonly #started: number;
  #last = Number.NEGATIVE_INFINITY;
  #drawn = false;

  constructor(options: ProgressLineOptions) {
    this.#o = options;
    this.#started = options.now();
  }

  /** `done` of `total` are done; drawn when enough time passed since the last line. */
  update(done: number, total: number): void {
    const at = this.#o.now();
    if (at - this.#last < (this.#o.tty ? (this.#o.everyMs ?? 250) : (this.#o.quietMs ?? 10_000))) return;
    this.#last = at;
    const text = progressText(this.#o.what, done, total, at - this.#started);
    this.#o.write(this.#o.tty ? `\r${text}\u001b[K` : `${text}\n`);
    this.#drawn = true;
  }

  /** Clears the line on a terminal. */
  end(): void {
    if (this.#o.tty && this.#drawn) this.#o.write('\r\u001b[K');
  }
}
