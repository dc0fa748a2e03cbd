/**
 * Fits the confidence of search_code (src/code-search/code-confidence.ts): a logistic model over
 * the features of every top-10 hit of the train and dev requests of the code-search sets
 * (benchmarks/datasets/code-*), each hit labelled right when it is one of the request's expected
 * files or symbols. Test splits are searched and measured, never fitted on. Writes
 * src/code-search/data/code-calibration.json (or --out <file>).
 *
 *   npm run fit:code
 *
 * With the use-lite packages installed it also fits the confidence of the vector strategies
 * (src/code-search/code-vector-confidence.ts, `fitted.vector`): the same requests ranked with
 * strategies vector, hybrid and auto over use-lite vectors of the symbols, the top-10 hits the
 * request does not name pooled. `--vector-cache <dir>` keeps the vectors across runs.
 *
 * `--compare <file>`: also measures the models of an earlier calibration file on the same hits
 * (its lexical model; its vector model when both have one), to see what a refit changed.
 *
 * The mdkg sets read this repository's graphs/code, which changes with src/: a refit after a large
 * change of src/ may move the coefficients a little (the dataset hashes cover the requests, not
 * the catalog).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CODE_FEATURES, type CodeConfidenceFeatures, type CodeConfidenceModel, codeConfidence } from '../src/code-search/code-confidence.js';
import { searchCode } from '../src/code-search/search-code.js';
import { searchCodeWithStrategy } from '../src/code-search/code-strategies.js';
import { CODE_VECTOR_FEATURES, type CodeVectorFeatures, type CodeVectorModel, codeVectorConfidence } from '../src/code-search/code-vector-confidence.js';
import { embedCode } from '../src/code-search/code-vectors.js';
import { UseLiteProvider } from '../src/search/vector/use-lite.js';
import { expectedCalibrationError } from '../src/bench/metrics.js';
import { writeFileAtomic } from '../src/graph/atomic-write.js';
import { fitLogistic } from '../src/search/fit/logistic-fit.js';
import { matches, openCodeCatalog, ROOT, readCodeDatasets } from './code-sets.js';
import { gitCommit } from './fit/files.js';

const L2 = 0.01;
/** Confidence of a hit the request names, by tier: hand-set (no labelled request names a symbol yet). */
const PRIORS = { named: { exact: 0.95, prefix: 0.75, reference: 0.6 } };
const ITERATIONS = 50;
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? resolve(args[outAt + 1]!) : join(ROOT, 'src', 'code-search', 'data', 'code-calibration.json');
const cacheAt = args.indexOf('--vector-cache');
const cacheRoot = cacheAt >= 0 ? resolve(args[cacheAt + 1]!) : mkdtempSync(join(tmpdir(), 'mdkg-fit-code-vectors-'));
const provider = new UseLiteProvider();
const vectorsOff = await provider.ready().then(
  () => undefined,
  (error: unknown) => (error as Error).message,
);
if (vectorsOff !== undefined) process.stderr.write(`vector strategies not fitted: ${vectorsOff}\n`);

interface VectorSample {
  features: CodeVectorFeatures;
  relevant: boolean;
  rank: number;
  split: string;
}
const vectorSamples: VectorSample[] = [];

interface Sample {
  features: CodeConfidenceFeatures;
  relevant: boolean;
  rank: number;
  split: string;
}

const samples: Sample[] = [];
const datasets: { name: string; split: string; sha256: string; fitted: boolean }[] = [];
for (const d of readCodeDatasets(['train', 'dev', 'test'])) {
  const cat = await openCodeCatalog(d);
  for (const q of d.queries) {
    searchCode(cat.index, q.query, { limit: 10, explain: true }).hits.forEach((hit, rank) => {
      samples.push({ features: hit.features!, relevant: q.expected.some((e) => matches(hit, e, cat.index)), rank, split: d.split });
    });
  }
  if (vectorsOff === undefined) {
    const vectors = (await embedCode(cat.index, provider, { cacheDir: join(cacheRoot, d.catalog.path.replace(/[^A-Za-z0-9]+/g, '-')) })).vectors;
    for (const strategy of ['vector', 'hybrid', 'auto'] as const)
      for (const q of d.queries) {
        const { hits } = await searchCodeWithStrategy(cat.index, q.query, {
          limit: 10,
          explain: true,
          strategy,
          ...(vectors === undefined ? {} : { vectors }),
        });
        hits.forEach((hit, rank) => {
          if ((hit.features?.tier ?? 0) >= 2 || hit.vectorFeatures === undefined) return;
          vectorSamples.push({ features: hit.vectorFeatures, relevant: q.expected.some((e) => matches(hit, e, cat.index)), rank, split: d.split });
        });
      }
  }
  await cat.cleanup();
  const h = createHash('sha256');
  for (const f of ['dataset.json', 'queries.jsonl']) h.update(readFileSync(join(d.dir, f)));
  datasets.push({ name: d.name, split: d.split, sha256: h.digest('hex'), fitted: d.split !== 'test' });
  process.stderr.write(`read ${d.name} (${d.split}): ${d.queries.length} requests\n`);
}

