// `runBench`: datasets -> catalogs -> searcher -> scored runs -> one JSON-ready report.
import { availableParallelism } from 'node:os';
import { basename, resolve } from 'node:path';
import { MdkgError, isMdkgError, type Diagnostic } from '../errors.js';
import { ALL_STRATEGIES, STRATEGIES, type Strategy } from '../search/types.js';
import { aggregate, macroMean } from './aggregate.js';
import { aggregateClosure } from './closure-metrics.js';
import { buildCatalog, type BuiltCatalog } from './catalog.js';
import { readDataset, SPLITS, type Dataset } from './dataset.js';
import { MemorySampler, runStrategy, scored } from './run-queries.js';
import type { BenchProgress, BenchReport, DatasetReport, MakeSearcher, StrategySummary } from './types.js';

export interface RunBenchOptions {
  makeSearcher: MakeSearcher;
  /** Default: all of STRATEGIES. */
  strategies?: readonly Strategy[];
  /** Hits asked for per query (1..100, default 10). @10 metrics need at least 10. */
  limit?: number;
  /** Run every query once, untimed, before the timed pass (default true). */
  warmup?: boolean;
  /** Folder relative dataset paths resolve against (default: the process's). */
  cwd?: string;
  onProgress?: (event: BenchProgress) => void;
}

export const MAX_LIMIT = 100;

function failed(dir: string, error: unknown, dataset?: Dataset): DatasetReport {
  const e = isMdkgError(error) ? error : undefined;
  const file = e?.details.file;
  const extra = e?.details.diagnostics;
  return {
    dir,
    name: dataset?.name ?? (basename(resolve(dir)) || dir),
    split: dataset?.split ?? null,
    license: dataset?.license ?? null,
    origin: dataset?.origin ?? null,
    status: 'failed',
    error: { code: e?.code ?? 'ERROR', message: error instanceof Error ? error.message : String(error), ...(typeof file === 'string' ? { file } : {}) },
    diagnostics: [...(dataset?.diagnostics ?? []), ...(Array.isArray(extra) ? (extra as Diagnostic[]) : [])],
    runs: [],
  };
}

/** Labels that name no tool of the catalog (a labelling bug, or a tool the catalog lost). */
function unknownLabels(dataset: Dataset, names: ReadonlySet<string>): Diagnostic[] {
  const file = dataset.queriesFile;
  return dataset.queries.flatMap((q) =>
    [...q.expected, ...(q.required ?? []).filter((x) => !q.expected.includes(x))]
      .filter((x) => !names.has(x))
      .map(
        (x): Diagnostic => ({
          code: 'MDKG_DATASET_INVALID',
          severity: 'warning',
          message: `query '${q.id}' ${q.expected.includes(x) ? 'expects' : 'requires'} '${x}', which names no tool of the catalog`,
          file,
          line: q.line,
        }),
      ),
  );
}

interface Settings {
  makeSearcher: MakeSearcher;
  strategies: Strategy[];
  limit: number;
  warmup: boolean;
  cwd: string;
  onProgress: ((event: BenchProgress) => void) | undefined;
}

async function runDataset(dir: string, index: number, total: number, options: Settings, memory: MemorySampler): Promise<DatasetReport> {
  const progress = (event: Omit<BenchProgress, 'dataset' | 'datasets'>): void => options.onProgress?.({ dataset: index + 1, datasets: total, ...event });
  progress({ phase: 'build', name: dir });
  const before = memory.sample();
  let dataset: Dataset;
  try {
    dataset = await readDataset(dir, options.cwd);
  } catch (error) {
    return failed(dir, error);
  }
  progress({ phase: 'build', name: dataset.name });
  let catalog: BuiltCatalog;
  try {
    catalog = await buildCatalog(dataset);
  } catch (error) {
    return failed(dir, error, dataset);
  }
  try {
    const t0 = performance.now();
    const searcher = await options.makeSearcher(catalog.graph);
    const buildMs = performance.now() - t0;
    const afterBuild = memory.sample();
    const runs = [];
    for (const strategy of options.strategies) {
      runs.push(
        await runStrategy(searcher, dataset.queries, {
          strategy,
          limit: options.limit,
          warmup: options.warmup,
          memory,
          onQuery: (phase, done, count) => progress({ phase, name: dataset.name, strategy, query: done, queries: count }),
        }),
      );
    }
    return {
      dir,
      name: dataset.name,
      split: dataset.split,
      license: dataset.license,
      origin: dataset.origin,
      status: 'ok',
      diagnostics: [...dataset.diagnostics, ...catalog.diagnostics, ...unknownLabels(dataset, catalog.toolNames)],
      catalog: {
        tools: catalog.tools,
        documents: catalog.graph.stats.loaded,
        triples: catalog.graph.stats.triples,
        entries: catalog.entries,
        generateMs: catalog.generateMs,
        loadMs: catalog.loadMs,
      },
      buildMs,
      memory: {
        rssBeforeBytes: before.rss,
        heapUsedBeforeBytes: before.heapUsed,
        heapUsedAfterBuildBytes: afterBuild.heapUsed,
        rssPeakBytes: memory.rssPeak,
        heapUsedPeakBytes: memory.heapUsedPeak,
      },
      runs,
    };
  } catch (error) {
    return failed(dir, error, dataset);
  } finally {
    await catalog.dispose();
  }
}

