// Fits the learned re-ranking stage of mdkg search (src/search/rank/rerank.ts) on train/dev datasets
// only, and writes src/search/fit/data/rerank.json with --write. For every query it takes the top
// `depth` fused candidates before re-ranking (search with rerank: false), their features and
// relevance labels, and fits a pairwise logistic model (src/search/fit/rerank-fit.ts).
//
// It prints, per dataset and macro over datasets, Hit@1 / Recall@5 / MRR of:
//   fused       the candidates in fused order (no re-ranking),
//   fitted      re-ranked by the model fitted on every train/dev dataset (in-sample),
//   held-out    re-ranked by a model fitted on the OTHER datasets only (leave-one-dataset-out),
// so the gain can be judged on data the model never saw. Test splits are never fitted on; they
// are scored with the all-data model.
//
//   npx tsx benchmarks/fit-rerank.ts ../shared/datasets/gtc/*/ [--depth 20] [--l2 0.1] [--write]
import { readFileSync, writeFileSync } from 'node:fs';
import { buildCatalog } from '../src/bench/catalog.js';
import { readDataset } from '../src/bench/dataset.js';
import { relevance, scoreQuery } from '../src/bench/metrics.js';
import { RERANK_FEATURES, type RerankModel } from '../src/search/rank/rerank.js';
import { fitPairwise, orderBy, type RankingExample } from '../src/search/fit/rerank-fit.js';
import { ToolIndex } from '../src/search/tool-index.js';

const FILE = new URL('../src/search/fit/data/rerank.json', import.meta.url);

interface Query extends RankingExample {
  hits: { name: string; source: string }[];
  expected: string[];
  match: 'all' | 'any';
}

interface Loaded {
  name: string;
  split: string;
  queries: Query[];
}

function option(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
}

/** Macro-free mean over a dataset's queries of Hit@1, Recall@5, MRR for an ordering rule. */
function score(queries: readonly Query[], order: (q: Query) => number[]): { hit1: number; recall5: number; mrr: number } {
  const sum = { hit1: 0, recall5: 0, mrr: 0 };
  for (const q of queries) {
    const m = scoreQuery(order(q).map((i) => q.hits[i]!), q.expected, q.match);
    sum.hit1 += m.hit1;
    sum.recall5 += m.recall5;
    sum.mrr += m.mrr;
  }
  const n = Math.max(1, queries.length);
  return { hit1: sum.hit1 / n, recall5: sum.recall5 / n, mrr: sum.mrr / n };
}

const fmt = (m: { hit1: number; recall5: number; mrr: number }): string => `${m.hit1.toFixed(3)} ${m.recall5.toFixed(3)} ${m.mrr.toFixed(3)}`;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const depth = option(args, '--depth', 20);
  const l2 = option(args, '--l2', 0.1);
  const dirs = args.filter((a, i) => !a.startsWith('--') && !['--depth', '--l2'].includes(args[i - 1] ?? ''));
  const loaded: Loaded[] = [];
  for (const dir of dirs) {
    const dataset = await readDataset(dir);
    const catalog = await buildCatalog(dataset);
    const index = ToolIndex.build(catalog.graph);
    const queries: Query[] = [];
    for (const q of dataset.queries) {
      const result = await index.search(q.query, { limit: depth, explain: true, rerank: false, clauses: false });
      const hits = result.hits.map((h) => ({ name: h.name, source: h.source }));
      queries.push({
        hits,
        expected: q.expected,
        match: q.match,
        relevant: relevance(hits, q.expected),
        features: result.hits.map((h) => RERANK_FEATURES.map((f) => h.features?.rerank?.[f] ?? 0)),
      });
    }
    await catalog.dispose();
    loaded.push({ name: dataset.name, split: dataset.split, queries });
    process.stderr.write(`${dataset.name} (${dataset.split}): ${queries.length} queries\n`);
  }
  const fitOn = loaded.filter((d) => d.split !== 'test');
  const all = fitPairwise(fitOn.flatMap((d) => d.queries), l2);
  console.log(`features ${RERANK_FEATURES.join(' ')}\nweights  ${all.join(' ')}  (depth ${depth}, l2 ${l2}, ${fitOn.length} datasets)`);
  console.log(`${'dataset'.padEnd(36)} split  fused (H@1 R@5 MRR)  fitted               held-out`);
  const macro = { fused: [] as number[][], fitted: [] as number[][], held: [] as number[][] };
  for (const d of loaded) {
    const others = fitOn.filter((o) => o !== d);
    const held = d.split === 'test' ? all : fitPairwise(others.flatMap((o) => o.queries), l2);
    const fused = score(d.queries, (q) => q.hits.map((_, i) => i));
    const fitted = score(d.queries, (q) => orderBy(q.features, all));
    const out = score(d.queries, (q) => orderBy(q.features, held));
    console.log(`${d.name.padEnd(36)} ${d.split.padEnd(6)} ${fmt(fused)}  ${fmt(fitted)}  ${fmt(out)}`);
    if (d.split !== 'test') {
      macro.fused.push([fused.hit1, fused.recall5, fused.mrr]);
      macro.fitted.push([fitted.hit1, fitted.recall5, fitted.mrr]);
      macro.held.push([out.hit1, out.recall5, out.mrr]);
    }
  }
  const mean = (rows: number[][]): string => [0, 1, 2].map((j) => (rows.reduce((s, r) => s + r[j]!, 0) / Math.max(1, rows.length)).toFixed(3)).join(' ');
  console.log(`${'macro (train/dev)'.padEnd(36)}        ${mean(macro.fused)}  ${mean(macro.fitted)}  ${mean(macro.held)}`);
  if (args.includes('--write')) {
    const file = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>;
    const model: RerankModel = { depth, weights: Object.fromEntries(RERANK_FEATURES.map((f, j) => [f, all[j] ?? 0])) as RerankModel['weights'] };
    const fitted = `benchmarks/fit-rerank.ts on ${fitOn.reduce((s, d) => s + d.queries.length, 0)} train/dev queries of ${fitOn.length} datasets (l2 ${l2}); leave-one-dataset-out macro H@1/R@5/MRR ${mean(macro.held)} vs fused ${mean(macro.fused)}`;
    writeFileSync(FILE, `${JSON.stringify({ ...file, fitted, model }, null, 2)}\n`);
    console.log(`wrote ${FILE.pathname}`);
  }
}

await main();
