// planRequest: a request's targets (the best tool of each clause, or the tool named by `target`),
// then their prerequisites, bindings, missing values and optional tools (build-plan.ts).
// Deterministic; bad input gives coded diagnostics, never an exception.
import type { Diagnostic } from '../errors.js';
import type { QuadStore } from '../rdf/quad-store.js';
import { splitClauses } from '../search/request/clauses.js';
import { buildPlan } from './build-plan.js';
import { planCatalog } from './plan-catalog.js';
import { requestValues } from './request-values.js';
import type { Plan, PlanOptions, PlanSource, PlanTarget } from './types.js';

export const DEFAULT_MAX_DEPTH = 3;
export const MAX_MAX_DEPTH = 10;
/** Results searched for the whole request, to rank candidate producers by how well they fit it. */
const RELEVANCE_DEPTH = 50;

export function storeOf(source: PlanSource): QuadStore {
  return 'store' in source.graph ? source.graph.store : source.graph;
}

/** The plan for a request (docs/plans.md). */
export async function planRequest(source: PlanSource, request: string, options: PlanOptions = {}): Promise<Plan> {
  const text = typeof request === 'string' ? request : '';
  const diagnostics: Diagnostic[] = [];
  const empty = (): Plan => ({ request: text, targets: [], steps: [], bindings: [], missing: [], optional: [], closure: [], diagnostics });
  const requested = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const maxDepth = Number.isInteger(requested) && requested >= 0 ? Math.min(requested, MAX_MAX_DEPTH) : DEFAULT_MAX_DEPTH;
  if (maxDepth !== requested) {
    diagnostics.push({
      code: 'MDKG_USAGE',
      severity: 'warning',
      message: `max depth must be an integer from 0 to ${MAX_MAX_DEPTH}, got ${String(requested)}; using ${maxDepth}`,
    });
  }
  const known: unknown = options.known === undefined ? {} : options.known;
  const knownOk = typeof known === 'object' && known !== null && !Array.isArray(known);
  if (!knownOk) diagnostics.push({ code: 'MDKG_USAGE', severity: 'warning', message: 'known values must be an object of values by parameter name; ignored' });
  const catalog = planCatalog(storeOf(source), source.index.tools());
  const lowConfidence = source.index.params.lowConfidence;
  const targets: Array<PlanTarget & { index: number }> = [];
  let relevance = new Map<number, number>();
  if (text.trim() !== '') {
    const whole = await source.index.search(text, { limit: RELEVANCE_DEPTH, clauses: false });
    relevance = new Map(whole.hits.flatMap((h, rank) => (catalog.byKey.has(h.iri) ? [[catalog.byKey.get(h.iri)!, rank]] : [])));
    diagnostics.push(...whole.diagnostics.filter((d) => d.code !== 'MDKG_LOW_CONFIDENCE'));
  }
  if (options.target !== undefined) {
    const index = catalog.byKey.get(options.target) ?? catalog.byKey.get(`tool:${options.target}`);
    if (index === undefined) {
      diagnostics.push({
        code: 'MDKG_PLAN_UNKNOWN_TARGET',
        severity: 'error',
        message: `no tool '${options.target}' in the graph: give an id from mdkg search (tool:<source>/<name>)`,
      });
      return empty();
    }
    targets.push({ clause: text, tool: catalog.tools[index]!.id, confidence: 1, index });
  } else {
    if (text.trim() === '') {
      diagnostics.push({ code: 'MDKG_PLAN_UNKNOWN_TARGET', severity: 'error', message: 'the request is empty: describe the task, or give a target tool' });
      return empty();
    }
    const clauses = splitClauses(text);
    for (const [i, clause] of clauses.entries()) {
      let result = await source.index.search(clauses.length === 1 ? text : clause, { limit: 1, clauses: false });
      // A clause no tool fits well alone is searched with the clause before it ("inspect its details"
      // after "find an available pet"), as search does.
      if (i > 0 && (result.hits[0]?.confidence ?? 0) < lowConfidence) {
        const joined = await source.index.search(`${clause} ${clauses[i - 1]!}`, { limit: 1, clauses: false });
        if ((joined.hits[0]?.confidence ?? 0) > (result.hits[0]?.confidence ?? 0)) result = joined;
      }
      const top = result.hits[0];
      const index = top === undefined ? undefined : catalog.byKey.get(top.iri);
      if (top === undefined || index === undefined) {
        diagnostics.push({ code: 'MDKG_PLAN_UNKNOWN_TARGET', severity: 'warning', message: `no tool matches the clause '${clause}'` });
        continue;
      }
      if (top.confidence < lowConfidence) {
        diagnostics.push({
          code: 'MDKG_PLAN_LOW_CONFIDENCE',
          severity: 'warning',
          message: `the target of '${clause}' (${top.id}) has low confidence (${top.confidence.toFixed(2)}): check it, or give --target`,
        });
      }
      if (!targets.some((t) => t.index === index)) targets.push({ clause, tool: top.id, confidence: top.confidence, index });
    }
    if (targets.length === 0) return empty();
  }
  const parts = buildPlan({
    catalog,
    targets: targets.map((t) => ({ tool: t.index, confidence: t.confidence })),
    request: text,
    values: requestValues(text),
    known: knownOk ? (known as Readonly<Record<string, unknown>>) : {},
    maxDepth,
    relevance,
    explain: options.explain === true,
  });
  const { explanation, ...rest } = parts;
  return {
    request: text,
    targets: targets.map(({ index: _, ...t }) => t),
    ...rest,
    diagnostics: [...diagnostics, ...parts.diagnostics],
    ...(options.explain === true ? { explanation } : {}),
  };
}
