// Whether a graph's default cache folder (`<graphs>/.mdkg`) may be used: only a real folder or a
// missing one. A link there (to a folder elsewhere) or a file in its place is never read or written
// through. Light: the warm search path checks it without loading the parser.
import { lstat } from 'node:fs/promises';

/** Undefined when `dir` is a real folder or does not exist; else what it is instead. */
export async function cacheDirProblem(dir: string): Promise<string | undefined> {
  const stat = await lstat(dir).catch(() => undefined);
  if (stat === undefined || stat.isDirectory()) return undefined;
  return stat.isSymbolicLink() ? 'a symbolic link' : 'not a folder';
}
