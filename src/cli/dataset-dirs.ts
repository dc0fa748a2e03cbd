import { lstat, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { escapeForTerminal } from '../util/terminal-text.js';

/**
 * The arguments of `mdkg bench` that can be datasets, and a note for each one skipped: a shell
 * glob such as `datasets/*` also matches the README next to the dataset folders, so a file, or a
 * folder without dataset.json, is skipped. A path that does not exist is kept: the run reports it.
 */
export async function datasetDirs(args: readonly string[], cwd: string): Promise<{ dirs: string[]; notes: string[] }> {
  const dirs: string[] = [];
  const notes: string[] = [];
  for (const arg of args) {
    const path = resolve(cwd, arg);
    const info = await lstat(path).catch(() => undefined);
    if (info === undefined) dirs.push(arg);
    else if (!(await stat(path).catch(() => info)).isDirectory()) notes.push(`skipping ${escapeForTerminal(arg)}: not a dataset folder (not a folder)`);
    else if ((await lstat(join(path, 'dataset.json')).catch(() => undefined)) === undefined)
      notes.push(`skipping ${escapeForTerminal(arg)}: not a dataset folder (no dataset.json)`);
    else dirs.push(arg);
  }
  return { dirs, notes };
}
