// Stage 3: the confidence model (logistic regression, src/search/result/calibrate.ts) on every
// returned hit in the top 10 of every train/dev query, searched with the parameters of stage 1 and
// the re-ranker of stage 2 (the population ECE is measured on). Deterministic: Newton's method
// from zero, fixed iterations, datasets in name order.
import { expectedCalibrationError, relevance } from '../../src/bench/metrics.js';
import type { SearchParams } from '../../src/search/params/search-params.js';
import type { RerankModel } from '../../src/search/params/rerank-model.js';
import { confidence } from '../../src/search/result/calibrate.js';
import { fitLogistic } from '../../src/search/fit/logistic-fit.js';
import type { CalibrationModel, ConfidenceFeatures } from '../../src/search/params/calibration-model.js';
import { ToolIndex } from '../../src/search/tool-index.js';
import type { FitDataset } from './datasets.js';
import type { StageOutput } from './files.js';
import type { Tree } from './tree.js';

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
  for (const d of sets) {
    const index = ToolIndex.build(d.graph, { params, rerank });
    for (const q of d.queries) {
      const result = await index.search(q.query, { limit: 10, explain: true });
      const labels = relevance(result.hits, q.expected);
      result.hits.forEach((hit, rank) => {
        samples.push({ features: hit.features?.confidence as unknown as ConfidenceFeatures, relevant: labels[rank] === true, rank, split: d.split });
      });
    }
  }
  const fitOn = samples.filter((s) => s.split !== 'test');
  const model = fitLogistic(
    fitOn.map((s) => s.features),
    fitOn.map((s) => (s.relevant ? 1 : 0)),
    l2,
    iterations,
  );
  log(`calibration: fitted on ${fitOn.length} hits: ${JSON.stringify(model)}`);
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
      'Logistic calibration of search confidence (intercept and coefficients all fitted; no priors). Fitted by benchmarks/fit.ts on the top-10 hits of train/dev queries, searched with search-params.json and rerank.json. Written by npm run fit; do not edit by hand.',
    options: { l2, iterations, population: 'top-10 hits of train/dev queries', nonNegative: true },
    measured: { eceAfterFit: measured },
    priors,
    fitted: { model },
    model,
  };
}
