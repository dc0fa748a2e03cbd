// The two lists of a plan besides its steps: the closure (each target, then the producers it
// requires, breadth-first, scored by the edge scores on the way: what retrieval metrics score)
// and the optional tools (precedes / nextStep edges of the steps that are not steps themselves).
import type { PlanCatalog } from './plan-catalog.js';
import type { ClosureEntry, PlanOptional } from './types.js';

/** What the lists read of a planned step: the producers chosen for it, with the edge scores. */
/** The catalog and the targets (tool index and confidence, clause order). */
interface Inputs {
  catalog: PlanCatalog;
  targets: readonly { tool: number; confidence: number }[];
}

export interface PlannedStep {
  producers: ReadonlyArray<{ tool: number; score: number }>;
}

/** Each target (in clause order), then its producers breadth-first, each scored by the product of the edge scores from its target. */
export function closure(inputs: Inputs, nodes: ReadonlyMap<number, PlannedStep>): ClosureEntry[] {
  const out: ClosureEntry[] = [];
  const placed = new Set<number>();
  const round = (v: number): number => Math.round(v * 1e4) / 1e4;
  for (const target of inputs.targets) {
    if (placed.has(target.tool)) continue;
    placed.add(target.tool);
    out.push({ tool: inputs.catalog.tools[target.tool]!.id, role: 'target', score: round(target.confidence) });
    let level: Array<{ tool: number; score: number }> = [{ tool: target.tool, score: target.confidence }];
    while (level.length > 0) {
      const next: typeof level = [];
      for (const { tool, score } of level) {
        for (const p of nodes.get(tool)?.producers ?? []) {
          if (placed.has(p.tool)) continue;
          placed.add(p.tool);
          out.push({ tool: inputs.catalog.tools[p.tool]!.id, role: 'prerequisite', score: round(score * p.score) });
          next.push({ tool: p.tool, score: score * p.score });
        }
      }
      level = next;
    }
  }
  return out;
}

/** Tools that usually run before or after a step (precedes / nextStep edges), not steps themselves. */
export function optional(inputs: Inputs, nodes: ReadonlyMap<number, PlannedStep>, stepOf: ReadonlyMap<number, string>): PlanOptional[] {
  const tools = inputs.catalog.tools;
  const best = new Map<number, PlanOptional>();
  const offer = (tool: number, relation: PlanOptional['relation'], step: number, score: number): void => {
    if (nodes.has(tool)) return;
    const seen = best.get(tool);
    if (seen === undefined || score > seen.score) best.set(tool, { tool: tools[tool]!.id, relation, step: stepOf.get(step)!, score });
  };
  tools.forEach((t, from) => {
    for (const e of t.edges) {
      if (nodes.has(from) && (e.relation === 'precedes' || e.relation === 'nextStep')) offer(e.to, 'after', from, e.score);
      if (nodes.has(e.to) && e.relation === 'precedes') offer(from, 'before', e.to, e.score);
    }
  });
  return [...best.values()].sort((a, b) => b.score - a.score || (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0)).slice(0, 10);
}
