// Fits the ranking parameters of mdkg search on train/dev datasets only (never test), by
// coordinate search over a small grid per parameter; objective: macro mean over datasets of
// (Hit@1 + Recall@5 + MRR) / 3. Prints every step; with --write, stores the best parameters in
// src/search/fit/data/search-params.json (the file the search reads).
//
//   npx tsx benchmarks/tune-search.ts ../shared/datasets/gtc/* [--rounds 2] [--write]
import { readFileSync, writeFileSync } from 'node:fs';
import { buildCatalog } from '../src/bench/catalog.js';
import { readDataset, type Dataset } from '../src/bench/dataset.js';
import { scoreQuery } from '../src/bench/metrics.js';
import { DEFAULT_SEARCH_PARAMS, type SearchParams } from '../src/search/fit/params.js';
import { ToolIndex } from '../src/search/tool-index.js';
import type { KnowledgeGraph } from '../src/graph/knowledge-graph.js';

const PARAMS_FILE = new URL('../src/search/fit/data/search-params.json', import.meta.url);

interface Loaded {
  dataset: Dataset;
  graph: KnowledgeGraph;
}

type Knob = { name: string; values: number[]; get: (p: SearchParams) => number; set: (p: SearchParams, v: number) => SearchParams };

const field = (key: string, values: number[]): Knob => ({
  name: `field ${key}`,
  values,
  get: (p) => p.bm25.fields[key]?.weight ?? 0,
  set: (p, v) => ({ ...p, bm25: { ...p.bm25, fields: { ...p.bm25.fields, [key]: { weight: v, b: p.bm25.fields[key]?.b ?? 0.75 } } } }),
});
const fieldB = (key: string, values: number[]): Knob => ({
  name: `b ${key}`,
  values,
  get: (p) => p.bm25.fields[key]?.b ?? 0.75,
  set: (p, v) => ({ ...p, bm25: { ...p.bm25, fields: { ...p.bm25.fields, [key]: { weight: p.bm25.fields[key]?.weight ?? 1, b: v } } } }),
});
const weight = (source: 'graph' | 'annotations', values: number[]): Knob => ({
  name: `fusion ${source}`,
  values,
  get: (p) => p.fusion.weights[source] ?? 0,
  set: (p, v) => ({ ...p, fusion: { ...p.fusion, weights: { ...p.fusion.weights, [source]: v } } }),
});

const KNOBS: Knob[] = [
  { name: 'k1', values: [0.9, 1.2, 1.6, 2.0, 2.5, 3.0], get: (p) => p.bm25.k1, set: (p, v) => ({ ...p, bm25: { ...p.bm25, k1: v } }) },
  { name: 'coord', values: [0, 0.5, 1, 2, 3], get: (p) => p.bm25.coord ?? 0, set: (p, v) => ({ ...p, bm25: { ...p.bm25, coord: v } }) },
  field('mdkg:name', [1, 2, 3, 4, 6]),
  field('action', [0, 0.5, 1, 2, 3]),
  fieldB('mdkg:name', [0.25, 0.5, 0.75, 1.0]),
  field('schema:name', [0, 1, 2, 3]),
  field('schema:description', [0.5, 1, 1.5, 2]),
  fieldB('schema:description', [0.5, 0.75, 1.0]),
  field('mdkg:httpPath', [0, 0.5, 1, 2]),
  field('parameter/mdkg:name', [0, 0.3, 0.6, 1]),
  field('parameter/schema:description', [0, 0.15, 0.3, 0.6]),
  field('group/schema:name', [0, 0.3, 0.6, 1]),
  weight('graph', [0, 0.25, 0.5, 0.75]),
  weight('annotations', [0, 0.1, 0.2, 0.3]),
  { name: 'intentPrior', values: [0, 0.005, 0.01, 0.02, 0.05], get: (p) => p.intentPrior, set: (p, v) => ({ ...p, intentPrior: v }) },
  { name: 'correctionWeight', values: [0.25, 0.5, 0.75, 1], get: (p) => p.correctionWeight, set: (p, v) => ({ ...p, correctionWeight: v }) },
  { name: 'verbExpansion', values: [0, 0.15, 0.3, 0.5], get: (p) => p.verbExpansion, set: (p, v) => ({ ...p, verbExpansion: v }) },
  { name: 'expansion seeds', values: [3, 5, 10], get: (p) => p.expansion.seeds, set: (p, v) => ({ ...p, expansion: { ...p.expansion, seeds: v } }) },
  { name: 'expansion decay', values: [0.3, 0.5, 0.7], get: (p) => p.expansion.decay, set: (p, v) => ({ ...p, expansion: { ...p.expansion, decay: v } }) },
];

async function objective(loaded: readonly Loaded[], params: SearchParams): Promise<number> {
  let total = 0;
  for (const { dataset, graph } of loaded) {
    const index = ToolIndex.build(graph, { params });
    let sum = 0;
    for (const q of dataset.queries) {
      const result = await index.search(q.query, { limit: 10 });
      const m = scoreQuery(result.hits.map((h) => ({ name: h.name, source: h.source })), q.expected, q.match);
      sum += (m.hit1 + m.recall5 + m.mrr) / 3;
    }
    total += dataset.queries.length === 0 ? 0 : sum / dataset.queries.length;
  }
  return total / loaded.length;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const write = args.includes('--write');
  const roundsAt = args.indexOf('--rounds');
  const rounds = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 2;
  const dirs = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--rounds');
  const loaded: Loaded[] = [];
  for (const dir of dirs) {
    const dataset = await readDataset(dir);
    if (dataset.split === 'test') {
      console.log(`skip ${dataset.name}: test split (never tuned on)`);
      continue;
    }
    const catalog = await buildCatalog(dataset);
    await catalog.dispose(); // the graph is in memory; the temp folder is not needed
    loaded.push({ dataset, graph: catalog.graph });
  }
  console.log(`tuning on ${loaded.length} train/dev datasets: ${loaded.map((l) => l.dataset.name).join(', ')}`);
  let best = DEFAULT_SEARCH_PARAMS;
  let bestScore = await objective(loaded, best);
  console.log(`start ${bestScore.toFixed(4)}`);
  for (let round = 1; round <= rounds; round++) {
    for (const knob of KNOBS) {
      const current = knob.get(best);
      for (const value of knob.values) {
        if (value === current) continue;
        const candidate = knob.set(best, value);
        const score = await objective(loaded, candidate);
        if (score > bestScore + 1e-9) {
          console.log(`round ${round} ${knob.name}: ${current} -> ${value}  ${bestScore.toFixed(4)} -> ${score.toFixed(4)}`);
          best = candidate;
          bestScore = score;
        }
      }
    }
  }
  console.log(`best ${bestScore.toFixed(4)}`);
  if (write) {
    const file = JSON.parse(readFileSync(PARAMS_FILE, 'utf8')) as Record<string, unknown>;
    const out = { ...file, bm25: best.bm25, expansion: best.expansion, fusion: best.fusion, verbExpansion: best.verbExpansion, intentPrior: best.intentPrior, correctionWeight: best.correctionWeight, fitted: { by: 'benchmarks/tune-search.ts', datasets: loaded.map((l) => l.dataset.name), objective: Number(bestScore.toFixed(4)) } };
    writeFileSync(PARAMS_FILE, `${JSON.stringify(out, null, 2)}\n`);
    console.log(`wrote ${PARAMS_FILE.pathname}`);
  }
}

await main();
