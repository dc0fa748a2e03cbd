import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { track } from '../util/cleanup.js';

/** Names of temp files (`<file>.<pid>.<8 hex>.tmp`); the group is the writer's process id. */
export const TEMP_FILE = /\.(\d+)\.[0-9a-f]{8}\.tmp$/;

/** A temp file next to `path`, unique to this process and call. */
function tempPathFor(path: string): string {
  return `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
}

/** Writes a file atomically: a temp file in the same folder, then rename over the target. Chunks are written in order (no copy into one buffer). */
export async function writeFileAtomic(path: string, data: string | Uint8Array | readonly Uint8Array[]): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = tempPathFor(path);
  const done = track(temp);
  try {
    await writeFile(temp, typeof data === 'string' || data instanceof Uint8Array ? data : data.values(), { flag: 'wx' });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  } finally {
    done();
  }
}

/** `writeFileAtomic` without creating the folder, blocking: for many small files in a row. */
export function replaceFileSync(path: string, data: string | Uint8Array): void {
  const temp = tempPathFor(path);
  const done = track(temp);
  try {
    writeFileSync(temp, data, { flag: 'wx' });
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  } finally {
    done();
  }
}
