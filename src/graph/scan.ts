import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import ignore from 'ignore';
import type { Diagnostic } from '../errors.js';

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
  const matcher = ignore({ allowRelativePaths: true }).add(patterns.map((line) => line.replace(/\r$/, '')));
  return (path, isDir) => path !== '' && matcher.ignores(isDir ? `${path}/` : path);
}

/**
 * Lists every `*.md` file under `root`, sorted by path. Skips hidden directories, node_modules and
 * `.mdkgignore` patterns. Symbolic links are not followed (one leaving the root is reported).
 */
export async function scanMarkdown(root: string, diagnostics: Diagnostic[]): Promise<ScannedFile[]> {
  const realRoot = await realpath(root);
  let ignoreLines: string[] = [];
  try {
    ignoreLines = (await readFile(join(root, '.mdkgignore'), 'utf8')).split(/\r?\n/);
  } catch {
    // no ignore file
  }
  const ignored = ignoreMatcher(ignoreLines);
  const files: ScannedFile[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith('.') || ALWAYS_SKIPPED.has(entry.name)) continue;
      const absolute = join(dir, entry.name);
      const rel = relative(root, absolute).split(sep).join('/');
      if (entry.isSymbolicLink()) {
        // Never followed: inside the root its target is scanned anyway; outside it would escape.
        const target = await realpath(absolute).catch(() => undefined);
        const outside = target !== undefined && target !== realRoot && !target.startsWith(realRoot + sep);
        const relevant = !ignored(rel, false) && (entry.name.toLowerCase().endsWith('.md') || (await stat(absolute).then((st) => st.isDirectory(), () => false)));
        if (outside && relevant) {
          diagnostics.push({ code: 'MDKG_PATH_ESCAPE', severity: 'warning', message: 'symbolic link leads outside the graph folder and is skipped', file: rel });
        }
        continue;
      }
      const isDir = entry.isDirectory();
      if (ignored(rel, isDir)) continue;
      if (isDir) await walk(absolute);
      else if (entry.isFile() && entry.name.toLowerCase().endsWith('.md')) files.push({ path: rel, absolute });
    }
  };
  await walk(root);
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
