// Writing the fitted data files: the envelope of src/search/params/data-file.ts with provenance (git
// commit, datasets and their hashes, script and options), the hand-set priors copied from the file
// fitted before, and the fitted values. No timestamp: a refit of the same inputs is byte-identical
// except for provenance.commit.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkFitFile, type FitFile } from '../../src/search/params/data-file.js';
import { provenanceDatasets, REPO, type FitDataset } from './datasets.js';

export const DATA_DIR = join(REPO, 'src', 'search', 'params', 'data');
export const FILES = { search: 'search-params.json', rerank: 'rerank.json', calibration: 'calibration.json' } as const;
export type FileKey = keyof typeof FILES;

/** Short hash of HEAD, or "unknown" outside a git checkout. */
export function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || 'unknown';
  } catch {
    return 'unknown';
  }
}

export function readFitFile(dir: string, key: FileKey): FitFile {
  const file = join(dir, FILES[key]);
  return checkFitFile(JSON.parse(readFileSync(file, 'utf8')) as unknown, file);
}

/** sha256 of what a file makes the search do (its priors and fitted values, not its provenance). */
export const contentHash = (f: Pick<FitFile, 'priors' | 'fitted'>): string =>
  createHash('sha256')
    .update(JSON.stringify({ priors: f.priors, fitted: f.fitted }))
    .digest('hex');

export interface StageOutput {
  description: string;
  options: Record<string, unknown>;
  /** What else the fit read: other data files by content hash. */
  inputs?: Record<string, string>;
  /** Numbers the fit measured (objective, ECE), for the reader. */
  measured?: Record<string, unknown>;
  priors: Record<string, unknown>;
  fitted: Record<string, unknown>;
}

export function fitFile(out: StageOutput, sets: readonly FitDataset[], commit: string): FitFile {
  const provenance = {
    commit,
    script: 'benchmarks/fit.ts',
    options: out.options,
    splits: ['train', 'dev'],
    datasets: provenanceDatasets(sets),
    ...(out.inputs === undefined ? {} : { inputs: out.inputs }),
    ...(out.measured === undefined ? {} : { measured: out.measured }),
  };
  return checkFitFile({ description: out.description, provenance, priors: out.priors, fitted: out.fitted }, 'fit output');
}

export function writeFitFile(dir: string, key: FileKey, file: FitFile): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, FILES[key]);
  writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);
  return path;
}
