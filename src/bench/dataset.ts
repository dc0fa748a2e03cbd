// A benchmark dataset folder: dataset.json + queries.jsonl (docs/benchmarks.md, "Dataset format").
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, resolve, sep } from 'node:path';
import { MdkgError, isMdkgError, type Diagnostic } from '../errors.js';
import { isValidSourceId } from '../generate/file-names.js';
import { parseQueries, type BenchQuery } from './queries.js';
import { readCapped } from './read-capped.js';

export type Split = 'train' | 'dev' | 'test';
export const SPLITS: readonly Split[] = ['train', 'dev', 'test'];
export type CatalogType = 'mcp-tools' | 'openapi' | 'graphs';
const CATALOG_TYPES: readonly CatalogType[] = ['mcp-tools', 'openapi', 'graphs'];

export interface CatalogEntry {
  type: CatalogType;
  /** As written in dataset.json (relative to the dataset folder; may lead outside it). */
  path: string;
  /** Absolute path. */
  resolved: string;
  /** Source id: the namespace of the entry's tools (`tool:<source>/<name>`). */
  source: string;
}

export interface Dataset {
  /** The folder as given, and absolute. */
  dir: string;
  root: string;
  name: string;
  split: Split;
  license: string;
  origin: string;
  catalog: CatalogEntry[];
  /** queries.jsonl as named in dataset.json, joined to `dir` (for diagnostics). */
  queriesFile: string;
  queries: BenchQuery[];
  /** Problems that did not stop the dataset (skipped query lines, ...). */
  diagnostics: Diagnostic[];
}

/** Size limits: dataset.json and queries.jsonl are small text files. */
export const DATASET_LIMITS = { datasetJsonBytes: 1024 * 1024, queriesBytes: 32 * 1024 * 1024, catalogEntries: 256 } as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function invalid(file: string, message: string): MdkgError {
  return new MdkgError('MDKG_DATASET_INVALID', message, { file });
}

function text(json: Record<string, unknown>, key: string, file: string): string {
  const value = json[key];
  if (typeof value !== 'string' || value.trim() === '') throw invalid(file, `'${key}' must be a non-empty string`);
  return value;
}

function catalogEntry(value: unknown, index: number, root: string, file: string): CatalogEntry {
  const where = `catalog[${index}]`;
  if (!isObject(value)) throw invalid(file, `${where} must be an object {type, path, source}`);
  const { type, path, source } = value;
  if (typeof type !== 'string' || !(CATALOG_TYPES as readonly string[]).includes(type)) {
    throw invalid(file, `${where}.type must be one of ${CATALOG_TYPES.join(', ')}, got ${JSON.stringify(type) ?? 'nothing'}`);
  }
  if (typeof path !== 'string' || path.trim() === '' || path.includes('\0')) throw invalid(file, `${where}.path must be a non-empty path`);
  if (typeof source !== 'string' || !isValidSourceId(source))
    throw invalid(file, `${where}.source must be a source id (letters, digits, '.', '_', '-'), got ${JSON.stringify(source) ?? 'nothing'}`);
  return { type: type as CatalogType, path, resolved: isAbsolute(path) ? path : resolve(root, path), source };
}

/** Checks every catalog path exists with the right kind (a file, or a folder for `graphs`). */
async function checkCatalogPaths(catalog: readonly CatalogEntry[], file: string): Promise<void> {
  for (const [index, entry] of catalog.entries()) {
    const info = await stat(entry.resolved).catch(() => undefined);
    if (info === undefined) throw invalid(file, `catalog[${index}].path '${entry.path}' does not exist (resolved to ${entry.resolved})`);
    const wantDir = entry.type === 'graphs';
    if (wantDir ? !info.isDirectory() : !info.isFile())
      throw invalid(file, `catalog[${index}].path '${entry.path}' must be a ${wantDir ? 'folder' : 'file'} for type ${entry.type}`);
  }
}

/**
 * The queries file belongs to the dataset: its path (and the real path behind links) stays inside
 * the dataset folder, so a dataset cannot make the bench read and quote any other file.
 */
async function assertInside(root: string, path: string, file: string): Promise<void> {
  const realRoot = await realpath(root);
  const real = await realpath(path).catch(() => path);
  const inside = (p: string, r: string): boolean => p.startsWith(r + sep);
  if (!inside(path, root) || !inside(real, realRoot)) {
    throw new MdkgError('MDKG_PATH_ESCAPE', `${file}: the queries file must be inside the dataset folder`, { file });
  }
}

async function readJson(path: string, file: string): Promise<Record<string, unknown>> {
  let content: string;
  try {
    content = await readCapped(path, DATASET_LIMITS.datasetJsonBytes, file);
  } catch (error) {
    if (isMdkgError(error)) throw invalid(file, error.message);
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(content.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw invalid(file, `not JSON: ${(error as Error).message}`);
  }
  if (!isObject(json)) throw invalid(file, 'dataset.json must hold a JSON object');
  return json;
}

/**
 * Reads and validates a dataset folder. Throws MDKG_DATASET_INVALID (details.file) when the
 * dataset cannot run: no folder, bad dataset.json, unknown split or catalog type, a missing catalog
 * path, an unreadable queries file. A bad queries.jsonl line only costs that line (a diagnostic).
 * Unknown keys (`description`, `notes`, `meta`, ...) are allowed and ignored.
 */
export async function readDataset(dir: string, cwd: string = process.cwd()): Promise<Dataset> {
  const root = resolve(cwd, dir);
  const info = await stat(root).catch(() => undefined);
  if (info === undefined || !info.isDirectory()) throw invalid(dir, `dataset folder '${dir}' does not exist or is not a folder`);
  const file = join(dir, 'dataset.json');
  const json = await readJson(join(root, 'dataset.json'), file);
  const name = text(json, 'name', file);
  const split = text(json, 'split', file);
  if (!(SPLITS as readonly string[]).includes(split)) throw invalid(file, `'split' must be one of ${SPLITS.join(', ')}, got '${split}'`);
  const license = text(json, 'license', file);
  const origin = text(json, 'origin', file);
  const queriesName = text(json, 'queries', file);
  if (!Array.isArray(json.catalog) || json.catalog.length === 0) throw invalid(file, `'catalog' must be a non-empty array of {type, path, source}`);
  if (json.catalog.length > DATASET_LIMITS.catalogEntries)
    throw invalid(file, `'catalog' has ${json.catalog.length} entries; at most ${DATASET_LIMITS.catalogEntries}`);
  const catalog = json.catalog.map((entry, i) => catalogEntry(entry, i, root, file));
  const seen = new Set<string>();
  for (const entry of catalog) {
    if (seen.has(entry.source)) throw invalid(file, `two catalog entries use source '${entry.source}'`);
    seen.add(entry.source);
  }
  await checkCatalogPaths(catalog, file);
  const queriesFile = join(dir, queriesName);
  await assertInside(root, resolve(root, queriesName), queriesFile);
  let content: string;
  try {
    content = await readCapped(resolve(root, queriesName), DATASET_LIMITS.queriesBytes, queriesFile);
  } catch (error) {
    throw invalid(queriesFile, isMdkgError(error) ? error.message : String(error));
  }
  const { queries, diagnostics } = parseQueries(content, queriesFile);
  return { dir, root, name, split: split as Split, license, origin, catalog, queriesFile, queries, diagnostics };
}
