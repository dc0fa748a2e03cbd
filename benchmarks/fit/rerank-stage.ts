// Stage 2: the re-ranker's weights (pairwise logistic, src/search/fit/rerank-fit.ts) on the top
// `depth` fused candidates of every train/dev query under the parameters of stage 1. Deterministic:
// Newton's method from zero, a fixed iteration count, datasets in name order.
//
// Honest estimate: held out by catalog group (catalog-groups.ts), each group's datasets scored by a
// model fitted on the train/dev datasets of the other groups only.
import { relevance, scoreQuery } from '../../src/bench/metrics.js';
import type { SearchParams } from '../../src/search/params/search-params.js';
import { fitPairwise, orderBy, type RankingExample } from '../../src/search/fit/rerank-fit.js';
import { RERANK_FEATURES, checkRerankModel, type RerankModel } from '../../src/search/params/rerank-model.js';
import { ToolIndex } from '../../src/search/tool-index.js';
import { catalogGroups } from './catalog-groups.js';
import type { FitDataset } from './datasets.js';
import type { StageOutput } from './files.js';
import type { Tree } from './tree.js';

interface Query extends RankingExample {
  hits: { name: string; source: string }[];
  expected: string[];
  match: 'all' | 'any';
}

interface Candidates {
  name: string;
  split: string;
  queries: Query[];
}

export type Scores = { hit1: number; recall5: number; mrr: number };

function score(queries: readonly Query[], order: (q: Query) => number[]): Scores {
  const sum = { hit1: 0, recall5: 0, mrr: 0 };
  for (const q of queries) {
    const m = scoreQuery(
      order(q).map((i) => q.hits[i]!),
      q.expected,
      q.match,
    );
    sum.hit1 += m.hit1;
    sum.recall5 += m.recall5;
    sum.mrr += m.mrr;
  }
  const n = Math.max(1, queries.length);
  return { hit1: sum.hit1 / n, recall5: sum.recall5 / n, mrr: sum.mrr / n };
}

const fmt = (m: Scores): string => `${m.hit1.toFixed(3)} ${m.recall5.toFixed(3)} ${m.mrr.toFixed(3)}`;

async function candidates(sets: readonly FitDataset[], params: SearchParams, depth: number): Promise<Candidates[]> {
  const out: Candidates[] = [];
  for (const d of sets) {
    const index = ToolIndex.build(d.graph, { params });
    const queries: Query[] = [];
    for (const q of d.queries) {
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
    out.push({ name: d.name, split: d.split, queries });
  }
  return out;
}

export interface HeldOutRow {
  name: string;
  split: string;
  group: number;
  queries: number;
  fused: Scores;
  fitted: Scores;
  heldOut: Scores;
}

export async function rerankStage(
  sets: readonly FitDataset[],
  params: SearchParams,
  priors: Tree,
  l2: number,
  iterations: number,
  log: (line: string) => void,
): Promise<StageOutput & { model: RerankModel; rows: HeldOutRow[]; groups: string[][]; heldOut: Scores }> {
  const depth = checkRerankModel({ depth: priors.depth, weights: Object.fromEntries(RERANK_FEATURES.map((f) => [f, 0])) }).depth;
  const loaded = await candidates(sets, params, depth);
  const fitOn = loaded.filter((d) => d.split !== 'test');
  const all = fitPairwise(
    fitOn.flatMap((d) => d.queries),
    l2,
    iterations,
  );
  const weights = Object.fromEntries(RERANK_FEATURES.map((f, j) => [f, all[j] ?? 0])) as RerankModel['weights'];
  const groups = catalogGroups(sets);
  log(
    `rerank: ${fitOn.reduce((s, d) => s + d.queries.length, 0)} train/dev queries of ${fitOn.length} datasets; weights ${RERANK_FEATURES.map((f, j) => `${f} ${all[j]}`).join(', ')}`,
  );
  log(`rerank: catalog groups ${groups.map((g, i) => `${i + 1}: ${g.join(' ')}`).join(' | ')}`);
  const rows: HeldOutRow[] = [];
  groups.forEach((group, gi) => {
    const outside = fitOn.filter((d) => !group.includes(d.name));
    const held = fitPairwise(
      outside.flatMap((d) => d.queries),
      l2,
      iterations,
    );
    for (const d of loaded.filter((x) => group.includes(x.name))) {
      rows.push({
        name: d.name,
        split: d.split,
        group: gi + 1,
        queries: d.queries.length,
        fused: score(d.queries, (q) => q.hits.map((_, i) => i)),
        fitted: score(d.queries, (q) => orderBy(q.features, all)),
        heldOut: score(d.queries, (q) => orderBy(q.features, held)),
      });
    }
  });
  rows.sort((a, b) => (a.name < b.name ? -1 : 1));
  log(`rerank: ${'dataset'.padEnd(36)} split group  fused (H@1 R@5 MRR)  in-sample            held out by catalog`);
  for (const r of rows)
    log(`rerank: ${r.name.padEnd(36)} ${r.split.padEnd(5)} ${String(r.group).padStart(5)}  ${fmt(r.fused)}  ${fmt(r.fitted)}  ${fmt(r.heldOut)}`);
  const trainDev = rows.filter((r) => r.split !== 'test');
  const macro = (pick: (r: HeldOutRow) => Scores): Scores => {
    const n = Math.max(1, trainDev.length);
    return {
      hit1: trainDev.reduce((s, r) => s + pick(r).hit1, 0) / n,
      recall5: trainDev.reduce((s, r) => s + pick(r).recall5, 0) / n,
      mrr: trainDev.reduce((s, r) => s + pick(r).mrr, 0) / n,
    };
  };
  const summary = { fused: macro((r) => r.fused), fitted: macro((r) => r.fitted), heldOut: macro((r) => r.heldOut) };
  log(`rerank: ${'macro (train/dev)'.padEnd(36)}             ${fmt(summary.fused)}  ${fmt(summary.fitted)}  ${fmt(summary.heldOut)}`);
  const round3 = (m: Scores): Scores => ({ hit1: Number(m.hit1.toFixed(3)), recall5: Number(m.recall5.toFixed(3)), mrr: Number(m.mrr.toFixed(3)) });
  return {
    description:
      'Linear re-ranking model of mdkg search over the top fused candidates. priors.depth is hand-set; the weights are fitted by benchmarks/fit.ts (pairwise logistic, train/dev splits only, on the candidates of search-params.json). Written by npm run fit; do not edit fitted values by hand.',
    options: { l2, iterations, candidates: 'rerank off, clauses off' },
    measured: {
      macroTrainDev: { fused: round3(summary.fused), inSample: round3(summary.fitted), heldOutByCatalog: round3(summary.heldOut) },
      catalogGroups: groups,
    },
    priors,
    fitted: { weights },
    model: checkRerankModel({ depth, weights }),
    rows,
    groups,
    heldOut: round3(summary.heldOut),
  };
}
