// Graph expansion: a confidence-weighted walk from the best lexical matches over the dependency
// edges and shared groups, so that a prerequisite or a next step of a matching tool ranks too.
import { RELATIONS, type EdgeConfidence, type Relation, type ToolCatalog } from '../catalog/tool-records.js';
import type { ToolTable } from './tool-table.js';
import type { ExpansionParams } from '../params/search-params.js';

export type { ExpansionParams } from '../params/search-params.js';

const CONFIDENCES: readonly EdgeConfidence[] = ['extracted', 'inferred', 'ambiguous'];

export interface Step {
  to: number;
  relation: Relation | 'memberOf';
  reverse: boolean;
  confidence: EdgeConfidence;
  weight: number;
}

/** Adjacency lists built once per index. */
export function buildAdjacency(catalog: ToolCatalog, params: ExpansionParams): Step[][] {
  const adjacency: Step[][] = catalog.tools.map(() => []);
  // Steps are never mutated, so equal ones (same target, relation, direction, confidence and
  // score) are one object: far fewer objects on a large catalog, where scores take few values.
  const n = adjacency.length;
  const kinds = new Map<number, number>();
  const shared = new Map<number, Step>();
  const stepOf = (kind: number, to: number, relation: Relation, reverse: boolean, confidence: EdgeConfidence, weight: number): Step => {
    const key = (kind * n + to) * 2 + (reverse ? 1 : 0);
    let s = shared.get(key);
    if (s === undefined) shared.set(key, (s = { to, relation, reverse, confidence, weight }));
    return s;
  };
  for (const edge of catalog.edges) {
    const weight = params.confidence[edge.confidence] * params.relation[edge.relation] * (0.5 + 0.5 * edge.score);
    let score = kinds.get(edge.score);
    if (score === undefined) kinds.set(edge.score, (score = kinds.size));
    const kind = (score * RELATIONS.length + RELATIONS.indexOf(edge.relation)) * CONFIDENCES.length + CONFIDENCES.indexOf(edge.confidence);
    adjacency[edge.from]!.push(stepOf(kind, edge.to, edge.relation, false, edge.confidence, weight));
    adjacency[edge.to]!.push(stepOf(kind, edge.from, edge.relation, true, edge.confidence, weight * params.reverse));
  }
  const groupWeight = params.confidence.inferred * params.relation.memberOf;
  for (const { members } of catalog.groups.values()) {
    if (members.length < 2 || members.length > params.maxGroupSize) continue;
    // One step to each member, shared by the lists of the others (steps are never mutated).
    const steps = members.map((b): Step => ({ to: b, relation: 'memberOf', reverse: false, confidence: 'inferred', weight: groupWeight }));
    for (const a of members) for (const step of steps) if (step.to !== a) adjacency[a]!.push(step);
  }
  for (const steps of adjacency) steps.sort((x, y) => y.weight - x.weight || x.to - y.to);
  return adjacency;
}

export interface Reached {
  doc: number;
  score: number;
  /** The seed it was reached from and the relations walked (empty for a seed). */
  from: number;
  relations: string[];
  /** The weakest edge confidence on the path. */
  confidence: EdgeConfidence;
}

const ORDER: Readonly<Record<EdgeConfidence, number>> = { extracted: 0, inferred: 1, ambiguous: 2 };

/**
 * Best-path scores from the seeds: seed score (relative to the best seed) times edge weights and
 * decay per hop, scaled by `bias` (intent alignment) for tools that are not seeds.
 */
export function expand(
  adjacency: ToolTable<readonly Step[]>,
  seeds: readonly { doc: number; score: number }[],
  params: ExpansionParams,
  bias: (doc: number) => number,
): Reached[] {
  const best = new Map<number, Reached>();
  const top = seeds[0]?.score ?? 0;
  if (top <= 0) return [];
  let frontier: Reached[] = [];
  for (const seed of seeds.slice(0, params.seeds)) {
    const reached: Reached = { doc: seed.doc, score: seed.score / top, from: seed.doc, relations: [], confidence: 'extracted' };
    best.set(seed.doc, reached);
    frontier.push(reached);
  }
  for (let hop = 1; hop <= params.depth; hop++) {
    const next: Reached[] = [];
    for (const node of frontier) {
      for (const step of adjacency.get(node.doc)) {
        const score = node.score * step.weight * params.decay * bias(step.to);
        const known = best.get(step.to);
        if (known !== undefined && known.score >= score) continue;
        const reached: Reached = {
          doc: step.to,
          score,
          from: node.from,
          relations: [...node.relations, step.reverse ? `^${step.relation}` : step.relation],
          confidence: ORDER[step.confidence] > ORDER[node.confidence] ? step.confidence : node.confidence,
        };
        best.set(step.to, reached);
        next.push(reached);
      }
    }
    frontier = next;
  }
  return [...best.values()].filter((r) => r.score > 0).sort((a, b) => b.score - a.score || a.doc - b.doc);
}
