// Fits the confidence model of mdkg search (logistic regression on result features) on the
// train/dev datasets only, and writes src/search/fit/data/calibration.json. The population is the
// one ECE is measured on: every returned hit in the top 10 of every query, labelled relevant or
// not. Prints ECE before and after, per split; test splits are only reported, never fitted on.
//
//   npx tsx benchmarks/fit-calibration.ts ../shared/datasets/gtc/*/ [--write]
import { readFileSync, writeFileSync } from 'node:fs';
import { buildCatalog } from '../src/bench/catalog.js';
import { readDataset } from '../src/bench/dataset.js';
import { expectedCalibrationError, relevance } from '../src/bench/metrics.js';
import { confidence, fitLogistic, FEATURE_NAMES, type CalibrationModel, type ConfidenceFeatures } from '../src/search/result/calibrate.js';
import { ToolIndex } from '../src/search/tool-index.js';

const FILE = new URL('../src/search/fit/data/calibration.json', import.meta.url);

interface Sample {
  features: ConfidenceFeatures;
  relevant: boolean;
  split: string;
}

function ece(samples: readonly Sample[], model?: CalibrationModel): number {
  return expectedCalibrationError(samples.map((s) => ({ confidence: confidence(s.features, model), relevant: s.relevant }))) ?? Number.NaN;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const write = args.includes('--write');
  const samples: Sample[] = [];
  for (const dir of args.filter((a) => !a.startsWith('--'))) {
    const dataset = await readDataset(dir);
    const catalog = await buildCatalog(dataset);
    const index = ToolIndex.build(catalog.graph);
    for (const q of dataset.queries) {
      const result = await index.search(q.query, { limit: 10, explain: true });
      const labels = relevance(result.hits, q.expected);
      result.hits.forEach((hit, i) => {
        samples.push({ features: hit.features?.confidence as unknown as ConfidenceFeatures, relevant: labels[i] === true, split: dataset.split });
      });
    }
    await catalog.dispose();
    console.log(`${dataset.name} (${dataset.split}): ${dataset.queries.length} queries`);
  }
  const fitOn = samples.filter((s) => s.split !== 'test');
  const model = fitLogistic(
    fitOn.map((s) => s.features),
    fitOn.map((s) => (s.relevant ? 1 : 0)),
  );
  console.log(`fitted on ${fitOn.length} hits: ${JSON.stringify(model)}`);
  for (const split of ['train', 'dev', 'test']) {
    const part = samples.filter((s) => s.split === split);
    if (part.length === 0) continue;
    console.log(`${split.padEnd(5)} hits ${String(part.length).padStart(5)}  ECE before ${ece(part).toFixed(4)}  after ${ece(part, model).toFixed(4)}`);
  }
  if (write) {
    const file = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>;
    writeFileSync(FILE, `${JSON.stringify({ ...file, fitted: `benchmarks/fit-calibration.ts on ${fitOn.length} top-10 hits of train/dev queries`, features: FEATURE_NAMES, model }, null, 2)}\n`);
    console.log(`wrote ${FILE.pathname}`);
  }
}

await main();
