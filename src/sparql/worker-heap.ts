// A query worker's heap after a query that ran out of time. Workers live on after such a query
// (task-guard.ts drops its work), so the heap the runaway grew would stay committed until V8's next
// full collection, and a worker serving runaway after runaway drifts up (without this, the gateway's RSS
// rose by 150–250 MiB a minute through 40 s stress runs). So a worker measures what it holds once its
// graph copy is loaded (its baseline), and after a query that ran out of time collects at once when
// it is over that by more than SLACK_MB (most of it is garbage then; what is still alive after it
// becomes the baseline). About 100 ms of one core for each such query. After a query that answered
// in time V8's own collections do: forcing one there slowed a run of heavy queries by a quarter.
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Heap in use above the baseline past which a worker collects when a query ends. */
export const SLACK_MB = 64;
const MB = 1024 * 1024;

let collect: (() => void) | undefined;
let baseline = 0;

/** V8's `gc()`, taken once from a fresh context with --expose-gc set only while it is made. */
function collector(): () => void {
  if (collect === undefined) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
    setFlagsFromString('--no-expose-gc');
  }
  return collect;
}

const used = (): number => getHeapStatistics().used_heap_size;

/** The graph copy is loaded: collect what loading left, and measure what stays. */
export function measureBaseline(): void {
  collector()();
  baseline = used();
}

/** A query ran out of time: collects when the heap in use is over the baseline by SLACK_MB; returns whether it did. */
export function settleHeap(): boolean {
  if (used() < baseline + SLACK_MB * MB) return false;
  collector()();
  // What a collection leaves is alive (engine caches, compiled code): the new baseline, or every
  // later query would collect again.
  baseline = Math.max(baseline, used());
  return true;
}
