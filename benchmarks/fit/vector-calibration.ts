// Stage 3b: the confidence models of a search that used vectors (strategies vector, hybrid, auto),
// fitted like stage 3 (calibration-stage.ts) on the same population — top-10 hits of train/dev
// queries and of the same queries in a foreign catalog (cross-catalog negatives) — searched with
// strategy auto and the offline use-lite embeddings, over the confidence features and the vector
// ones (the hit's cosine, and relative to the request's best). Skipped, with a line in the log,
// when the optional use-lite packages are not installed: the vector strategies then use the
// lexical models. Vectors are cached in node_modules/.cache/mdkg-fit-vectors/<set>.
import { join } from 'node:path';
import { expectedCalibrationError, relevance } from '../../src/bench/metrics.js';
import { attachVectors } from '../../src/search/attach-vectors.js';
import { fitLogistic } from '../../src/search/fit/logistic-fit.js';
import { type CalibrationModel, type LogisticModel, WITH_VECTOR_FEATURE_NAMES, type WithVectorFeatures } from '../../src/search/params/calibration-model.js';
import type { RerankModel } from '../../src/search/params/rerank-model.js';
import type { SearchParams } from '../../src/search/params/search-params.js';
import { logistic } from '../../src/search/result/calibrate.js';
import { ToolIndex } from '../../src/search/tool-index.js';
import type { EmbeddingProvider } from '../../src/search/vector/provider.js';
import { makeProvider } from '../../src/search/vector/providers.js';
import { catalogGroups, foreignCatalog } from './catalog-groups.js';
import type { FitDataset } from './datasets.js';
import { REPO } from './datasets.js';

type VectorModel = NonNullable<CalibrationModel['vector']>;
interface Sample {
  features: WithVectorFeatures;
  relevant: boolean;
  rank: number;
  split: string;
}

/**
 * `provider` with each single text (a request) embedded once: every request is searched in its own
 * catalog and in a foreign one, and the model gives the same vector each time.
 */
function memoRequests(provider: EmbeddingProvider): EmbeddingProvider {
  const memo = new Map<string, Promise<Float32Array[]>>();
  return {
    modelId: provider.modelId,
    dimensions: provider.dimensions,
    embed: (texts, signal) => {
      if (texts.length !== 1) return provider.embed(texts, signal);
      const text = texts[0]!;
      let vectors = memo.get(text);
      if (vectors === undefined) {
        vectors = provider.embed(texts, signal);
        memo.set(text, vectors);
        vectors.catch(() => memo.delete(text));
      }
      return vectors;
    },
  };
}

export async function vectorCalibration(
  sets: readonly FitDataset[],
  params: SearchParams,
  rerank: RerankModel,
  lexical: CalibrationModel,
  l2: number,
  iterations: number,
  log: (line: string) => void,
): Promise<VectorModel | undefined> {
  const { provider: made } = await makeProvider({ provider: 'use-lite' });
  if (made === undefined) {
    log('calibration (vectors): use-lite is not installed; no vector models');
    return undefined;
  }
  const provider = memoRequests(made);
  // One cache folder per set: a cache keeps only its index's texts, so sets sharing one would
  // overwrite each other's vectors and every run would embed every catalog again.
  const cacheRoot = join(REPO, 'node_modules', '.cache', 'mdkg-fit-vectors');
  const indexes = new Map<string, ToolIndex>();
  for (const d of sets) {
    const built = ToolIndex.build(d.graph, { params, rerank, calibration: lexical, vectorTexts: true });
    const cacheDir = join(cacheRoot, d.name.replace(/[^A-Za-z0-9._-]/g, '_'));
    const attached = await attachVectors(built, undefined, { provider, cacheDir });
    if (attached.index === built) {
      log(`calibration (vectors): no vectors for ${d.name} (${attached.diagnostics.map((x) => x.message).join('; ')}); no vector models`);
      return undefined;
    }
    indexes.set(d.name, attached.index);
  }
  const groups = catalogGroups(sets);
  const samples: Sample[] = [];
  const take = (hits: readonly { features?: { confidence: Record<string, number> } }[], labels: readonly boolean[], split: string): void => {
    hits.forEach((hit, rank) => {
      const f = hit.features?.confidence as unknown as WithVectorFeatures;
      samples.push({ features: f, relevant: labels[rank] === true, rank, split });
    });
  };
  for (const d of sets) {
    const own = indexes.get(d.name)!;
    for (const [i, q] of d.queries.entries()) {
      const foreignName = foreignCatalog(groups, d, i);
      const foreign = foreignName === undefined ? undefined : indexes.get(foreignName);
      const result = await own.search(q.query, { limit: 10, explain: true, strategy: 'auto' });
      take(result.hits, relevance(result.hits, q.expected), d.split);
      if (foreign === undefined) continue;
      const elsewhere = await foreign.search(q.query, { limit: 10, explain: true, strategy: 'auto' });
      take(
        elsewhere.hits,
        elsewhere.hits.map(() => false),
        d.split,
      );
    }
  }
  // Hits of a search whose vectors failed carry no cosine: they are not vector samples.
  const usable = samples.filter((s) => typeof s.features.cosine === 'number');
  const fitOn = usable.filter((s) => s.split !== 'test');
  const fitModel = (part: readonly Sample[]): LogisticModel<keyof WithVectorFeatures> =>
    fitLogistic(
      part.map((s) => s.features),
      part.map((s) => (s.relevant ? 1 : 0)),
      l2,
      iterations,
      WITH_VECTOR_FEATURE_NAMES,
    );
  const model: VectorModel = { first: fitModel(fitOn.filter((s) => s.rank === 0)), others: fitModel(fitOn.filter((s) => s.rank > 0)) };
  log(`calibration (vectors): fitted on ${fitOn.length} hits of strategy auto: ${JSON.stringify(model)}`);
  for (const split of ['train', 'dev', 'test']) {
    const top = usable.filter((s) => s.split === split && s.rank === 0);
    if (top.length === 0) continue;
    const ece = expectedCalibrationError(top.map((s) => ({ confidence: logistic(s.features, model.first, WITH_VECTOR_FEATURE_NAMES), relevant: s.relevant })));
    log(`calibration (vectors): ${split.padEnd(5)} first hits ${String(top.length).padStart(5)}  ECE@1 ${ece?.toFixed(4)}`);
  }
  return model;
}
