// Weighted reciprocal rank fusion: score(d) = sum over sources s of w_s / (k + rank_s(d)).
import type { SourceName } from '../types.js';

export interface RankedList {
  source: SourceName;
  /** Documents, best first. */
  docs: readonly number[];
}

export interface Fused {
  doc: number;
  score: number;
  /** 1-based rank per source that listed the document. */
  ranks: Partial<Record<SourceName, number>>;
}

export function fuse(lists: readonly RankedList[], weights: Readonly<Partial<Record<SourceName, number>>>, k: number): Fused[] {
  const byDoc = new Map<number, Fused>();
  for (const list of lists) {
    const w = weights[list.source] ?? 0;
    if (w <= 0) continue;
    list.docs.forEach((doc, i) => {
      let entry = byDoc.get(doc);
      if (entry === undefined) byDoc.set(doc, (entry = { doc, score: 0, ranks: {} }));
      if (entry.ranks[list.source] !== undefined) return;
      entry.ranks[list.source] = i + 1;
      entry.score += w / (k + i + 1);
    });
  }
  return [...byDoc.values()].sort((a, b) => b.score - a.score || a.doc - b.doc);
}

/** The largest fused score the lists could give one document (rank 1 everywhere). */
export function maxFused(lists: readonly RankedList[], weights: Readonly<Partial<Record<SourceName, number>>>, k: number): number {
  return lists.reduce((sum, list) => sum + (weights[list.source] ?? 0) / (k + 1), 0);
}
