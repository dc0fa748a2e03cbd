// Confidence never increases down a result list. Each hit's confidence is calibrated on its own
// features, and the model can rate a lower hit above a higher one where it disagrees with the
// fused (re-ranked) order. Two ways out were measured on the dev sets (docs/benchmarks.md, "A
// server's own words"): sorting the hits by confidence lost Hit@1 and Recall@5 (the fused order
// is the better ranking) for a small gain in ECE@1; capping keeps the order and changes ECE by
// at most 0.001. The list is capped: a hit is never more likely right than the hit ranked above
// it, so its confidence is at most that one's. With `explain`, a capped hit keeps its own
// calibrated value as `features.calibrated`.
import type { SearchHit } from '../types.js';

/** Caps each hit's confidence at the confidence of the hit above it (a running minimum over the list). */
export function capConfidence(hits: readonly SearchHit[]): SearchHit[] {
  let cap = Number.POSITIVE_INFINITY;
  return hits.map((hit) => {
    if (hit.confidence <= cap) {
      cap = hit.confidence;
      return hit;
    }
    const features = hit.features === undefined ? undefined : { ...hit.features, calibrated: hit.confidence };
    return { ...hit, confidence: cap, ...(features === undefined ? {} : { features }) };
  });
}
