import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes text given in chunks to `path` atomically (a temp file in the same folder, then rename),
 * holding one chunk in memory at a time: for outputs too large for one string.
 */
export async function writeChunksAtomic(path: string, chunks: Iterable<string>): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const handle = await open(temp, 'wx');
    try {
      for (const chunk of chunks) await handle.write(chunk);
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
