// Where a `generate code` run reads and writes, shared by the CLI command and reindex_codebase: the
// walk's root and start, the output folder, the state file (one per output folder, in the root's
// `.mdkg/` when that folder is usable) and the folders never read as sources (the graph folder).
import { createHash } from 'node:crypto';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { cacheDirProblem } from '../graph/cache-dir.js';
import type { GenerateCodeOptions } from './generate-code.js';

export interface CodeRunInput {
  /** The folder to index, absolute (default: the project folder). */
  dir?: string;
  /** The project folder (where the config is, else the current folder). */
  projectDir: string;
  /** The graph folder, absolute. */
  graphsDir: string;
  /** The output folder, absolute (default `<graphs>/code`). */
  outDir?: string;
}

/** Where the walk starts and what paths are relative to: the project folder when `dir` lies in it, else `dir` itself. */
export function codeRoots(projectDir: string, dir: string | undefined): { root: string; start: string } {
  const target = dir ?? projectDir;
  const rel = relative(projectDir, target);
  if (rel === '') return { root: projectDir, start: '' };
  if (rel.startsWith('..') || isAbsolute(rel)) return { root: target, start: '' };
  return { root: projectDir, start: rel.split(sep).join('/') };
}

/** The options of `generateCode` for a run over `dir` into `outDir`. */
export async function codeRunOptions(input: CodeRunInput): Promise<GenerateCodeOptions> {
  const { root, start } = codeRoots(input.projectDir, input.dir);
  const outDir = input.outDir ?? resolve(input.graphsDir, 'code');
  const cache = join(root, '.mdkg');
  // One state per output folder: runs into other folders (a benchmark, a preview) do not evict it.
  const key = createHash('sha256').update(outDir).digest('hex').slice(0, 12);
  const statePath = (await cacheDirProblem(cache)) === undefined ? join(cache, `code-state-${key}.json`) : undefined;
  return { root, start, outDir, exclude: [input.graphsDir], graphsDir: input.graphsDir, ...(statePath === undefined ? {} : { statePath }) };
}
