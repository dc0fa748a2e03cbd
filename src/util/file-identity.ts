// A file's identity as the file system keeps it: size, device, inode, modification and change
// times in nanoseconds. Any write changes the change time, which no one can set back (utimes sets it
// to now), so an unchanged identity means unchanged bytes. Used by the parse cache and the search
// index to skip reading files that did not change.
import { lstatSync } from 'node:fs';

/** Identity of the entry at `path` itself (`lstat`: a link is its own entry); undefined when there is none. */
export function fileIdentity(path: string): { key: string; changedAt: number; isFile: boolean } | undefined {
  const s = lstatSync(path, { bigint: true, throwIfNoEntry: false });
  if (s === undefined) return undefined;
  return { key: `${s.size}:${s.dev}:${s.ino}:${s.mtimeNs}:${s.ctimeNs}`, changedAt: Math.max(Number(s.mtimeMs), Number(s.ctimeMs)), isFile: s.isFile() };
}
