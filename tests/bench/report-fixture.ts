// A small hand-made benchmark report for the table and SVG tests (no timing noise).
import { aggregate } from '../../src/bench/aggregate.js';
import type { QueryMetrics } from '../../src/bench/metrics.js';
import { scored } from '../../src/bench/run-queries.js';
import { summarize } from '../../src/bench/runner.js';
import type { BenchReport, DatasetReport, QueryRecord } from '../../src/bench/types.js';
import type { Strategy } from '../../src/search/types.js';

const ones: QueryMetrics = { hit1: 1, hit3: 1, hit5: 1, recall5: 1, recall10: 1, mrr: 1, ndcg10: 1, map10: 1 };
const rank2: QueryMetrics = { hit1: 0, hit3: 1, hit5: 1, recall5: 1, recall10: 1, mrr: 0.5, ndcg10: 1 / Math.log2(3), map10: 0.5 };

function query(id: string, metrics: QueryMetrics, latencyMs: number, confidence: number): QueryRecord {
  const relevantFirst = metrics.hit1 === 1;
  return {
    id,
    query: `query ${id}`,
    expected: ['t'],
    match: 'all',
    line: 1,
    latencyMs,
    hits: [
      { rank: 1, id: `tool:s/${relevantFirst ? 't' : 'x'}`, name: relevantFirst ? 't' : 'x', source: 's', confidence, relevant: relevantFirst },
      {
        rank: 2,
        id: `tool:s/${relevantFirst ? 'x' : 't'}`,
        name: relevantFirst ? 'x' : 't',
        source: 's',
        confidence: confidence / 2,
        relevant: !relevantFirst,
      },
    ],
    metrics,
  };
}

function dataset(name: string, split: 'dev' | 'test', queries: QueryRecord[], strategies: readonly Strategy[]): DatasetReport {
  return {
    dir: `sets/${name}`,
    name,
    split,
    license: 'MIT',
    origin: 'fixture',
    status: 'ok',
    diagnostics: [],
    buildMs: 12.34,
    runs: strategies.map((strategy) => ({ strategy, metrics: aggregate(queries.map(scored)), queries })),
  };
}

/** A request no tool answers whose first result still claims `confidence`. */
function noAnswer(id: string, confidence: number): QueryRecord {
  const zeros: QueryMetrics = { hit1: 0, hit3: 0, hit5: 0, recall5: 0, recall10: 0, mrr: 0, ndcg10: 0, map10: 0 };
  return { ...query(id, zeros, 1, confidence), expected: [], hits: [{ rank: 1, id: 'tool:s/x', name: 'x', source: 's', confidence, relevant: false }] };
}

/**
 * Two datasets (`alpha & <beta>` has characters to escape), one failed folder, given strategies;
 * with `withNoAnswer`, gamma also has a request no tool answers.
 */
export function fixtureReport(strategies: readonly Strategy[] = ['bm25'], withNoAnswer = false): BenchReport {
  const datasets: DatasetReport[] = [
    dataset('alpha & <beta>', 'dev', [query('a1', ones, 1.5, 0.8), query('a2', rank2, 2.5, 0.4)], strategies),
    dataset('gamma', 'test', [query('g1', ones, 0.25, 0.9), ...(withNoAnswer ? [noAnswer('g2', 0.7)] : [])], strategies),
    {
      dir: 'sets/missing',
      name: 'missing',
      split: null,
      license: null,
      origin: null,
      status: 'failed',
      error: { code: 'MDKG_DATASET_INVALID', message: "dataset folder 'sets/missing' does not exist or is not a folder" },
      diagnostics: [],
      runs: [],
    },
  ];
  return {
    format: 'mdkg-bench-report',
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    environment: { node: 'v20.0.0', platform: 'linux', arch: 'x64', cpus: 2 },
    settings: { limit: 10, strategies: [...strategies], warmup: true },
    datasets,
    summary: summarize(datasets, strategies),
    memory: { rssPeakBytes: 1, heapUsedPeakBytes: 1 },
  };
}