/** Per strategy: pooled over all queries, macro over datasets, pooled per split. */
export function summarize(datasets: readonly DatasetReport[], strategies: readonly Strategy[]): StrategySummary[] {
  return strategies.map((strategy) => {
    const runs = datasets.flatMap((d) => d.runs.filter((r) => r.strategy === strategy).map((run) => ({ d, run })));
    const splits = SPLITS.flatMap((split) => {
      const mine = runs.filter((x) => x.d.split === split);
      if (mine.length === 0) return [];
      const closure = aggregateClosure(mine.flatMap((x) => x.run.queries));
      return [{ split, datasets: mine.length, ...aggregate(mine.flatMap((x) => x.run.queries.map(scored))), ...(closure === undefined ? {} : { closure }) }];
    });
    const closure = aggregateClosure(runs.flatMap((x) => x.run.queries));
    return {
      strategy,
      overall: aggregate(runs.flatMap((x) => x.run.queries.map(scored))),
      macro: macroMean(runs.map((x) => x.run.metrics)),
      ...(closure === undefined ? {} : { closure }),
      splits,
    };
  });
}

/**
 * Scores the searcher `makeSearcher` builds on each dataset, with each strategy. Each dataset
 * stands alone: one that cannot be read, generated or indexed is reported `failed` with its error
 * and the others still run. Throws only for bad options (MDKG_STRATEGY_UNKNOWN, MDKG_USAGE).
 */
export async function runBench(datasetDirs: readonly string[], options: RunBenchOptions): Promise<BenchReport> {
  const strategies = [...(options.strategies ?? STRATEGIES)];
  const unknown = strategies.filter((s) => !ALL_STRATEGIES.includes(s));
  if (unknown.length > 0 || strategies.length === 0) {
    throw new MdkgError(
      'MDKG_STRATEGY_UNKNOWN',
      `unknown strategy ${unknown.map((s) => `'${s}'`).join(', ') || '(none given)'}; valid: ${ALL_STRATEGIES.join(', ')}`,
    );
  }
  const limit = options.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw new MdkgError('MDKG_USAGE', `limit must be an integer from 1 to ${MAX_LIMIT}, got ${limit}`);
  const settings: Settings = {
    makeSearcher: options.makeSearcher,
    strategies,
    limit,
    warmup: options.warmup ?? true,
    cwd: options.cwd ?? process.cwd(),
    onProgress: options.onProgress,
  };
  const memory = new MemorySampler();
  const datasets: DatasetReport[] = [];
  for (const [i, dir] of datasetDirs.entries()) {
    // A sampler per dataset, so its peak is its own; the run's peak is the largest of them.
    const own = new MemorySampler();
    datasets.push(await runDataset(dir, i, datasetDirs.length, settings, own));
    memory.rssPeak = Math.max(memory.rssPeak, own.rssPeak);
    memory.heapUsedPeak = Math.max(memory.heapUsedPeak, own.heapUsedPeak);
  }
  return {
    format: 'mdkg-bench-report',
    version: 1,
    createdAt: new Date().toISOString(),
    environment: { node: process.version, platform: process.platform, arch: process.arch, cpus: availableParallelism() },
    settings: { limit, strategies, warmup: settings.warmup },
    datasets,
    summary: summarize(datasets, strategies),
    memory: { rssPeakBytes: memory.rssPeak, heapUsedPeakBytes: memory.heapUsedPeak },
  };
}
