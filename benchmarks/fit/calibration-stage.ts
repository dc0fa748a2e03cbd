// Stage 3: the confidence model (logistic regression, src/search/result/calibrate.ts) on every
// returned hit in the top 10 of every train/dev query, searched with the parameters of stage 1 and
// the re-ranker of stage 2 (the population ECE is measured on), and on requests no tool answers,
// built without writing any: each train/dev query is also searched in the catalog of another
// group of datasets that shares no tool, file or request with its own (cross-catalog negatives:
// every hit there is wrong). Deterministic: Newton's method from zero, fixed iterations, datasets
// in name order, the foreign catalog of each query chosen by a fixed rotation over the other groups.
import { expectedCalibrationError, relevance } from '../../src/bench/metrics.js';
import type { SearchParams } from '../../src/search/params/search-params.js';
import type { RerankModel } from '../../src/search/params/rerank-model.js';
import { confidence } from '../../src/search/result/calibrate.js';
import { fitLogistic } from '../../src/search/fit/logistic-fit.js';
import type { CalibrationModel, ConfidenceFeatures } from '../../src/search/params/calibration-model.js';
import { ToolIndex } from '../../src/search/tool-index.js';
import { catalogGroups, foreignCatalog } from './catalog-groups.js';
import { shortForm } from './short-form.js';
import type { FitDataset } from './datasets.js';
import type { StageOutput } from './files.js';
import type { Tree } from './tree.js';
import { vectorCalibration } from './vector-calibration.js';

interface Sample {
  features: ConfidenceFeatures;
  relevant: boolean;
  rank: number;
  split: string;
}

const ece = (samples: readonly Sample[], model?: CalibrationModel): number | null =>
  expectedCalibrationError(samples.map((s) => ({ confidence: confidence(s.features, model), relevant: s.relevant })));
const r4 = (v: number | null): number | null => (v === null ? null : Number(v.toFixed(4)));

export async function calibrationStage(
  sets: readonly FitDataset[],
  params: SearchParams,
  rerank: RerankModel,
  priors: Tree,
  l2: number,
  iterations: number,
  log: (line: string) => void,
): Promise<StageOutput & { model: CalibrationModel }> {
  const samples: Sample[] = [];
  const indexes = new Map(sets.map((d) => [d.name, ToolIndex.build(d.graph, { params, rerank })]));
  const groups = catalogGroups(sets);
  let negatives = 0;
  let shortNegatives = 0;
  for (const d of sets) {
    const own = indexes.get(d.name)!;
    for (const [i, q] of d.queries.entries()) {
      const foreignName = foreignCatalog(groups, d, i);
      const foreign = foreignName === undefined ? undefined : indexes.get(foreignName);
      const result = await own.search(q.query, { limit: 10, explain: true });
      const labels = relevance(result.hits, q.expected);
      result.hits.forEach((hit, rank) => {
        samples.push({ features: hit.features?.confidence as unknown as ConfidenceFeatures, relevant: labels[rank] === true, rank, split: d.split });
      });
      if (foreign === undefined) continue;
      const elsewhere = await foreign.search(q.query, { limit: 10, explain: true });
      elsewhere.hits.forEach((hit, rank) => {
        samples.push({ features: hit.features?.confidence as unknown as ConfidenceFeatures, relevant: false, rank, split: d.split });
      });
      negatives += 1;
      // The same request cut to its object noun ("time" of "what time is it"), in the next foreign
      // catalog: a short request whose one word a tool happens to use (short negatives).
      const short = shortForm(q.query);
      const other = short === undefined ? undefined : foreignCatalog(groups, d, i + 1);
      const there = other === undefined ? undefined : indexes.get(other);
      if (short === undefined || there === undefined) continue;
      const cut = await there.search(short, { limit: 10, explain: true });
      cut.hits.forEach((hit, rank) => {
        samples.push({ features: hit.features?.confidence as unknown as ConfidenceFeatures, relevant: false, rank, split: d.split });
      });
      shortNegatives += 1;
    }
  }
  log(`calibration: ${shortNegatives} short cross-catalog negative requests`);
  log(`calibration: ${negatives} cross-catalog negative requests`);
  const fitOn = samples.filter((s) => s.split !== 'test');
  // the first result and the ones after it, each with its own model (see CalibrationModel)
  const fitModel = (part: readonly Sample[]) =>
    fitLogistic(
      part.map((s) => s.features),
      part.map((s) => (s.relevant ? 1 : 0)),
      l2,
      iterations,
    );
  const model: CalibrationModel = { first: fitModel(fitOn.filter((s) => s.rank === 0)), others: fitModel(fitOn.filter((s) => s.rank > 0)) };
  log(`calibration: fitted on ${fitOn.length} hits: ${JSON.stringify(model)}`);
  const vector = await vectorCalibration(sets, params, rerank, model, l2, iterations, log);
  const measured: Record<string, { hits: number; ece: number | null; ece1: number | null }> = {};
  for (const split of ['train', 'dev', 'test']) {
    const part = samples.filter((s) => s.split === split);
    if (part.length === 0) continue;
    const top = part.filter((s) => s.rank === 0);
    measured[split] = { hits: part.length, ece: r4(ece(part, model)), ece1: r4(ece(top, model)) };
    log(
      `calibration: ${split.padEnd(5)} hits ${String(part.length).padStart(5)}  ECE (top 10) before ${ece(part)?.toFixed(4)} after ${ece(part, model)?.toFixed(4)}  ECE@1 before ${ece(top)?.toFixed(4)} after ${ece(top, model)?.toFixed(4)}`,
    );
  }
  return {
    description:
      "Logistic calibration of search confidence, one model for the first result and one for the others (intercepts and coefficients all fitted; no priors). Fitted by benchmarks/fit.ts on the top-10 hits of train/dev queries and of the same queries in a catalog of another dataset group (cross-catalog negatives: requests no tool answers), searched with search-params.json and rerank.json. model.vector: the same for a search that used vectors (strategy auto, use-lite embeddings), over the same features and the hit's cosine (absolute and relative to the request's best). Written by npm run fit; do not edit by hand.",
    options: {
      l2,
      iterations,
      population:
        'top-10 hits of train/dev queries, of the same queries in the catalog of another dataset group (cross-catalog negatives), and of each query cut to its object noun in the next such catalog (short negatives)',
      nonNegative: true,
    },
    measured: { eceAfterFit: measured },
    priors,
    fitted: { model: vector === undefined ? model : { ...model, vector } },
    model: vector === undefined ? model : { ...model, vector },
  };
}
