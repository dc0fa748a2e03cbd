// Building, deduplicating and ordering dependency edges.
import type { Confidence, DependencyEdge, Relation } from '../types.js';

const CONFIDENCE_RANK: Readonly<Record<Confidence, number>> = { extracted: 3, inferred: 2, ambiguous: 1 };

export function edge(from: string, to: string, relation: Relation, confidence: Confidence, score: number, rule: string, evidence: string): DependencyEdge {
  const clamped = Math.min(1, Math.max(0, score));
  return { from, to, relation, confidence, score: Math.round(clamped * 100) / 100, evidence, rule };
}

function stronger(a: DependencyEdge, b: DependencyEdge): boolean {
  if (a.score !== b.score) return a.score > b.score;
  if (a.confidence !== b.confidence) return CONFIDENCE_RANK[a.confidence] > CONFIDENCE_RANK[b.confidence];
  return a.rule + a.evidence < b.rule + b.evidence;
}

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Each distinct string of `values` -> its rank in code-unit order. */
function ranks(values: ReadonlySet<string>): Map<string, number> {
  const sorted = [...values].sort(byCodeUnit);
  return new Map(sorted.map((v, i) => [v, i]));
}

/** `order` (indexes into `keys`) stably sorted by `keys[i]`, each in [0, size): a counting sort. */
function countingSort(order: Uint32Array, keys: Int32Array, size: number): Uint32Array {
  const starts = new Uint32Array(size + 1);
  for (const i of order) starts[(keys[i] as number) + 1]! += 1;
  for (let k = 1; k <= size; k += 1) starts[k]! += starts[k - 1]!;
  const out = new Uint32Array(order.length);
  for (const i of order) out[starts[keys[i] as number]!++] = i;
  return out;
}

/** `0..length-1` sorted by the key arrays, the last one first (least significant), stably. */
function radixOrder(length: number, passes: ReadonlyArray<[keys: Int32Array, size: number]>): Uint32Array {
  let order: Uint32Array = new Uint32Array(length);
  for (let i = 0; i < length; i += 1) order[i] = i;
  for (const [keys, size] of passes) order = countingSort(order, keys, size);
  return order;
}

const tier = (relation: string): number => (relation === 'relatedTo' ? 0 : relation === 'nextStep' ? 1 : 2);

/**
 * One edge per (from, to, relation), the strongest; no self edges. A pair is linked by its strongest
 * kind of relation only: an order (`requires`/`precedes`) over `nextStep` over `relatedTo`. `A requires
 * B` and `B precedes A` say the same order: the stronger of the two is kept (on a tie, `requires`).
 * `relatedTo` is symmetric: it is kept once, from the lexicographically smaller name. Sorted by from,
 * to, relation (compareEdges order: one edge per triple is left, so rule and evidence never decide).
 * Linear: names and relations are ranked once, the edges bucketed by pair of names (each pair is
 * decided on its own edges) and the kept ones ordered by counting sorts.
 */
export function finalizeEdges(edges: readonly DependencyEdge[]): DependencyEdge[] {
  const names = new Set<string>();
  const relations = new Set<string>();
  for (const e of edges) {
    names.add(e.from).add(e.to);
    relations.add(e.relation);
  }
  const nameRank = ranks(names);
  const relationRank = ranks(relations);
  const n = nameRank.size;
  // Every edge as ranks, oriented (relatedTo from the smaller name); self edges dropped.
  const list: DependencyEdge[] = [];
  const from = new Int32Array(edges.length);
  const lo = new Int32Array(edges.length);
  const hi = new Int32Array(edges.length);
  for (const e of edges) {
    if (e.from === e.to) continue;
    const f = nameRank.get(e.from) as number;
    const t = nameRank.get(e.to) as number;
    const swap = e.relation === 'relatedTo' && t < f;
    const i = list.length;
    list.push(swap ? { ...e, from: e.to, to: e.from } : e);
    from[i] = swap ? t : f;
    lo[i] = Math.min(f, t);
    hi[i] = Math.max(f, t);
  }
  // By pair of names, then in input order (the first of equally strong edges wins, as before).
  const order = radixOrder(list.length, [
    [hi, n],
    [lo, n],
  ]);
  const keptIndex: number[] = [];
  let start = 0;
  while (start < order.length) {
    let end = start + 1;
    const first = order[start] as number;
    while (end < order.length && lo[order[end] as number] === lo[first] && hi[order[end] as number] === hi[first]) end += 1;
    for (const i of decidePair(list, from, order.subarray(start, end))) keptIndex.push(i);
    start = end;
  }
  const keptFrom = new Int32Array(keptIndex.length);
  const keptTo = new Int32Array(keptIndex.length);
  const keptRelation = new Int32Array(keptIndex.length);
  keptIndex.forEach((i, k) => {
    const f = from[i] as number;
    keptFrom[k] = f;
    keptTo[k] = f === lo[i] ? (hi[i] as number) : (lo[i] as number);
    keptRelation[k] = relationRank.get((list[i] as DependencyEdge).relation) as number;
  });
  const sorted = radixOrder(keptIndex.length, [
    [keptRelation, relationRank.size],
    [keptTo, n],
    [keptFrom, n],
  ]);
  const out = new Array<DependencyEdge>(sorted.length);
  for (let k = 0; k < sorted.length; k += 1) out[k] = list[keptIndex[sorted[k] as number] as number] as DependencyEdge;
  return out;
}

/** The edges kept among those of one pair of names (indexes into `list`, in input order). */
function decidePair(list: readonly DependencyEdge[], from: Int32Array, group: Uint32Array): number[] {
  // The strongest edge per (direction, relation): a pair has at most a few.
  const best: number[] = [];
  for (const i of group) {
    const e = list[i] as DependencyEdge;
    const slot = best.findIndex((j) => from[j] === from[i] && (list[j] as DependencyEdge).relation === e.relation);
    if (slot < 0) best.push(i);
    else if (stronger(e, list[best[slot] as number] as DependencyEdge)) best[slot] = i;
  }
  let top = 0;
  for (const i of best) top = Math.max(top, tier((list[i] as DependencyEdge).relation));
  const reverse = (i: number, relation: string): DependencyEdge | undefined => {
    const j = best.find((k) => from[k] !== from[i] && (list[k] as DependencyEdge).relation === relation);
    return j === undefined ? undefined : list[j];
  };
  return best.filter((i) => {
    const e = list[i] as DependencyEdge;
    if (tier(e.relation) !== top) return false;
    if (e.relation === 'requires') {
      const same = reverse(i, 'precedes');
      return same === undefined || !(same.score > e.score);
    }
    if (e.relation === 'precedes') {
      const same = reverse(i, 'requires');
      return same === undefined || e.score > same.score;
    }
    return true;
  });
}
