// One strategy over one dataset's queries: an untimed warm-up pass, then the timed, scored pass.
import type { Diagnostic } from '../errors.js';
import type { SearchResult, Strategy } from '../search/types.js';
import { aggregate, type ScoredQuery } from './aggregate.js';
import { aggregateClosure, scoreClosure, type QueryClosure } from './closure-metrics.js';
import { relevance, scoreQuery } from './metrics.js';
import type { BenchQuery } from './queries.js';
import type { QueryRecord, Searcher, StrategyRun } from './types.js';

/** Peak of process.memoryUsage() over the samples taken. */
export class MemorySampler {
  rssPeak = 0;
  heapUsedPeak = 0;

  sample(): { rss: number; heapUsed: number } {
    const { rss, heapUsed } = process.memoryUsage();
    if (rss > this.rssPeak) this.rssPeak = rss;
    if (heapUsed > this.heapUsedPeak) this.heapUsedPeak = heapUsed;
    return { rss, heapUsed };
  }
}

export interface PassOptions {
  strategy: Strategy;
  limit: number;
  warmup: boolean;
  memory: MemorySampler;
  onQuery?: (phase: 'warm' | 'timed', done: number, total: number) => void;
}

function errorOf(error: unknown): { code: string; message: string } {
  const code = (error as { code?: unknown }).code;
  return { code: typeof code === 'string' ? code : 'ERROR', message: error instanceof Error ? error.message : String(error) };
}

/** Closure metrics of a query with a `required` label: search alone, and search + closure when the searcher has one. */
async function closureOf(searcher: Searcher, q: BenchQuery, result: SearchResult | undefined, limit: number): Promise<QueryClosure | undefined> {
  if (q.required === undefined || q.required.length === 0) return undefined;
  const alone = (result?.hits ?? []).slice(0, limit);
  const expanded = result === undefined || searcher.closure === undefined ? alone : (await searcher.closure(result)).hits;
  return {
    alone: scoreClosure(alone, q.required, q.expected),
    withClosure: scoreClosure(expanded, q.required, q.expected),
    closureHits: expanded.slice(0, 10).map((h) => `${h.source}/${h.name}`),
  };
}

function record(q: BenchQuery, result: SearchResult | undefined, latencyMs: number | null, limit: number): QueryRecord {
  const hits = (result?.hits ?? []).slice(0, limit);
  const rel = relevance(hits, q.expected);
  const problems: Diagnostic[] = (result?.diagnostics ?? []).filter((d) => d.severity !== 'info');
  return {
    id: q.id,
    query: q.query,
    expected: q.expected,
    match: q.match,
    ...(q.lang === undefined ? {} : { lang: q.lang }),
    ...(q.required === undefined ? {} : { required: q.required }),
    line: q.line,
    latencyMs,
    hits: hits.map((h, i) => ({ rank: i + 1, id: h.id, name: h.name, source: h.source, confidence: h.confidence, relevant: rel[i] === true })),
    metrics: scoreQuery(hits, q.expected, q.match),
    ...(problems.length === 0 ? {} : { diagnostics: problems }),
  };
}

/** What aggregation needs of a query record: its metrics, latency, top-10 (confidence, relevant) and whether it is answerable. */
export const scored = (r: QueryRecord): ScoredQuery => ({
  metrics: r.metrics,
  latencyMs: r.latencyMs,
  samples: r.hits.slice(0, 10).map((h) => ({ confidence: h.confidence, relevant: h.relevant })),
  answerable: r.expected.length > 0,
});

/** Runs every query with one strategy; a search that throws scores 0 and carries `error`. */
export async function runStrategy(searcher: Searcher, queries: readonly BenchQuery[], options: PassOptions): Promise<StrategyRun> {
  const { strategy, limit, memory } = options;
  if (options.warmup) {
    for (const [j, q] of queries.entries()) {
      await searcher.search(q.query, { limit, strategy }).catch(() => undefined);
      options.onQuery?.('warm', j + 1, queries.length);
    }
  }
  const records: QueryRecord[] = [];
  for (const [j, q] of queries.entries()) {
    let result: SearchResult | undefined;
    let failure: { code: string; message: string } | undefined;
    const t0 = performance.now();
    try {
      result = await searcher.search(q.query, { limit, strategy });
    } catch (error) {
      failure = errorOf(error);
    }
    const ms = performance.now() - t0;
    memory.sample();
    const rec = record(q, result, failure === undefined ? ms : null, limit);
    const closure = await closureOf(searcher, q, result, limit).catch(() => undefined);
    if (closure !== undefined) rec.closure = closure;
    records.push(failure === undefined ? rec : { ...rec, error: failure });
    options.onQuery?.('timed', j + 1, queries.length);
  }
  const metrics = aggregate(records.map(scored));
  const closure = aggregateClosure(records);
  return { strategy, metrics, ...(closure === undefined ? {} : { closure }), queries: records };
}
