import type { Dirent } from 'node:fs';
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { createRequire } from 'node:module';
import { MdkgError, type Diagnostic } from '../errors.js';
import { readTextFile } from '../util/read-file.js';
import { LINK_NOWHERE, skippedEntry, undecodableNames } from './skipped-entry.js';

const MAX_IGNORE_BYTES = 1024 * 1024;
// The `ignore` package (CommonJS) is loaded only for a graph with patterns: most have none, and a
// warm search loads nothing it does not use.
const require = createRequire(import.meta.url);
type IgnoreFactory = typeof import('ignore');

/** Directories never scanned: hidden ones (.git, .mdkg, …) and node_modules. */
const ALWAYS_SKIPPED = new Set(['node_modules']);

export interface ScannedFile {
  /** Path relative to the root with `/` separators. */
  path: string;
  absolute: string;
}

/**
 * Turns `.mdkgignore` lines into a matcher over relative paths, with gitignore semantics (the
 * `ignore` package: linear in the path for any pattern, unlike backtracking glob regexes).
 */
export function ignoreMatcher(patterns: readonly string[]): (path: string, isDir: boolean) => boolean {
  // No pattern (no .mdkgignore, or only blank lines and comments): nothing is ignored, and no
  // path pays for the matcher (a graph of 10,000 documents is scanned on every warm search).
  if (patterns.every((line) => line.trim() === '' || line.startsWith('#'))) return () => false;
  const ignore = require('ignore') as IgnoreFactory;
  const matcher = ignore({ allowRelativePaths: true }).add(patterns.map((line) => line.replace(/\r$/, '')));
  return (path, isDir) => path !== '' && matcher.ignores(isDir ? `${path}/` : path);
}

/** The real path of the graph folder; a missing or non-folder root is a coded error. */
async function checkRoot(root: string): Promise<string> {
  const stat = await lstat(root).catch(() => undefined);
  if (stat === undefined) throw new MdkgError('MDKG_NOT_FOUND', `graph folder ${root} does not exist`, { file: root });
  const real = await realpath(root);
  if (!(await statOf(real))?.isDirectory()) throw new MdkgError('MDKG_USAGE', `graph folder ${root} is not a folder`, { file: root });
  return real;
}

const statOf = (path: string) => stat(path).catch(() => undefined);

/** `.mdkgignore` lines: a regular file only, never through a link, at most 1 MiB. */
async function readIgnoreFile(root: string, diagnostics: Diagnostic[]): Promise<string[]> {
  try {
    return (await readTextFile(join(root, '.mdkgignore'), { maxBytes: MAX_IGNORE_BYTES, file: '.mdkgignore', follow: false })).split(/\r?\n/);
  } catch (error) {
    if ((error as MdkgError).code !== 'MDKG_NOT_FOUND') {
      diagnostics.push({
        code: (error as MdkgError).code ?? 'MDKG_FILE_READ',
        severity: 'warning',
        message: `${(error as Error).message}; no path is ignored`,
        file: '.mdkgignore',
      });
    }
    return [];
  }
}

/** Names a scan never enters or lists: hidden ones (.git, .mdkg, …) and node_modules. */
export const skippedName = (name: string): boolean => name.startsWith('.') || ALWAYS_SKIPPED.has(name);

/**
 * What loading the graph folder `root` skips, as one rule over paths relative to it (`/`-separated):
 * a segment `scanMarkdown` never enters or lists (skippedName), or an `.mdkgignore` pattern
 * matching the path or a folder above it. The reason, or undefined when the path is loaded.
 * Generation asks it before writing a document into the graph folder (generate/generate-code.ts);
 * encodeFileName never gives a skipped name. A path ending in `/` is a folder.
 */
export async function loadingSkips(root: string): Promise<(path: string) => string | undefined> {
  const ignored = ignoreMatcher(await readIgnoreFile(root, []));
  return (path) => {
    const parts = path.split('/').filter((p) => p !== '');
    for (const [i, part] of parts.entries()) {
      if (skippedName(part)) return `loading never enters '${part}' (hidden or node_modules)`;
      const at = parts.slice(0, i + 1).join('/');
      const isDir = i < parts.length - 1 || path.endsWith('/');
      if (ignored(at, isDir)) return `.mdkgignore ignores ${at}${isDir ? '/' : ''}`;
    }
    return undefined;
  };
}

