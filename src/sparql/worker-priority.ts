// A query worker thread runs below the thread that serves requests: on Linux it raises its own
// nice value (a thread is its own task there, so setpriority on its thread id touches no other
// thread). A runaway query may then use any core that is idle, but never takes one from the event
// loop that answers every other client of the gateway. Elsewhere, or when /proc is not there, the
// worker keeps its priority (a diagnostic would be noise: nothing is wrong, only less fair).
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** The nice value of a query worker thread (0 is normal, 19 the lowest priority), or the process's own when that is lower. */
export const WORKER_NICE = 10;

/** This thread's id on Linux (`/proc/thread-self` -> `<pid>/task/<tid>`), else undefined. */
export function threadId(): number | undefined {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isSafeInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/** Lowers the priority of the calling thread, never of a process's main thread; whether it did. */
export function lowerThisThread(): boolean {
  const tid = threadId();
  if (tid === undefined || tid === process.pid) return false;
  try {
    // Never raised: a process already started below WORKER_NICE keeps its own value.
    setPriority(tid, Math.max(getPriority(tid), WORKER_NICE));
    return true;
  } catch {
    return false;
  }
}
