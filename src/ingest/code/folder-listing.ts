import { lstatSync, readdirSync } from 'node:fs';
import { undecodableNames } from '../../graph/skipped-entry.js';

/**
 * One folder's entries as the last run listed them, and the folder's times then. A folder's
 * modification time changes whenever an entry is added, removed or renamed in it (POSIX), and its
 * change time with any change to its inode, which no one can set back: when both are what they were,
 * the entries are too, and the folder is not listed again (one `lstat` instead of a `readdir`). A
 * file's content changing changes neither: files are still stat'ed one by one.
 */
export interface FolderListing {
  /** Modification and change times when listed; -1 when too recent to be trusted (RECENT_MS). */
  mtimeMs: number;
  ctimeMs: number;
  /** Names of subfolders, kept files and symbolic links, sorted. */
  dirs: string[];
  files: string[];
  links: string[];
  /** Kept names of entries that are none of those (FIFOs, sockets, devices): never opened, reported by the walk. */
  special: string[];
  /** Entries whose name is not UTF-8 (as Node decodes it, with U+FFFD), of any kind: they cannot be opened by that name. */
  badNames: string[];
  /** With the walk: `sha1:` over the folder's files (name, size, times) and subfolders (name, hash). */
  hash?: string;
}

/** Folder (relative, `''` or `a/b/`) -> its listing. */
export type FolderListings = Record<string, FolderListing>;

/** Times this close to the run's start may still change within the same clock tick: not trusted next time. */
export const RECENT_MS = 2000;

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Whether a time recorded at `now` can be trusted on a later run. */
export const trusted = (timeMs: number, now: number): boolean => now - timeMs >= RECENT_MS;

/**
 * The entries of folder `abs`: the previous listing when the folder's times are unchanged (and were
 * trusted), else a fresh `readdir` (the times are read first: an entry added between the two is
 * listed and makes the next run list again). `keep` filters files by name (subfolders and links are
 * always kept). Throws as `readdirSync` does when the folder cannot be read.
 */
export function listFolder(abs: string, previous: FolderListing | undefined, now: number, keep: (name: string) => boolean): FolderListing {
  const s = lstatSync(abs, { throwIfNoEntry: false });
  const folder = s?.isDirectory() === true ? s : undefined;
  if (folder !== undefined && previous !== undefined && previous.mtimeMs === folder.mtimeMs && previous.ctimeMs === folder.ctimeMs && previous.mtimeMs !== -1) {
    return previous;
  }
  const dirs: string[] = [];
  const files: string[] = [];
  const links: string[] = [];
  const special: string[] = [];
  const badNames: string[] = [];
  const entries = readdirSync(abs, { withFileTypes: true });
  const bad = entries.some((e) => e.name.includes('\ufffd')) ? undecodableNames(abs) : undefined;
  for (const e of entries) {
    if (bad?.has(e.name) === true) {
      if (e.isDirectory() || e.isSymbolicLink() || keep(e.name)) badNames.push(e.name);
    } else if (e.isDirectory()) dirs.push(e.name);
    else if (e.isSymbolicLink()) links.push(e.name);
    else if (e.isFile()) {
      if (keep(e.name)) files.push(e.name);
    } else if (keep(e.name)) special.push(e.name);
  }
  const fresh = folder !== undefined && trusted(Math.max(folder.mtimeMs, folder.ctimeMs), now);
  const listing: FolderListing = {
    mtimeMs: fresh ? folder.mtimeMs : -1,
    ctimeMs: fresh ? folder.ctimeMs : -1,
    dirs: dirs.sort(byName),
    files: files.sort(byName),
    links: links.sort(byName),
    special: special.sort(byName),
    badNames: badNames.sort(byName),
  };
  // The same as before (a folder still too recent to trust): the previous object, so a run that
  // changed nothing is seen as such and does not rewrite its state.
  return previous !== undefined && sameListing(previous, listing) ? previous : listing;
}

const sameNames = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((n, i) => n === b[i]);

function sameListing(a: FolderListing, b: FolderListing): boolean {
  return (
    a.mtimeMs === b.mtimeMs &&
    a.ctimeMs === b.ctimeMs &&
    sameNames(a.dirs, b.dirs) &&
    sameNames(a.files, b.files) &&
    sameNames(a.links, b.links) &&
    sameNames(a.special, b.special) &&
    sameNames(a.badNames, b.badNames)
  );
}
