// Prerequisites in search results: each hit followed by the tools it requires (its closure from the
// plan engine, nearest first), marked `prerequisiteOf`, so an agent that never asks for a plan still
// sees them. A prerequisite already above is not repeated; one ranked lower moves up.
import type { Diagnostic } from '../errors.js';
import type { SearchHit, SearchResult } from '../search/types.js';
import { buildPlan } from './build-plan.js';
import { planCatalog } from './plan-catalog.js';
import { DEFAULT_MAX_DEPTH, storeOf } from './plan-request.js';
import { requestValues } from './request-values.js';
import type { PlanSource } from './types.js';

export interface PrerequisiteOptions {
  /** Levels of prerequisites below a hit (default 3). */
  maxDepth?: number;
  /** Values the caller knows, by parameter name: a parameter they fill needs no producer. */
  known?: Readonly<Record<string, unknown>>;
}

/** The result with each hit's required prerequisites right after it. */
export function withPrerequisites(source: PlanSource, result: SearchResult, options: PrerequisiteOptions = {}): SearchResult {
  const records = source.index.tools();
  const catalog = planCatalog(storeOf(source), records);
  const values = requestValues(result.searched);
  const relevance = new Map(result.hits.flatMap((h, rank) => (catalog.byKey.has(h.iri) ? [[catalog.byKey.get(h.iri)!, rank]] : [])));
  const placed = new Set<string>();
  const hits: SearchHit[] = [];
  const diagnostics: Diagnostic[] = [];
  const later = new Set(result.hits.map((h) => h.id));
  for (const hit of result.hits) {
    later.delete(hit.id);
    if (placed.has(hit.id)) continue;
    placed.add(hit.id);
    hits.push(hit);
    const index = catalog.byKey.get(hit.iri);
    if (index === undefined) continue;
    const plan = buildPlan({
      catalog,
      targets: [{ tool: index, confidence: hit.confidence }],
      request: result.searched,
      values,
      known: options.known ?? {},
      maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
      relevance,
      explain: false,
    });
    for (const d of plan.diagnostics) if (!diagnostics.some((x) => x.message === d.message)) diagnostics.push(d);
    for (const entry of plan.closure) {
      if (entry.role !== 'prerequisite' || placed.has(entry.tool)) continue;
      const at = catalog.byKey.get(entry.tool);
      const record = at === undefined ? undefined : records[at];
      if (record === undefined) continue;
      placed.add(entry.tool);
      const ranked = later.has(entry.tool) ? result.hits.find((h) => h.id === entry.tool) : undefined;
      hits.push(
        ranked === undefined
          ? {
              id: record.id,
              iri: record.iri,
              name: record.name,
              source: record.source,
              ...(record.title === undefined ? {} : { title: record.title }),
              ...(record.description === undefined ? {} : { description: record.description }),
              annotations: record.annotations,
              required: record.required,
              score: 0,
              confidence: entry.score,
              evidence: [],
              related: [],
              nextSteps: [],
              prerequisiteOf: hit.id,
            }
          : { ...ranked, prerequisiteOf: hit.id },
      );
    }
  }
  return { ...result, hits, diagnostics: [...result.diagnostics, ...diagnostics] };
}
