import { createHash } from 'node:crypto';
import { lstatSync, readFileSync, realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { Diagnostic } from '../../errors.js';
import { LINK_NOWHERE, skippedEntry } from '../../graph/skipped-entry.js';
import { type FolderListing, type FolderListings, listFolder } from './folder-listing.js';

/** Folders never walked, wherever they are. */
export const ALWAYS_SKIPPED = new Set(['node_modules', '.git', 'dist', 'build', '.mdkg']);
/** Files larger than this are skipped with a diagnostic (generated bundles, data dumps). */
export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

/** A regular file found by the walk: its path relative to the root (with `/`), size, modification and change times. */
export interface WalkedFile {
  path: string;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

export interface WalkOptions {
  /** Which files to keep, by relative path (`/`-separated); others are not even stat'ed. */
  accept: (path: string) => boolean;
  /** Absolute folders not to walk (the output folder). */
  exclude?: readonly string[];
  maxFileBytes?: number;
  /** The folder to walk, relative to the root (`/`-separated, no `..`); default the root. */
  start?: string;
  /** The listings of the last walk with the same `accept` (folder-listing.ts): unchanged folders are not listed again. */
  folders?: FolderListings;
  /** When the run started (ms since the epoch): times closer to it than RECENT_MS are not trusted next time. */
  now?: number;
}

export interface WalkResult {
  files: WalkedFile[];
  diagnostics: Diagnostic[];
  /** Every folder walked, with its listing and hash (the per-folder hash tree); the start folder's hash covers every file found. */
  folders: FolderListings;
}

interface Rules {
  /** Relative folder (`''` for the root, else `a/b/`) the .gitignore lies in. */
  base: string;
  rules: Ignore;
}

const ignored = (stack: readonly Rules[], path: string, folder: boolean): boolean =>
  stack.some((r) => path.startsWith(r.base) && r.rules.ignores(path.slice(r.base.length) + (folder ? '/' : '')));

function gitignoreOf(dir: string): Ignore | undefined {
  try {
    return ignore().add(readFileSync(join(dir, '.gitignore'), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Not the loader's words (graph/scan.ts): the walk's root is any folder. */
const LINK_OUTSIDE = 'symbolic link leads outside the folder and is skipped';

type Kind = 'dir' | 'file' | 'link' | 'special' | 'bad';

/** A listing's entries in name order, as `readdir` sorted by name would give them. */
function entriesOf(listing: FolderListing): Array<[string, Kind]> {
  const out: Array<[string, Kind]> = [
    ...listing.dirs.map((n): [string, Kind] => [n, 'dir']),
    ...listing.files.map((n): [string, Kind] => [n, 'file']),
    ...listing.links.map((n): [string, Kind] => [n, 'link']),
    ...listing.special.map((n): [string, Kind] => [n, 'special']),
    ...listing.badNames.map((n): [string, Kind] => [n, 'bad']),
  ];
  return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/**
 * The source files under `root`, in path order. Honours every `.gitignore` on the way (each for
 * its own folder and below), skips ALWAYS_SKIPPED folders. Every other entry not walked is named
 * in the diagnostics: special files (FIFOs, sockets, devices) and names that are not UTF-8
 * (MDKG_FILE_READ), files over the size cap (MDKG_FILE_TOO_LARGE). Symbolic links are never
 * followed: one that leads outside the root, or nowhere (missing target, a loop), is reported
 * (MDKG_PATH_ESCAPE, as the graph loader does), one inside is left to its target's own path.
 */
export async function walkSources(root: string, options: WalkOptions): Promise<WalkResult> {
  const realRoot = await realpath(root);
  const exclude = new Set((options.exclude ?? []).map((d) => d.replace(/[\\/]+$/, '')));
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const now = options.now ?? Date.now();
  const files: WalkedFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const folders: FolderListings = Object.create(null) as FolderListings;
  // Blocking calls throughout: thousands of stats and listings in a row, where a thread-pool round
  // trip each (the asynchronous API) costs more than the call, and far more on a loaded machine.
  const visit = (dir: string, rel: string, stack: readonly Rules[]): string | undefined => {
    let listing: FolderListing;
    try {
      listing = listFolder(dir, options.folders?.[rel], now, (name) => name === '.gitignore' || options.accept(rel + name));
    } catch (error) {
      diagnostics.push({ code: 'MDKG_FILE_READ', severity: 'warning', message: `folder not read: ${(error as Error).message}`, file: rel || '.' });
      return undefined;
    }
    const rules = listing.files.includes('.gitignore') ? gitignoreOf(dir) : undefined;
    const here = rules === undefined ? stack : [...stack, { base: rel, rules }];
    const hash = createHash('sha1');
    for (const [name, kind] of entriesOf(listing)) {
      const path = rel + name;
      const abs = join(dir, name);
      if (kind === 'dir') {
        if (ALWAYS_SKIPPED.has(name) || exclude.has(abs) || ignored(here, path, true)) continue;
        const sub = visit(abs, `${path}/`, here);
        if (sub !== undefined) hash.update(`d\0${name}\0${sub}\n`);
      } else if (kind === 'bad' || kind === 'special') {
        if (!ignored(here, path, false)) diagnostics.push(skippedEntry(kind, path));
      } else if (kind === 'link') {
        if (ignored(here, path, false)) continue;
        let target: string | undefined;
        try {
          target = realpathSync(abs);
        } catch {
          target = undefined;
        }
        if (target === undefined || (target !== realRoot && !target.startsWith(realRoot + sep))) {
          diagnostics.push({ code: 'MDKG_PATH_ESCAPE', severity: 'warning', message: target === undefined ? LINK_NOWHERE : LINK_OUTSIDE, file: path });
        }
      } else if (options.accept(path) && !ignored(here, path, false)) {
        const s = lstatSync(abs, { throwIfNoEntry: false });
        if (s === undefined) continue;
        if (!s.isFile()) {
          diagnostics.push(skippedEntry('special', path));
          continue;
        }
        if (s.size > maxBytes) {
          diagnostics.push({
            code: 'MDKG_FILE_TOO_LARGE',
            severity: 'warning',
            message: `${s.size} bytes, over the ${maxBytes} a code file may have: skipped`,
            file: path,
          });
          continue;
        }
        files.push({ path, size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs });
        hash.update(`f\0${name}\0${s.size}\0${s.mtimeMs}\0${s.ctimeMs}\n`);
      }
    }
    const digest = `sha1:${hash.digest('hex')}`;
    folders[rel] = listing.hash === digest ? listing : { ...listing, hash: digest };
    return digest;
  };
  const start = (options.start ?? '').split('/').filter((p) => p !== '' && p !== '.');
  if (start.includes('..')) throw new Error(`the folder to walk leaves the root: ${options.start}`);
  // The .gitignore files of the folders above the start apply below it, unless they ignore the
  // start itself: a folder named on purpose (node_modules/n3/src) is walked.
  let stack: Rules[] = [];
  for (let i = 0; i < start.length; i += 1) {
    const base = start
      .slice(0, i)
      .map((p) => `${p}/`)
      .join('');
    const rules = gitignoreOf(join(root, ...start.slice(0, i)));
    if (rules !== undefined) stack.push({ base, rules });
  }
  const rel = start.map((p) => `${p}/`).join('');
  if (rel !== '' && ignored(stack, rel.slice(0, -1), true)) stack = [];
  visit(join(root, ...start), rel, stack);
  return { files, diagnostics, folders };
}
