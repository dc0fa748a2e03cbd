import { type Dirent, lstatSync } from 'node:fs';
import { readdir, readFile, realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { Diagnostic } from '../../errors.js';

/** Folders never walked, wherever they are. */
export const ALWAYS_SKIPPED = new Set(['node_modules', '.git', 'dist', 'build', '.mdkg']);
/** Files larger than this are skipped with a diagnostic (generated bundles, data dumps). */
export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

/** A regular file found by the walk: its path relative to the root (with `/`), size and modification time. */
export interface WalkedFile {
  path: string;
  size: number;
  mtimeMs: number;
}

export interface WalkOptions {
  /** Which files to keep, by relative path (`/`-separated); others are not even stat'ed. */
  accept: (path: string) => boolean;
  /** Absolute folders not to walk (the output folder). */
  exclude?: readonly string[];
  maxFileBytes?: number;
  /** The folder to walk, relative to the root (`/`-separated, no `..`); default the root. */
  start?: string;
}

interface Rules {
  /** Relative folder (`''` for the root, else `a/b/`) the .gitignore lies in. */
  base: string;
  rules: Ignore;
}

const ignored = (stack: readonly Rules[], path: string, folder: boolean): boolean =>
  stack.some((r) => path.startsWith(r.base) && r.rules.ignores(path.slice(r.base.length) + (folder ? '/' : '')));

async function gitignoreOf(dir: string): Promise<Ignore | undefined> {
  const text = await readFile(join(dir, '.gitignore'), 'utf8').catch(() => undefined);
  return text === undefined ? undefined : ignore().add(text);
}

/**
 * The source files under `root`, in path order. Honours every `.gitignore` on the way (each for
 * its own folder and below), skips ALWAYS_SKIPPED folders, special
 * files and files over the size cap (with a diagnostic). Symbolic links are never followed: one
 * that leads outside the root is reported (MDKG_PATH_ESCAPE), one inside is left to its target's
 * own path.
 */
export async function walkSources(root: string, options: WalkOptions): Promise<{ files: WalkedFile[]; diagnostics: Diagnostic[] }> {
  const realRoot = await realpath(root);
  const exclude = new Set((options.exclude ?? []).map((d) => d.replace(/[\\/]+$/, '')));
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const files: WalkedFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const visit = async (dir: string, rel: string, stack: readonly Rules[]): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      diagnostics.push({ code: 'MDKG_FILE_READ', severity: 'warning', message: `folder not read: ${(error as Error).message}`, file: rel || '.' });
      return;
    }
    const rules = await gitignoreOf(dir);
    const here = rules === undefined ? stack : [...stack, { base: rel, rules }];
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = rel + entry.name;
      const abs = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (ALWAYS_SKIPPED.has(entry.name) || exclude.has(abs) || ignored(here, path, true)) continue;
        await visit(abs, `${path}/`, here);
      } else if (entry.isSymbolicLink()) {
        if (ignored(here, path, false)) continue;
        const target = await realpath(abs).catch(() => undefined);
        if (target === undefined || (target !== realRoot && !target.startsWith(realRoot + sep))) {
          diagnostics.push({
            code: 'MDKG_PATH_ESCAPE',
            severity: 'warning',
            message: `symbolic link ${target === undefined ? 'leads nowhere' : 'leads outside the folder'}: not followed`,
            file: path,
          });
        }
      } else if (entry.isFile() && options.accept(path) && !ignored(here, path, false)) {
        // Blocking: one stat per file, thousands in a row (a thread-pool round trip each costs more).
        const s = lstatSync(abs, { throwIfNoEntry: false });
        if (s === undefined || !s.isFile()) continue;
        if (s.size > maxBytes) {
          diagnostics.push({
            code: 'MDKG_FILE_TOO_LARGE',
            severity: 'warning',
            message: `${s.size} bytes, over the ${maxBytes} a code file may have: skipped`,
            file: path,
          });
          continue;
        }
        files.push({ path, size: s.size, mtimeMs: s.mtimeMs });
      }
    }
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
    const rules = await gitignoreOf(join(root, ...start.slice(0, i)));
    if (rules !== undefined) stack.push({ base, rules });
  }
  const rel = start.map((p) => `${p}/`).join('');
  if (rel !== '' && ignored(stack, rel.slice(0, -1), true)) stack = [];
  await visit(join(root, ...start), rel, stack);
  return { files, diagnostics };
}
