// Closure metrics: how well a ranked list holds a request's target AND its prerequisites (the
// `required` label), for search alone and for search + closure (each hit followed by the tools it
// requires). Definitions: docs/benchmarks.md, "Closure metrics".
import { matchesExpected, relevance, type RankedHit } from './metrics.js';

export interface ClosureMetrics {
  /** Average precision over the first 10, divided by min(|required|, 10). */
  map10: number;
  /** Share of the required tools in the first 10. */
  recall10: number;
  /** 1 when every required tool is in the first 10. */
  allRequired10: number;
  /** 1 when a target is in the first 10. */
  targetHit10: number;
}

export const CLOSURE_KEYS = ['map10', 'recall10', 'allRequired10', 'targetHit10'] as const satisfies ReadonlyArray<keyof ClosureMetrics>;

type Named = Pick<RankedHit, 'name' | 'source'>;

/**
 * The targets and the closure label of a query: the targets are the expected tools that are not
 * listed as required (all expected tools when every one is), the label is the targets plus the
 * required tools. Both conventions give the same label: `required` with the target in it
 * (`expected: [t], required: [t, p]`) or without it (`expected: [t, p], required: [p]`).
 */
export function closureLabel(required: readonly string[], expected: readonly string[]): { targets: string[]; label: string[] } {
  const rest = expected.filter((x) => !required.includes(x));
  const targets = rest.length > 0 ? rest : [...expected];
  return { targets, label: [...new Set([...targets, ...required])] };
}

/** Scores the first 10 of `hits` against the closure label of `required` and `expected` (closureLabel). */
export function scoreClosure(hits: readonly Named[], required: readonly string[], expected: readonly string[]): ClosureMetrics {
  const top = hits.slice(0, 10);
  const { targets, label } = closureLabel(required, expected);
  const rel = relevance(top, label);
  const total = label.length;
  let found = 0;
  let precisionSum = 0;
  rel.forEach((r, i) => {
    if (!r) return;
    found += 1;
    precisionSum += found / (i + 1);
  });
  return {
    map10: total === 0 ? 0 : precisionSum / Math.min(total, 10),
    recall10: total === 0 ? 0 : found / total,
    allRequired10: total > 0 && found === total ? 1 : 0,
    targetHit10: top.some((h) => targets.some((x) => matchesExpected(h, x))) ? 1 : 0,
  };
}

/** A query's closure scores: search alone, and search + closure with the list it scored. */
export interface QueryClosure {
  alone: ClosureMetrics;
  withClosure: ClosureMetrics;
  /** `source/name` of the first 10 of search + closure. */
  closureHits: string[];
}

/** Means over the queries with a `required` label. */
export interface ClosureAggregate {
  queries: number;
  alone: ClosureMetrics;
  withClosure: ClosureMetrics;
}

const meanOf = (list: readonly ClosureMetrics[]): ClosureMetrics => {
  const out: ClosureMetrics = { map10: 0, recall10: 0, allRequired10: 0, targetHit10: 0 };
  for (const m of list) for (const k of CLOSURE_KEYS) out[k] += m[k];
  for (const k of CLOSURE_KEYS) out[k] /= list.length;
  return out;
};

/** Pooled means; undefined when no query has a `required` label (the report then has no closure block). */
export function aggregateClosure(records: ReadonlyArray<{ closure?: QueryClosure }>): ClosureAggregate | undefined {
  const scored = records.flatMap((r) => (r.closure === undefined ? [] : [r.closure]));
  if (scored.length === 0) return undefined;
  return { queries: scored.length, alone: meanOf(scored.map((c) => c.alone)), withClosure: meanOf(scored.map((c) => c.withClosure)) };
}