// Named hits take their tier's prior (code-confidence.ts): the model learns from hits found by words.
const fitOn = samples.filter((s) => s.split !== 'test' && s.features.tier === 0);
const fitted = fitLogistic(
  fitOn.map((s) => s.features),
  fitOn.map((s) => (s.relevant ? 1 : 0)),
  L2,
  ITERATIONS,
  CODE_FEATURES,
);
const model: CodeConfidenceModel = { ...fitted, named: PRIORS.named };
type Measured = Record<string, { hits: number; ece: number | null; ece1: number | null }>;
const r4 = (v: number | null): number | null => (v === null ? null : Number(v.toFixed(4)));
/** ECE over the top 10 and over first results, per split, of `confidence` on `all`. */
function measure<S extends { relevant: boolean; rank: number; split: string }>(all: readonly S[], confidence: (s: S) => number): Measured {
  const ece = (part: readonly S[]): number | null => r4(expectedCalibrationError(part.map((s) => ({ confidence: confidence(s), relevant: s.relevant }))));
  const out: Measured = {};
  for (const split of ['train', 'dev', 'test']) {
    const part = all.filter((s) => s.split === split);
    out[split] = { hits: part.length, ece: ece(part), ece1: ece(part.filter((s) => s.rank === 0)) };
  }
  return out;
}
const print = (m: Measured): void => {
  for (const [split, x] of Object.entries(m)) console.log(`  ${split.padEnd(5)} ${String(x.hits).padStart(4)} hits  ECE ${x.ece}  ECE@1 ${x.ece1}`);
};
const measured = measure(samples, (s) => codeConfidence(s.features, model));
const compareAt = args.indexOf('--compare');
const earlier =
  compareAt >= 0
    ? (JSON.parse(readFileSync(resolve(args[compareAt + 1]!), 'utf8')) as { fitted: { model: CodeConfidenceModel; vector?: CodeVectorModel } }).fitted
    : undefined;
let vector: CodeVectorModel | undefined;
let vectorMeasured: Measured = {};
if (vectorSamples.length > 0) {
  const on = vectorSamples.filter((s) => s.split !== 'test');
  vector = fitLogistic(
    on.map((s) => s.features),
    on.map((s) => (s.relevant ? 1 : 0)),
    L2,
    ITERATIONS,
    CODE_VECTOR_FEATURES,
  );
  const fittedVector = vector;
  vectorMeasured = measure(vectorSamples, (s) => codeVectorConfidence(s.features, fittedVector));
}
if (cacheAt < 0) rmSync(cacheRoot, { recursive: true, force: true });
const file = {
  description:
    'Logistic calibration of search_code confidence (src/code-search/code-confidence.ts), fitted by benchmarks/fit-code-confidence.ts on the top-10 hits of the train and dev requests of benchmarks/datasets/code-*; test splits measured, never fitted on. Written by npm run fit:code; do not edit by hand.',
  provenance: {
    commit: gitCommit(),
    script: 'benchmarks/fit-code-confidence.ts',
    options: { l2: L2, iterations: ITERATIONS, population: 'top-10 hits found by words (not named) of train/dev requests', nonNegative: true },
    datasets,
    measured,
    ...(vector === undefined
      ? {}
      : { vector: { population: 'top-10 hits not named by the request, strategies vector, hybrid and auto, use-lite vectors', measured: vectorMeasured } }),
  },
  priors: PRIORS,
  fitted: {
    model: { intercept: model.intercept, coefficients: model.coefficients },
    ...(vector === undefined ? {} : { vector: { intercept: vector.intercept, coefficients: vector.coefficients } }),
  },
};
await writeFileAtomic(out, `${JSON.stringify(file, null, 2)}\n`);
console.log(`code confidence: fitted on ${fitOn.length} hits: ${JSON.stringify(file.fitted.model)}`);
print(measured);
if (vector !== undefined) {
  console.log(`vector strategies: ${JSON.stringify(file.fitted.vector)}`);
  print(vectorMeasured);
}
if (earlier !== undefined) {
  const old: CodeConfidenceModel = { ...earlier.model, named: PRIORS.named };
  console.log('the earlier file, on the same hits:');
  print(measure(samples, (s) => codeConfidence(s.features, old)));
  const oldVector = earlier.vector;
  if (oldVector !== undefined && vectorSamples.length > 0) {
    console.log('  vector strategies:');
    print(measure(vectorSamples, (s) => codeVectorConfidence(s.features, oldVector)));
  }
}
console.log(`wrote ${out}`);
