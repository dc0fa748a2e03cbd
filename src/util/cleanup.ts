// Temp files and folders in flight, removed when the process is interrupted (the CLI calls
// `removeInFlight` from its SIGINT/SIGTERM handler), and stale ones of earlier, killed runs swept.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const inFlight = new Set<string>();

/** Marks a temp path as in flight until `done` is called. */
export function track(path: string): () => void {
  inFlight.add(path);
  return () => inFlight.delete(path);
}

/** Removes every temp path in flight, synchronously (a signal handler cannot wait). */
export function removeInFlight(): void {
  for (const path of inFlight) rmSync(path, { recursive: true, force: true });
  inFlight.clear();
}

/** True when no process with this id runs (so its temp files are stale). */
function processGone(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as { code?: string }).code === 'ESRCH';
  }
}

/**
 * Removes the entries of `dir` that `pattern` matches (its first group is the writer's process id)
 * and whose process is gone: what a killed run of mdkg left. Returns how many were removed.
 */
export function sweepStale(dir: string, pattern: RegExp): number {
  let removed = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid <= 0 || !processGone(pid)) continue;
    rmSync(join(dir, name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
