// Shapes of the benchmark runner and its JSON report (schemas/bench-report.schema.json).
import type { Diagnostic, MdkgCode } from '../errors.js';
import type { KnowledgeGraph } from '../graph/knowledge-graph.js';
import type { SearchResult, Strategy } from '../search/types.js';
import type { Aggregate } from './aggregate.js';
import type { ClosureAggregate, QueryClosure } from './closure-metrics.js';
import type { CatalogEntryReport } from './catalog.js';
import type { Split } from './dataset.js';
import type { QueryMetrics } from './metrics.js';
import type { BenchQuery } from './queries.js';

/** What the runner searches with (the real one is ToolIndex; tests inject doubles). */
export interface Searcher {
  search(query: string, options: { limit: number; strategy: Strategy }): Promise<SearchResult>;
  /**
   * Search + closure: the result with each hit followed by the tools it requires (the plan engine's
   * closure). Scored for queries with a `required` label; without it, search + closure is not reported.
   */
  closure?(result: SearchResult): SearchResult | Promise<SearchResult>;
}
/** Builds a searcher over a loaded graph; the time it takes is the index build time. */
export type MakeSearcher = (graph: KnowledgeGraph) => Searcher | Promise<Searcher>;

export interface BenchProgress {
  /** `build`: reading and indexing the dataset; `warm` / `timed`: the two passes over its queries. */
  phase: 'build' | 'warm' | 'timed';
  /** 1-based dataset number of `datasets`. */
  dataset: number;
  datasets: number;
  name: string;
  strategy?: Strategy;
  /** Queries done in this pass, of `queries`. */
  query?: number;
  queries?: number;
}

export interface ReportHit {
  rank: number;
  id: string;
  name: string;
  source: string;
  confidence: number;
  /** As scored (see `relevance` in metrics.ts). */
  relevant: boolean;
}

/** A query as read (see BenchQuery) with how the search did on it. */
export interface QueryRecord extends BenchQuery {
  /** Warm latency of the timed search; null when it failed. */
  latencyMs: number | null;
  /** The ranked hits (at most `limit`), best first. */
  hits: ReportHit[];
  metrics: QueryMetrics;
  /** With a `required` label: closure metrics of search alone and of search + closure. */
  closure?: QueryClosure;
  /** The search threw: the query scores 0 everywhere. */
  error?: { code: string; message: string };
  /** Warnings and errors the search reported. */
  diagnostics?: Diagnostic[];
}

export interface StrategyRun {
  strategy: Strategy;
  metrics: Aggregate;
  /** Over the queries with a `required` label. */
  closure?: ClosureAggregate;
  queries: QueryRecord[];
}

/** process.memoryUsage() samples, in bytes (see docs/benchmarks.md: what memory is measured). */
export interface MemoryReport {
  rssBeforeBytes: number;
  heapUsedBeforeBytes: number;
  /** After the catalog was loaded and the searcher built. */
  heapUsedAfterBuildBytes: number;
  rssPeakBytes: number;
  heapUsedPeakBytes: number;
}

export interface DatasetReport {
  /** The folder as given. */
  dir: string;
  /** From dataset.json; the folder name when it could not be read. */
  name: string;
  split: Split | null;
  license: string | null;
  origin: string | null;
  status: 'ok' | 'failed';
  error?: { code: MdkgCode | string; message: string; file?: string };
  /** Skipped query lines, generation and load problems, labels naming no tool of the catalog. */
  diagnostics: Diagnostic[];
  catalog?: { tools: number; documents: number; triples: number; entries: CatalogEntryReport[]; generateMs: number; loadMs: number };
  /** Time of makeSearcher (index build), ms. */
  buildMs?: number;
  memory?: MemoryReport;
  runs: StrategyRun[];
}

export interface SplitSummary extends Aggregate {
  split: Split;
  datasets: number;
  closure?: ClosureAggregate;
}

export interface StrategySummary {
  strategy: Strategy;
  /** Pooled over every query of every dataset that ran. */
  overall: Aggregate;
  /** Closure metrics pooled over every query with a `required` label. */
  closure?: ClosureAggregate;
  /** Unweighted mean over datasets. */
  macro: Aggregate;
  /** Pooled per split, in train, dev, test order; splits with no dataset are left out. */
  splits: SplitSummary[];
}

export interface BenchReport {
  format: 'mdkg-bench-report';
  version: 1;
  createdAt: string;
  environment: { node: string; platform: string; arch: string; cpus: number };
  settings: { limit: number; strategies: Strategy[]; warmup: boolean };
  datasets: DatasetReport[];
  summary: StrategySummary[];
  memory: { rssPeakBytes: number; heapUsedPeakBytes: number };
}
