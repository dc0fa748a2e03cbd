import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes many files atomically, as graph/atomic-write.ts does one: each goes to a temp file in its
 * own folder, then is renamed over the target (a reader never sees half a file; a failed write
 * leaves no temp file behind). Each folder is created once, when its first file is written, rather
 * than once per file: with thousands of documents in a few folders, that `mkdir` was one thread-pool
 * round trip in five.
 */
export class AtomicWriter {
  private readonly folders = new Map<string, Promise<unknown>>();

  async write(path: string, data: string | Uint8Array): Promise<void> {
    const folder = dirname(path);
    let made = this.folders.get(folder);
    if (made === undefined) {
      made = mkdir(folder, { recursive: true });
      this.folders.set(folder, made);
    }
    await made;
    const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(temp, data);
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }
}

/** `fn` over the items with at most `limit` running; results in item order. No new item starts after a failure. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const i = next;
      next += 1;
      try {
        results[i] = await fn(items[i] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
