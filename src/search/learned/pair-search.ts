// Learned pairs in tool search (ToolIndex): the `pairs` source fused with the others, the pair that
// matched shown in each hit's evidence, and the one rule pairs add after ranking: a pair whose term
// says the whole request (weight >= PIN_WEIGHT: every word of the term is in the request and the
// request has next to no other word) puts its target first, the way a request seen before and
// confirmed in the code is answered from memory. The confidence of every hit stays as computed.
import type { SearchResult } from '../types.js';
import type { LearnedMatch, LearnedPairs } from './learned-pairs.js';

/** The weight from which a pair's target goes first. */
export const PIN_WEIGHT = 0.9;
/** How many hits beyond the limit a pinned target is looked for in. */
export const PIN_DEPTH = 20;

/** The `pairs` source of the fusion (the shape of rank/index-parts.ts ExtraSource): tools whose pairs' terms the request has. */
export function pairSource(learned: LearnedPairs): { readonly name: 'pairs'; rank(query: string, limit: number): Promise<{ id: string; score: number }[]> } {
  return {
    name: 'pairs',
    rank: (query, limit) =>
      Promise.resolve(
        learned
          .match(query, 'tool')
          .slice(0, limit)
          .map((m) => ({ id: m.target, score: m.weight })),
      ),
  };
}

/** The tool pair that pins its target for this request, if any. */
export function pinnedPair(learned: LearnedPairs, request: string): LearnedMatch | undefined {
  const best = learned.match(request, 'tool')[0];
  return best !== undefined && best.how === 'exact' && best.weight >= PIN_WEIGHT ? best : undefined;
}

/** Each hit's `pairs` evidence with the pair that matched; the pinned target first; `limit` hits. */
export function withPairEvidence(result: SearchResult, learned: LearnedPairs, pin: LearnedMatch | undefined, limit: number, lowConfidence = 0.5): SearchResult {
  let hits = result.hits;
  let diagnostics = result.diagnostics;
  const at = pin === undefined ? -1 : hits.findIndex((h) => h.iri === pin.target);
  if (at > 0) {
    hits = [hits[at]!, ...hits.slice(0, at), ...hits.slice(at + 1)];
    // The low-confidence warning speaks of the first result: the pinned one now.
    const top = hits[0]!.confidence;
    diagnostics = diagnostics.filter((d) => d.code !== 'MDKG_LOW_CONFIDENCE');
    if (top < lowConfidence)
      diagnostics = [
        ...diagnostics,
        {
          code: 'MDKG_LOW_CONFIDENCE',
          severity: 'warning',
          message: `the best match has low confidence (${top.toFixed(2)}); it is first because a learned pair names it`,
        },
      ];
  }
  hits = hits.slice(0, limit);
  if (!hits.some((h) => h.evidence.some((e) => e.source === 'pairs'))) return { ...result, hits, diagnostics };
  const matches = new Map(learned.match(result.searched, 'tool').map((m) => [m.target, m]));
  for (const hit of hits) {
    const m = matches.get(hit.iri);
    if (m === undefined) continue;
    hit.evidence = hit.evidence.map((e) =>
      e.source !== 'pairs'
        ? e
        : {
            ...e,
            score: m.weight,
            pair: {
              term: m.pair.term,
              how: m.how,
              weight: m.weight,
              similarity: m.pair.similarity,
              learnedAt: m.pair.learnedAt,
              ...(m.pair.path === undefined ? {} : { file: m.pair.path }),
            },
          },
    );
  }
  return { ...result, hits, diagnostics, ...(at > 0 ? { mode: `${result.mode}+pinned` } : {}) };
}