/**
 * The root checked (its real path; a missing or non-folder root is a coded error) and the
 * `.mdkgignore` matcher: what `scanMarkdown` and the search index's fingerprint
 * (search/index-cache.ts, which walks the same files with one `lstat` each) decide by.
 */
export async function scanRules(root: string, diagnostics: Diagnostic[]): Promise<{ realRoot: string; ignored: (path: string, isDir: boolean) => boolean }> {
  const realRoot = await checkRoot(root);
  return { realRoot, ignored: ignoreMatcher(await readIgnoreFile(root, diagnostics)) };
}

/**
 * Lists every `*.md` file under `root`, sorted by path. Skips hidden directories, node_modules and
 * `.mdkgignore` patterns. Symbolic links are not followed (one leaving the root or leading nowhere
 * is reported); `*.md` special files (FIFOs, sockets, devices) and names that are not UTF-8 are
 * reported and never opened (skipped-entry.ts, the code walk's words).
 */
export async function scanMarkdown(root: string, diagnostics: Diagnostic[]): Promise<ScannedFile[]> {
  const { realRoot, ignored } = await scanRules(root, diagnostics);
  const files: ScannedFile[] = [];
  // Paths are built by concatenation from the folder's own (a warm search of 10,000 documents
  // scans them all; `join` and `relative` per entry were most of the scan): the same strings as
  // `join(dir, name)` and `relative(root, …)` give, since an entry name holds no separator.
  const walk = async (dir: string, dirRel: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (dirRel === '') throw error;
      // An unreadable folder is reported; the rest of the graph still loads.
      diagnostics.push({
        code: 'MDKG_FILE_READ',
        severity: 'error',
        message: `folder not read: ${(error as Error).message}`,
        file: dirRel,
      });
      return;
    }
    const prefix = dir === '.' ? '' : dir.endsWith(sep) ? dir : dir + sep;
    // Names that are not UTF-8 cannot be opened by their decoded form: named, never read.
    const bad = entries.some((e) => e.name.includes('\ufffd')) ? undecodableNames(dir) : undefined;
    for (const entry of entries) {
      if (skippedName(entry.name)) continue;
      const absolute = prefix + entry.name;
      const rel = dirRel === '' ? entry.name : `${dirRel}/${entry.name}`;
      const markdown = entry.name.toLowerCase().endsWith('.md');
      if (bad?.has(entry.name) === true || (!entry.isFile() && !entry.isDirectory() && !entry.isSymbolicLink())) {
        // A special file (FIFO, socket, device) is never opened: one that looks like a document is named.
        const isBad = bad?.has(entry.name) === true;
        if ((markdown || (isBad && entry.isDirectory())) && !ignored(rel, entry.isDirectory())) diagnostics.push(skippedEntry(isBad ? 'bad' : 'special', rel));
        continue;
      }
      if (entry.isSymbolicLink()) {
        // Never followed: inside the root its target is scanned anyway; outside it would escape.
        const target = await realpath(absolute).catch(() => undefined);
        const outside = target !== undefined && target !== realRoot && !target.startsWith(realRoot + sep);
        const relevant =
          !ignored(rel, false) &&
          (markdown ||
            (await stat(absolute).then(
              (st) => st.isDirectory(),
              () => false,
            )));
        if (outside && relevant) {
          diagnostics.push({
            code: 'MDKG_PATH_ESCAPE',
            severity: 'warning',
            message: 'symbolic link leads outside the graph folder and is skipped',
            file: rel,
          });
        } else if (target === undefined && !ignored(rel, false)) {
          diagnostics.push({
            code: 'MDKG_PATH_ESCAPE',
            severity: 'warning',
            message: LINK_NOWHERE,
            file: rel,
          });
        }
        continue;
      }
      const isDir = entry.isDirectory();
      if (ignored(rel, isDir)) continue;
      if (isDir) await walk(absolute, rel);
      else if (entry.isFile() && markdown) files.push({ path: rel, absolute });
    }
  };
  await walk(join(root), '');
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
