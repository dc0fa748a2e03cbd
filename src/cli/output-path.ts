import { lstat, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { MdkgError } from '../errors.js';
import type { CliIo } from './io.js';

/**
 * Checks before any work that `path` (given with `flag`) can be written as a file: it is not a
 * folder, and the nearest existing folder above it is a folder. Throws MDKG_FILE_WRITE naming the
 * flag; the write itself still reports anything else (permissions, a full disk).
 */
export async function checkOutputFile(io: CliIo, path: string, flag: string): Promise<string> {
  const full = resolve(io.cwd, path);
  const fail = (why: string): MdkgError => new MdkgError('MDKG_FILE_WRITE', `${flag} ${path}: ${why}`, { file: path });
  if (path === '') throw new MdkgError('MDKG_USAGE', `${flag} needs a file path`);
  const here = await lstat(full).catch(() => undefined);
  if (here?.isDirectory() === true) throw fail('is a folder; give a file path');
  // The write renames a temp file over the path: over a device (/dev/null), a pipe or a link it
  // would replace that special file itself. Only a regular file is replaced.
  if (here !== undefined && !here.isFile()) throw fail('is not a regular file (a device, a pipe or a link); give a file path');
  if (here !== undefined) return full;
  for (let dir = dirname(full); ; dir = dirname(dir)) {
    const info = await stat(dir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : error));
    if (info instanceof Error) return full; // the write reports it with its own reason
    if (info !== undefined) {
      if (!info.isDirectory()) throw fail(`${dir} is not a folder`);
      return full;
    }
    if (dirname(dir) === dir) return full;
  }
}
