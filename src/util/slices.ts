// Long synchronous work cut into slices: the work is a generator that yields at points where it may
// pause; `runAll` runs it to its end at once (the same result, for callers that own their thread),
// `runSliced` runs it a slice of about `sliceMs` at a time and gives the event loop a turn between
// slices, so that a server answers its other clients while it builds (the gateway's code index).

/** Work that yields where it may pause, and returns its result. */
export type Steps<T> = Generator<void, T, void>;

/** Runs `steps` to its end without pausing. */
export function runAll<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/** A turn of the event loop: I/O callbacks and timers that are due run before the work goes on. */
export const eventLoopTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export interface Slicing {
  /** Longest run of work between two pauses, in ms (a step longer than this is not cut). */
  sliceMs?: number;
  /** What a pause waits for (default: a turn of the event loop). */
  pause?: () => Promise<void>;
}

/** Runs `steps` in slices of about `sliceMs` (default 10), pausing between them. */
export async function runSliced<T>(steps: Steps<T>, { sliceMs = 10, pause = eventLoopTurn }: Slicing = {}): Promise<T> {
  let began = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
    if (performance.now() - began >= sliceMs) {
      await pause();
      began = performance.now();
    }
  }
}
