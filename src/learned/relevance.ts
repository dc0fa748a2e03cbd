// validate_symbol_relevance: does a term mean these symbols (or tools)? For each, a similarity in
// [0, 1] and a verdict in three tiers (> 0.6 accepted, 0.3–0.6 accepted with risk HIGH, < 0.3
// rejected with the searches to run next), plus the learned pairs whose term matches.
//
// The lexical similarity is the share of the term's words (tokenize.ts: stemmed, stop words out,
// identifiers split at camel case) found in the target's text (name, qualified name, signature,
// path, title, summary, description, aliases, keywords): a word found as written counts 1, as a
// computing equivalent or WordNet synonym ("folder" -> directory) 0.7, as a prefix of a target word
// or the other way round ("auth" / "authenticate", at least 3 letters) 0.6, as a typo 0.6 less its
// edit share. With an embedding provider the cosine of the two texts is computed too, and the
// similarity is the larger of the two.
import { MdkgError } from '../errors.js';
import { equivalentsOf } from '../lexicon/equivalents.js';
import { PAIR_LIMITS } from '../search/learned/pair-records.js';
import { synonymsOf } from '../lexicon/thesaurus.js';
import type { QuadStore } from '../rdf/quad-store.js';
import type { LearnedMatch, LearnedPairs } from '../search/learned/learned-pairs.js';
import { osaDistance } from '../search/text/edit-distance.js';
import { maxDistance } from '../search/text/fuzzy.js';
import { terms, tokenize } from '../search/text/tokenize.js';
import type { EmbeddingProvider } from '../search/vector/provider.js';
import { resolveTarget, targetText } from './resolve-target.js';

export type Verdict = 'accepted' | 'accepted_high_risk' | 'rejected';

/** The tiers: above ACCEPT accepted; from RISKY to ACCEPT accepted with risk HIGH; below rejected. */
export const ACCEPT = 0.6;
export const RISKY = 0.3;

export interface SymbolRelevance {
  /** The symbol as asked. */
  symbol: string;
  /** Its id in the graph, when it resolved. */
  target?: string;
  kind?: 'tool' | 'symbol';
  similarity: number;
  lexical: number;
  /** The cosine of the term and the target's text (with an embedding provider). */
  cosine?: number;
  method: 'lexical' | 'lexical+vector';
  verdict: Verdict;
  risk: 'LOW' | 'HIGH';
  /** The term's words and how each was found in the target (`=` as written, `~` equivalent or synonym, `^` prefix, `≈` typo). */
  matched: string[];
  /** Why (a target that did not resolve, candidates). */
  note?: string;
  /** For a rejected symbol: the searches to run next. */
  guidance?: string[];
  /** A learned pair in use whose term matches this term and whose target is this symbol (the verdict does not count it: it is the agent's own earlier finding). */
  learned?: { term: string; weight: number; learnedAt: string };
}

export interface RelevanceReport {
  term: string;
  results: SymbolRelevance[];
  /** Learned pairs whose term matches this term (in use: not expired, stale or orphaned). */
  pairs: { term: string; target: string; weight: number; how: LearnedMatch['how']; learnedAt: string; similarity: number }[];
}

const round = (x: number): number => Math.round(x * 1e4) / 1e4;

/** The lexical similarity of a term and a text, with how each of the term's words was found. */
export function lexicalSimilarity(term: string, text: string): { similarity: number; matched: string[] } {
  const own = [...new Set(terms(term))];
  if (own.length === 0) return { similarity: 0, matched: [] };
  const words = new Set(terms(text));
  const surfaces = new Map(tokenize(term).map((t) => [t.term, t.surface.toLowerCase()]));
  let total = 0;
  const matched: string[] = [];
  for (const t of own) {
    let score = 0;
    let how = '';
    if (words.has(t)) [score, how] = [1, '='];
    else {
      const surface = surfaces.get(t) ?? t;
      const related = [...equivalentsOf(surface), ...synonymsOf(surface)].flatMap((w) => terms(w));
      if (related.some((r) => words.has(r))) [score, how] = [0.7, '~'];
      else if (t.length >= 3 && [...words].some((w) => w.length >= 3 && (w.startsWith(t) || t.startsWith(w)))) [score, how] = [0.6, '^'];
      else {
        const bound = maxDistance(t.length);
        let d = bound + 1;
        if (bound > 0) for (const w of words) d = Math.min(d, osaDistance(t, w, bound));
        if (d <= bound) [score, how] = [0.6 * (1 - d / t.length), '≈'];
      }
    }
    total += score;
    if (how !== '') matched.push(`${how}${t}`);
  }
  return { similarity: round(total / own.length), matched };
}

