import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';

const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A fresh temp folder holding `files` (path → content), removed after the test. */
export async function tempDir(files: Record<string, string | Uint8Array> = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'mdkg-test-'));
  made.push(dir);
  await writeFiles(dir, files);
  return dir;
}

export async function writeFiles(dir: string, files: Record<string, string | Uint8Array>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
}
