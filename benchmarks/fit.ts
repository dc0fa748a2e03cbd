// Reproducible fitting of mdkg search: tuning of the ranking parameters, then the re-ranker, then
// the calibration, in that order, each stage on the previous stage's fresh output, on train/dev
// splits only (never test). Writes src/search/params/data/{search-params,rerank,calibration}.json
// (or --out <dir>) with provenance; the hand-set priors are read from --from <dir> (default the
// shipped files) and copied unchanged. Deterministic: running it twice gives the same bytes.
//
//   npm run fit                                  # the sets found at ../shared/datasets/gtc (or $MDKG_GTC_SETS)
//   npx tsx benchmarks/fit.ts <dataset dir>... [--out dir] [--from dir] [--stages tune,rerank,calibration] [--rounds 2] [--polish-rounds 1]
//   npx tsx benchmarks/fit.ts --record-floors    # record each set's Hit@1 and R@5 under the --from fit (fit/floors.ts)
//   npx tsx benchmarks/fit.ts --unconstrained    # tune without the floors, from the fixed start
import { performance } from 'node:perf_hooks';
import { searchParamsFromFile } from '../src/search/params/search-params.js';
import { rerankModelFromFile } from '../src/search/params/rerank-model.js';
import { calibrationStage } from './fit/calibration-stage.js';
import { datasetDirs, loadDatasets, locateGtc } from './fit/datasets.js';
import { contentHash, DATA_DIR, fitFile, FILES, gitCommit, readFitFile, writeFitFile } from './fit/files.js';
import { rerankStage } from './fit/rerank-stage.js';
import { readFloors, writeFloors } from './fit/floors.js';
import { measureFloors, tuneStage } from './fit/tune-stage.js';

const STAGES = ['tune', 'rerank', 'calibration'] as const;
type Stage = (typeof STAGES)[number];
const VALUED = ['--out', '--from', '--stages', '--rounds', '--polish-rounds'];

/** Fixed fitting options (recorded in each file's provenance). */
const RERANK = { l2: 0.1, iterations: 30 };
const CALIBRATION = { l2: 0.01, iterations: 50 };

function usage(message: string): never {
  process.stderr.write(`fit: ${message}\n`);
  process.exit(2);
}

function value(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const v = args[at + 1];
  if (v === undefined || v.startsWith('--')) usage(`${name} needs a value`);
  return v;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const FLAGS = ['--record-floors', '--unconstrained'];
  const unknown = args.filter((a) => a.startsWith('--') && !VALUED.includes(a) && !FLAGS.includes(a));
  if (unknown.length > 0) usage(`unknown option ${unknown.join(', ')}`);
  const out = value(args, '--out') ?? DATA_DIR;
  const from = value(args, '--from') ?? DATA_DIR;
  const rounds = Number(value(args, '--rounds') ?? 2);
  if (!Number.isInteger(rounds) || rounds < 0) usage('--rounds must be a non-negative integer');
  const polishRounds = Number(value(args, '--polish-rounds') ?? 1);
  if (!Number.isInteger(polishRounds) || polishRounds < 0) usage('--polish-rounds must be a non-negative integer');
  const stages = (value(args, '--stages') ?? STAGES.join(',')).split(',') as Stage[];
  if (stages.some((s) => !STAGES.includes(s))) usage(`--stages takes a comma-separated list of ${STAGES.join(', ')}`);
  let dirs = args.filter((a, i) => !a.startsWith('--') && !VALUED.includes(args[i - 1] ?? ''));
  if (dirs.length === 0) {
    const gtc = locateGtc();
    if (gtc === undefined) {
      usage(
        'no datasets: the labelled sets were not found (looked for shared/datasets/gtc beside the checkout and in its parent folders, and $MDKG_GTC_SETS). Pass dataset folders, or set MDKG_GTC_SETS to the gtc folder.',
      );
    }
    dirs = datasetDirs(gtc);
    if (dirs.length === 0) usage(`no datasets in ${gtc}`);
  }
  const log = (line: string): void => void process.stdout.write(`${line}\n`);
  const timings: string[] = [];
  const timed = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const result = await run();
    timings.push(`${name} ${((performance.now() - t) / 1000).toFixed(1)} s`);
    return result;
  };

  const sets = await timed('load', () => loadDatasets(dirs));
  const commit = gitCommit();
  const test = sets.filter((d) => d.split === 'test').map((d) => d.name);
  log(
    `fit: ${sets.length} datasets (${sets.length - test.length} train/dev fitted on; test never: ${test.join(', ') || 'none'}), commit ${commit}, stages ${stages.join(',')}`,
  );

  let searchFile = readFitFile(from, 'search');
  let rerankFile = readFitFile(from, 'rerank');
  let params = searchParamsFromFile(searchFile, `${from}/${FILES.search}`);
  const polishOptions = { rounds: polishRounds, rerankPriors: rerankFile.priors, ...RERANK };
  if (args.includes('--record-floors')) {
    const floors = await measureFloors(sets, searchFile.priors, searchFile.fitted, polishOptions);
    log(`wrote ${writeFloors(searchFile.fitted, floors)}`);
    return;
  }
  const floors = args.includes('--unconstrained') ? undefined : readFloors();
  log(floors === undefined ? 'fit: unconstrained (no floors)' : 'fit: constrained by benchmarks/fit/floors.json');
  if (stages.includes('tune')) {
    const tuned = await timed('tune', () => tuneStage(sets, searchFile.priors, rounds, polishOptions, log, floors));
    searchFile = fitFile(tuned, sets, commit);
    params = tuned.params;
    log(`wrote ${writeFitFile(out, 'search', searchFile)}`);
  }
  let rerank = rerankModelFromFile(rerankFile, `${from}/${FILES.rerank}`);
  if (stages.includes('rerank')) {
    const fitted = await timed('rerank', () => rerankStage(sets, params, rerankFile.priors, RERANK.l2, RERANK.iterations, log));
    rerankFile = fitFile({ ...fitted, inputs: { [FILES.search]: contentHash(searchFile) } }, sets, commit);
    rerank = fitted.model;
    log(`wrote ${writeFitFile(out, 'rerank', rerankFile)}`);
  }
  if (stages.includes('calibration')) {
    const calibrationFile = readFitFile(from, 'calibration');
    const fitted = await timed('calibration', () =>
      calibrationStage(sets, params, rerank, calibrationFile.priors, CALIBRATION.l2, CALIBRATION.iterations, log),
    );
    const file = fitFile({ ...fitted, inputs: { [FILES.search]: contentHash(searchFile), [FILES.rerank]: contentHash(rerankFile) } }, sets, commit);
    log(`wrote ${writeFitFile(out, 'calibration', file)}`);
  }
  log(`fit: timings ${timings.join(', ')}`);
}

await main();