/** The verdict of a similarity. */
export function verdictOf(similarity: number): { verdict: Verdict; risk: 'LOW' | 'HIGH' } {
  if (similarity > ACCEPT) return { verdict: 'accepted', risk: 'LOW' };
  if (similarity >= RISKY) return { verdict: 'accepted_high_risk', risk: 'HIGH' };
  return { verdict: 'rejected', risk: 'HIGH' };
}

/** The searches to run when a symbol was rejected: tool search, code search (when it is served), graph search, and a learned pair when one matched. */
function guidanceFor(term: string, kind: 'tool' | 'symbol' | undefined, pairs: readonly LearnedMatch[]): string[] {
  const q = JSON.stringify(term);
  const out =
    kind === 'tool'
      ? [`search_tools {"query": ${q}} (mdkg search ${q}) for the tools that do it`]
      : [`search_code {"query": ${q}} for the code that does it`, `search_by_symbol {"name": ${q}, "mode": "fuzzy"} for symbols named like it`];
  out.push(`graph_search {"query": ${q}} (mdkg graph-search ${q}) for any node that mentions it`);
  if (kind !== 'tool') out.push(`search_tools {"query": ${q}} in case a tool, not code, does it`);
  const best = pairs[0];
  if (best !== undefined) out.push(`the learned pair '${best.pair.term}' -> ${best.targetId} matches this term: check that target first`);
  out.push('then read the candidate (its document, or the source lines) and record what it means with learn_pair');
  return out;
}

export interface RelevanceOptions {
  pairs?: LearnedPairs;
  /** Embeds the term and the targets' texts (the configured embeddings); a failure leaves the lexical similarity. */
  provider?: EmbeddingProvider;
}

/** Most symbols one call checks. */
export const MAX_SYMBOLS = 50;

export async function validateSymbolRelevance(
  store: QuadStore,
  term: string,
  symbols: readonly string[],
  options: RelevanceOptions = {},
): Promise<RelevanceReport> {
  if (term.trim() === '' || term.length > PAIR_LIMITS.term) throw new MdkgError('MDKG_USAGE', `term must be 1 to ${PAIR_LIMITS.term} characters`);
  if (symbols.length === 0 || symbols.length > MAX_SYMBOLS) throw new MdkgError('MDKG_USAGE', `give 1 to ${MAX_SYMBOLS} symbols, got ${symbols.length}`);
  const long = symbols.find((s) => s.length > PAIR_LIMITS.target);
  if (long !== undefined) throw new MdkgError('MDKG_USAGE', `a symbol is ${long.length} characters; at most ${PAIR_LIMITS.target}`);
  const matches = options.pairs?.match(term) ?? [];
  const resolved = symbols.map((s) => ({ symbol: s, found: resolveTarget(store, s) }));
  const texts = resolved.map((r) => ('iri' in r.found ? targetText(store, r.found.iri) : ''));
  let cosines: (number | undefined)[] = [];
  if (options.provider !== undefined && texts.some((t) => t !== '')) {
    try {
      const vectors = await options.provider.embed([term, ...texts.map((t) => (t === '' ? term : t))]);
      cosines = texts.map((t, i) => (t === '' ? undefined : cosine(vectors[0]!, vectors[i + 1]!)));
    } catch {
      cosines = [];
    }
  }
  const results = resolved.map(({ symbol, found }, i): SymbolRelevance => {
    if (!('iri' in found)) {
      const note = found.candidates.length > 0 ? `${found.error}: ${found.candidates.join(', ')}` : found.error;
      return {
        symbol,
        similarity: 0,
        lexical: 0,
        method: 'lexical',
        verdict: 'rejected',
        risk: 'HIGH',
        matched: [],
        note,
        guidance: guidanceFor(term, undefined, matches),
      };
    }
    const lexical = lexicalSimilarity(term, texts[i]!);
    const cos = cosines[i];
    const similarity = round(Math.max(lexical.similarity, cos ?? 0));
    const { verdict, risk } = verdictOf(similarity);
    const pair = matches.find((mt) => mt.target === found.iri);
    return {
      symbol,
      target: found.id,
      kind: found.kind,
      similarity,
      lexical: lexical.similarity,
      ...(cos === undefined ? {} : { cosine: cos }),
      method: cos === undefined ? 'lexical' : 'lexical+vector',
      verdict,
      risk,
      matched: lexical.matched,
      ...(verdict === 'rejected' ? { guidance: guidanceFor(term, found.kind, matches) } : {}),
      ...(pair === undefined ? {} : { learned: { term: pair.pair.term, weight: pair.weight, learnedAt: pair.pair.learnedAt } }),
    };
  });
  return {
    term,
    results,
    pairs: matches.map((mt) => ({
      term: mt.pair.term,
      target: mt.targetId,
      weight: mt.weight,
      how: mt.how,
      learnedAt: mt.pair.learnedAt,
      similarity: mt.pair.similarity,
    })),
  };
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : round(Math.max(0, Math.min(1, dot / Math.sqrt(na * nb))));
}
