// The labelled datasets a fit reads: located beside the checkout (never copied here), read once,
// their catalogs built once, and fingerprinted (sha256 of dataset.json + queries file).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCatalog } from '../../src/bench/catalog.js';
import { readDataset, type Split } from '../../src/bench/dataset.js';
import type { BenchQuery } from '../../src/bench/queries.js';
import type { KnowledgeGraph } from '../../src/graph/knowledge-graph.js';
import { readToolsForIndex } from '../../src/search/catalog/tool-records.js';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));

export interface FitDataset {
  name: string;
  split: Split;
  /** sha256 of dataset.json followed by the queries file. */
  sha256: string;
  queries: BenchQuery[];
  graph: KnowledgeGraph;
  /** Real paths of the catalog files named in dataset.json. */
  catalogFiles: string[];
  /** `source/name` of every tool of the built catalog. */
  toolKeys: Set<string>;
}

/**
 * The folder of the converted graph-tool-call sets: $MDKG_GTC_SETS, else `shared/datasets/gtc` in
 * the nearest ancestor of the checkout that has one (`../shared` beside a clone, `../../shared`
 * beside a worktree). Undefined when there is none.
 */
export function locateGtc(): string | undefined {
  const env = process.env.MDKG_GTC_SETS;
  if (env !== undefined && env !== '') return existsSync(env) ? resolve(env) : undefined;
  for (let dir = resolve(REPO, '..'); ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'datasets', 'gtc');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The dataset folders of a gtc folder, sorted by name. */
export function datasetDirs(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(root, e.name, 'dataset.json')))
    .map((e) => join(root, e.name))
    .sort();
}

const sha256 = (...files: string[]): string => {
  const h = createHash('sha256');
  for (const f of files) h.update(readFileSync(f));
  return h.digest('hex');
};

/** Reads every dataset and builds its catalog; sorted by dataset name, so the order never depends on the command line. */
export async function loadDatasets(dirs: readonly string[]): Promise<FitDataset[]> {
  const out: FitDataset[] = [];
  for (const dir of dirs) {
    const dataset = await readDataset(dir);
    const catalog = await buildCatalog(dataset);
    await catalog.dispose(); // the graph is in memory; the temp folder is not needed
    const { catalog: tools } = readToolsForIndex(catalog.graph.store, []);
    out.push({
      name: dataset.name,
      split: dataset.split,
      sha256: sha256(join(dataset.root, 'dataset.json'), resolve(dataset.queriesFile)),
      queries: dataset.queries,
      graph: catalog.graph,
      catalogFiles: dataset.catalog.map((c) => realpathSync(c.resolved)).sort(),
      toolKeys: new Set(tools.tools.map((t) => `${t.source}/${t.name}`)),
    });
    process.stderr.write(`read ${dataset.name} (${dataset.split}): ${dataset.queries.length} queries, ${tools.tools.length} tools\n`);
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Train/dev datasets: the only ones fitted on. */
export const fittable = (sets: readonly FitDataset[]): FitDataset[] => sets.filter((d) => d.split !== 'test');

/** Provenance entries of the datasets read. */
export const provenanceDatasets = (sets: readonly FitDataset[]): { name: string; split: string; sha256: string; fitted: boolean }[] =>
  sets.map((d) => ({ name: d.name, split: d.split, sha256: d.sha256, fitted: d.split !== 'test' }));
