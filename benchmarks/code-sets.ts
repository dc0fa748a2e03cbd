// The code-search datasets (benchmarks/datasets/code-*) and their catalogs, shared by the benchmark
// (code-search.ts) and the confidence fit (fit-code-confidence.ts). Dataset format of `mdkg bench`,
// extended for code: `expected` holds `<path>` or `<path>#<qualified name>`, any one found counts.
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CODE_BM25, CodeIndex } from '../src/code-search/code-index.js';
import { generateCode } from '../src/generate/generate-code.js';
import { loadGraph } from '../src/graph/knowledge-graph.js';
import type { Bm25Params } from '../src/search/text/bm25.js';
import type { RangeHit } from './code-search-baselines.js';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The Java set reads one module of the JDK's src.zip (openjdk-17-source), unzipped here (code-sources.ts). */
export const JDK_SOURCES = '/var/cache/mdkg-code-sources/openjdk-17';
const DATASETS = join(ROOT, 'benchmarks', 'datasets');

export interface Query {
  id: string;
  query: string;
  expected: string[];
  /** behaviour | architecture | symbol (the five-language sets). */
  kind?: string;
}
export interface Dataset {
  name: string;
  split: string;
  dir: string;
  catalog: { type: 'code' | 'code-source'; path: string; source: string };
  /** Where a third-party source comes from (the five-language sets; benchmarks/code-sources.ts). */
  source?: { package: string; version: string; manager: string; install: string; upstream: string };
  language?: string;
  queries: Query[];
}

/** The code datasets of these splits, sorted by folder name. */
export function readCodeDatasets(splits: readonly string[]): Dataset[] {
  return readdirSync(DATASETS)
    .filter((d) => d.startsWith('code-'))
    .sort()
    .map((d) => {
      const dir = join(DATASETS, d);
      const meta = JSON.parse(readFileSync(join(dir, 'dataset.json'), 'utf8')) as Omit<Dataset, 'dir' | 'queries' | 'catalog'> & {
        catalog: Dataset['catalog'][];
        queries: string;
      };
      const lines = readFileSync(join(dir, meta.queries), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '');
      return {
        name: meta.name,
        split: meta.split,
        dir,
        catalog: meta.catalog[0]!,
        ...(meta.source === undefined ? {} : { source: meta.source }),
        ...(meta.language === undefined ? {} : { language: meta.language }),
        queries: lines.map((l) => JSON.parse(l) as Query),
      };
    })
    .filter((d) => splits.includes(d.split));
}

export function matches(hit: RangeHit, expected: string, index: CodeIndex): boolean {
  const [file, symbol] = expected.split('#') as [string, string | undefined];
  if (hit.file !== file) return false;
  if (symbol === undefined) return true;
  if (hit.qualifiedName !== undefined) return hit.qualifiedName === symbol;
  // A chunk matches when it overlaps the symbol's lines.
  return index.symbols.some(
    (s) => s.qualifiedName === symbol && index.files[s.file]!.path === file && s.startLine <= hit.endLine && s.endLine >= hit.startLine,
  );
}

export interface Scores {
  hit1: number;
  hit5: number;
  mrr: number;
  ndcg10: number;
}

/** The scores of one ranked list: the first expected entry at rank r gives Hit@1/5, 1/r and 1/log2(r + 1) (0 when absent). */
export function scoreRanked(ranked: readonly RangeHit[], q: Query, index: CodeIndex): Scores & { rank: number } {
  const at = ranked.findIndex((h) => q.expected.some((e) => matches(h, e, index)));
  const rank = at < 0 ? 0 : at + 1;
  return {
    rank,
    hit1: rank === 1 ? 1 : 0,
    hit5: rank >= 1 && rank <= 5 ? 1 : 0,
    mrr: rank === 0 ? 0 : 1 / rank,
    ndcg10: rank >= 1 && rank <= 10 ? 1 / Math.log2(rank + 1) : 0,
  };
}

export const meanOf = (rows: readonly Scores[], k: keyof Scores): number => rows.reduce((s, r) => s + r[k], 0) / Math.max(1, rows.length);

export interface Catalog {
  index: CodeIndex;
  sourceRoot: string;
  loadMs: number;
  indexMs: number;
  heapMb: number;
  generateMs?: number;
  cleanup: () => Promise<void>;
}

export async function openCodeCatalog(d: Dataset, bm25Params: Bm25Params = CODE_BM25): Promise<Catalog> {
  const path = resolve(d.dir, d.catalog.path);
  let graphs = path;
  let sourceRoot = ROOT;
  let generateMs: number | undefined;
  let cleanup = async (): Promise<void> => undefined;
  if (d.catalog.type === 'code-source') {
    const work = await mkdtemp(join(tmpdir(), 'mdkg-bench-code-search-'));
    cleanup = () => rm(work, { recursive: true, force: true });
    const began = performance.now();
    await generateCode({ root: path, start: '', outDir: join(work, 'code') });
    generateMs = performance.now() - began;
    graphs = join(work, 'code');
    sourceRoot = path;
  }
  let t = performance.now();
  const kg = await loadGraph(graphs, { cache: false });
  const loadMs = performance.now() - t;
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  t = performance.now();
  const index = CodeIndex.build(kg.store, bm25Params);
  const indexMs = performance.now() - t;
  globalThis.gc?.();
  const heapMb = (process.memoryUsage().heapUsed - before) / 2 ** 20;
  return { index, sourceRoot, loadMs, indexMs, heapMb, ...(generateMs === undefined ? {} : { generateMs }), cleanup };
}

/**
 * A writable graph folder with the code documents of a dataset's catalog in `<into>/code` (copied,
 * or generated from the source folder), for benchmarks that add documents (learned pairs).
 */
export async function codeGraphsIn(d: Dataset, into: string): Promise<{ graphs: string; sourceRoot: string }> {
  const path = resolve(d.dir, d.catalog.path);
  if (d.catalog.type === 'code-source') {
    await generateCode({ root: path, start: '', outDir: join(into, 'code') });
    return { graphs: into, sourceRoot: path };
  }
  cpSync(path, join(into, 'code'), { recursive: true });
  return { graphs: into, sourceRoot: ROOT };
}
