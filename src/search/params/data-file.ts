// The shape of a fitted data file (data/*.json), written by benchmarks/fit.ts:
//   { description, provenance: { commit, script, options, datasets, ... }, priors: {...}, fitted: {...} }
// `priors` are hand-set values the script does not fit; `fitted` the values it fits. The two are
// disjoint partial trees of the same object; the runtime value is their merge.
import { MdkgError } from '../../errors.js';

export interface FitProvenance {
  /** Short git commit of the fitting run, or "unknown". */
  commit: string;
  script: string;
  options: Record<string, unknown>;
  /** Every dataset read: its name, split, sha256 of dataset.json + queries file, and whether it was fitted on. */
  datasets: { name: string; split: string; sha256: string; fitted: boolean }[];
  [key: string]: unknown;
}

export interface FitFile {
  description: string;
  provenance: FitProvenance;
  priors: Record<string, unknown>;
  fitted: Record<string, unknown>;
}

const invalid = (file: string, message: string): MdkgError => new MdkgError('MDKG_CONFIG_INVALID', `${file}: ${message}`);

export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks the envelope of a fitted data file: exactly description, provenance, priors, fitted. */
export function checkFitFile(data: unknown, file: string): FitFile {
  if (!isPlainObject(data)) throw invalid(file, 'must hold a JSON object');
  const keys = Object.keys(data).sort().join(',');
  if (keys !== 'description,fitted,priors,provenance') throw invalid(file, `must have exactly the keys description, provenance, priors, fitted; got ${keys}`);
  const { description, provenance, priors, fitted } = data;
  if (typeof description !== 'string') throw invalid(file, 'description must be a string');
  if (!isPlainObject(provenance)) throw invalid(file, 'provenance must be an object');
  if (typeof provenance.commit !== 'string' || typeof provenance.script !== 'string')
    throw invalid(file, 'provenance.commit and provenance.script must be strings');
  if (!isPlainObject(provenance.options)) throw invalid(file, 'provenance.options must be an object');
  const datasets = provenance.datasets;
  if (
    !Array.isArray(datasets) ||
    !datasets.every(
      (d) => isPlainObject(d) && typeof d.name === 'string' && typeof d.split === 'string' && typeof d.sha256 === 'string' && typeof d.fitted === 'boolean',
    )
  ) {
    throw invalid(file, 'provenance.datasets must be a list of {name, split, sha256, fitted}');
  }
  if (datasets.some((d) => (d as { split: string; fitted: boolean }).split === 'test' && (d as { fitted: boolean }).fitted))
    throw invalid(file, 'a test split must never be fitted on');
  if (!isPlainObject(priors) || !isPlainObject(fitted)) throw invalid(file, 'priors and fitted must be objects');
  return data as unknown as FitFile;
}

/**
 * Merges two disjoint partial trees of plain objects: keys keep the order of `priors` (then the
 * keys only `fitted` has); a leaf present in both is an error, so a value is either hand-set or fitted.
 */
export function mergeDisjoint(priors: Record<string, unknown>, fitted: Record<string, unknown>, file: string, at = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(priors), ...Object.keys(fitted)])) {
    const a = Object.hasOwn(priors, key) ? priors[key] : undefined;
    const b = Object.hasOwn(fitted, key) ? fitted[key] : undefined;
    if (a === undefined || b === undefined) out[key] = a ?? b;
    else if (isPlainObject(a) && isPlainObject(b)) out[key] = mergeDisjoint(a, b, file, `${at}${key}.`);
    else throw invalid(file, `'${at}${key}' is both a prior and fitted`);
  }
  return out;
}

/** A finite number at `path` of `tree`, or a clear error. */
export function finiteAt(tree: unknown, path: readonly string[], file: string): number {
  let v: unknown = tree;
  for (const key of path) v = isPlainObject(v) && Object.hasOwn(v, key) ? v[key] : undefined;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw invalid(file, `'${path.join('.')}' must be a finite number, got ${JSON.stringify(v) ?? 'nothing'}`);
  return v;
}

/** The keys of the object at `path`, checked to be exactly `expected` (in any order). */
export function exactKeys(tree: unknown, path: readonly string[], expected: readonly string[], file: string): void {
  let v: unknown = tree;
  for (const key of path) v = isPlainObject(v) && Object.hasOwn(v, key) ? v[key] : undefined;
  const got = isPlainObject(v) ? Object.keys(v).sort() : [];
  const want = [...expected].sort();
  if (got.join(',') !== want.join(','))
    throw invalid(file, `'${path.join('.') || '(root)'}' must have exactly the keys ${want.join(', ')}; got ${got.join(', ') || 'none'}`);
}
