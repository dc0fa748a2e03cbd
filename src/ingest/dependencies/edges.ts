// Building, deduplicating and ordering dependency edges.
import type { Confidence, DependencyEdge, Relation } from '../types.js';

export const CONFIDENCE_RANK: Readonly<Record<Confidence, number>> = { extracted: 3, inferred: 2, ambiguous: 1 };

export function edge(
  from: string,
  to: string,
  relation: Relation,
  confidence: Confidence,
  score: number,
  rule: string,
  evidence: string,
): DependencyEdge {
  const clamped = Math.min(1, Math.max(0, score));
  return { from, to, relation, confidence, score: Math.round(clamped * 100) / 100, evidence, rule };
}

/** `relatedTo` is symmetric: it is kept once, from the lexicographically smaller name. */
function oriented(e: DependencyEdge): DependencyEdge {
  return e.relation === 'relatedTo' && e.to < e.from ? { ...e, from: e.to, to: e.from } : e;
}

function stronger(a: DependencyEdge, b: DependencyEdge): boolean {
  if (a.score !== b.score) return a.score > b.score;
  if (a.confidence !== b.confidence) return CONFIDENCE_RANK[a.confidence] > CONFIDENCE_RANK[b.confidence];
  return a.rule + a.evidence < b.rule + b.evidence;
}

export function compareEdges(a: DependencyEdge, b: DependencyEdge): number {
  const keys: [string, string][] = [
    [a.from, b.from],
    [a.to, b.to],
    [a.relation, b.relation],
    [a.rule, b.rule],
    [a.evidence, b.evidence],
  ];
  for (const [x, y] of keys) if (x !== y) return x < y ? -1 : 1;
  return 0;
}

/**
 * One edge per (from, to, relation), the strongest; no self edges. A pair is linked by its strongest
 * kind of relation only: an order (`requires`/`precedes`) over `nextStep` over `relatedTo`. `A requires
 * B` and `B precedes A` say the same order: the stronger of the two is kept (on a tie, `requires`).
 * Sorted by from, to, relation, rule.
 */
export function finalizeEdges(edges: readonly DependencyEdge[]): DependencyEdge[] {
  const best = new Map<string, DependencyEdge>();
  const keyOf = (from: string, to: string, relation: string): string => `${from}\u0000${to}\u0000${relation}`;
  for (const raw of edges) {
    if (raw.from === raw.to) continue;
    const e = oriented(raw);
    const key = keyOf(e.from, e.to, e.relation);
    const current = best.get(key);
    if (current === undefined || stronger(e, current)) best.set(key, e);
  }
  const pair = (e: DependencyEdge): string => (e.from < e.to ? `${e.from}\u0000${e.to}` : `${e.to}\u0000${e.from}`);
  const tier = (e: DependencyEdge): number => (e.relation === 'relatedTo' ? 0 : e.relation === 'nextStep' ? 1 : 2);
  const top = new Map<string, number>();
  for (const e of best.values()) top.set(pair(e), Math.max(top.get(pair(e)) ?? 0, tier(e)));
  const kept = [...best.values()].filter((e) => {
    if (tier(e) !== top.get(pair(e))) return false;
    if (e.relation === 'requires') {
      const same = best.get(keyOf(e.to, e.from, 'precedes'));
      return same === undefined || !(same.score > e.score);
    }
    if (e.relation === 'precedes') {
      const same = best.get(keyOf(e.to, e.from, 'requires'));
      return same === undefined || e.score > same.score;
    }
    return true;
  });
  return kept.sort(compareEdges);
}
