// Absolute evidence for confidence: how much of the request a tool explains, whatever the other
// tools do. A clear winner that explains one common word of a request about something else must
// not look certain (the fused and margin features only say how far it leads).
import { verbOfWord } from '../../lexicon/verbs.js';
import type { Bm25Index } from '../text/bm25.js';
import { idf } from '../text/idf.js';
import { type RankingState, termForms } from '../rank/rank-request.js';
import { abbreviates, type ToolProfile } from '../rank/rerank.js';

/** How much a name verb counts when the request has another verb of its class (a hand-set prior). */
export const VERB_CLASS_SHARE = 0.5;

/** What is the same for every hit of one request: term weights and the best possible lexical score. */
export interface RequestEvidence {
  /** Each request term with its IDF (a term no tool has gets the largest IDF). */
  weights: ReadonlyArray<{ term: string; weight: number }>;
  total: number;
  /**
   * The lexical score of a tool entirely about the request: every request term at the BM25 bound
   * idf × (k1 + 1) (a term no tool has counted as if one tool had it). A tool that mentions a term
   * once in its description gets a small share of it; one named after every term, most of it.
   */
  bestPossible: number;
}

export function requestEvidence(state: RankingState, bm25: Bm25Index, k1: number): RequestEvidence {
  const weights = [...state.terms.keys()].map((term) => ({ term, weight: idf(bm25.size, bm25.documentFrequency(term)) }));
  let bestPossible = 0;
  for (const [term, tf] of state.terms) bestPossible += tf * idf(bm25.size, Math.max(1, bm25.documentFrequency(term))) * (k1 + 1);
  return { weights, total: weights.reduce((sum, w) => sum + w.weight, 0), bestPossible };
}

/**
 * `explained` and `selfScore` of one tool (see ConfidenceFeatures). A request term counts as
 * explained when the tool has it, its correction or a computing equivalent (folder: directory), or, for a verb, has a common verb of the
 * same class (verb expansion: "erase" is explained by a tool that deletes).
 */
export function evidenceOf(
  request: RequestEvidence,
  state: RankingState,
  bm25: Bm25Index,
  doc: number,
  lexical: number,
): { explained: number; selfScore: number } {
  const verbClassMatched = state.expanded.some((t) => bm25.fieldsOf(t, doc).length > 0);
  let matched = 0;
  for (const { term, weight } of request.weights) {
    const forms = termForms(state, term);
    const hit = forms.some((f) => bm25.fieldsOf(f, doc).length > 0) || (verbClassMatched && verbOfWord(state.surfaces.get(term) ?? term) !== undefined);
    if (hit) matched += weight;
  }
  return {
    explained: request.total > 0 ? matched / request.total : 0,
    selfScore: request.bestPossible > 0 ? Math.min(1, lexical / request.bestPossible) : 0,
  };
}

/**
 * The IDF share of a tool's name the request says: a name word counts when the request has it, an
 * equivalent of it, an abbreviation of it or the initials of the words it starts ("PR" for pull
 * and request, as the re-ranker reads acronyms); a corrected word at its reduced weight
 * (1 − distance / length), as in ranking; a verb of the same class as the request's verb at half
 * weight (VERB_CLASS_SHARE: "erase the relations" says what `delete_relations` does, not its word,
 * and "make it executable" reaches `edit` only through a broad class).
 */
export function nameExplained(profile: ToolProfile, state: RankingState): number {
  const requestTerms = [...state.terms.keys()];
  const said = new Set([...requestTerms, ...state.equivalents.keys()]);
  const sameClass = new Set(state.expanded);
  // Name words the request says by their initials ("PR" for get_pull_request), as in ranking.
  const viaAcronym = new Set(requestTerms.flatMap((t) => profile.acronyms.get(t) ?? []));
  let total = 0;
  let matched = 0;
  for (const { term, idf: weight } of profile.nameTerms) {
    total += weight;
    if (said.has(term) || viaAcronym.has(term) || requestTerms.some((t) => abbreviates(t, term))) {
      matched += weight;
      continue;
    }
    let share = sameClass.has(term) ? VERB_CLASS_SHARE : 0;
    for (const c of state.corrections) if (c.to === term) share = Math.max(share, 1 - c.distance / c.from.length);
    matched += weight * share;
  }
  return total > 0 ? matched / total : 0;
}
