// A file's identity as the file system keeps it: size, device, inode, modification and change
// times. Any write changes the change time, which no one can set back (utimes sets it to now), so an
// unchanged identity means unchanged bytes. Used by the parse cache and the search index to skip
// reading files that did not change.
//
// The times are the plain `lstat` ones, milliseconds as doubles (about a quarter of a microsecond
// apart at today's dates), not the bigint nanoseconds: the bigint stat objects were a third of the
// fingerprint of a 10,000-document graph on every warm search. The resolution is enough because an
// identity is only trusted or recorded when the file changed at least two seconds before it was
// taken (the racy rule of both callers): a later write then leaves a change time seconds away.
import { lstatSync, type Stats } from 'node:fs';

/** Identity of the entry at `path` itself (`lstat`: a link is its own entry); undefined when there is none. `changedAt` is in whole ms, as `Date.now()`. */
export function fileIdentity(path: string): FileIdentity | undefined {
  const s = lstatSync(path, { throwIfNoEntry: false });
  return s === undefined ? undefined : identityOfStats(s);
}

export interface FileIdentity {
  key: string;
  changedAt: number;
  isFile: boolean;
}

/**
 * The identity in stats already taken: `lstat` of the path, or `fstat` of a file opened without
 * following a link (the same entry; the reader takes it before reading, util/read-file.ts `onStats`).
 */
export function identityOfStats(s: Stats): FileIdentity {
  return { key: `${s.size}:${s.dev}:${s.ino}:${s.mtimeMs}:${s.ctimeMs}`, changedAt: Math.floor(Math.max(s.mtimeMs, s.ctimeMs)), isFile: s.isFile() };
}
