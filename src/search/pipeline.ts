// One search: prepare the query, rank with each source of the strategy, fuse, calibrate, explain.
import type { Diagnostic } from '../errors.js';
import { alignment } from './alignment.js';
import { expand, type Reached } from './expand.js';
import { fuse, maxFused, type Fused, type RankedList } from './fusion.js';
import type { Correction } from './fuzzy.js';
import { buildHits } from './hits.js';
import { classifyIntent } from './intent.js';
import { prepareQuery, runNormalizer } from './normalize-query.js';
import type { IndexParts } from './tool-index.js';
import { DEFAULT_RERANK, rerank, rerankFeatures, toolProfiles, type QueryView, type RerankFeatures, type ToolProfile } from './rerank.js';
import { tokenize } from './tokenize.js';
import { verbExpansion } from './verb-expansion.js';
import type { VerbClass } from '../ingest/verbs.js';
import type { Intent, SearchResult, SourceName, Strategy } from './types.js';
import type { ScoredDoc } from './bm25.js';

const SOURCES_OF: Readonly<Record<Strategy, readonly SourceName[]>> = {
  bm25: ['bm25'],
  'bm25+graph': ['bm25', 'graph'],
  'bm25+graph+annotations': ['bm25', 'graph', 'annotations'],
  'bm25+graph+annotations+fuzzy': ['bm25', 'graph', 'annotations', 'fuzzy'],
  full: ['bm25', 'graph', 'annotations', 'fuzzy', 'pairs', 'vector'],
};

/** What the ranking stages found, kept for evidence and confidence. */
export interface RankingState {
  terms: Map<string, number>;
  /** The query word each term came from (for evidence people can read). */
  surfaces: Map<string, string>;
  corrections: Correction[];
  bm25: ScoredDoc[];
  /** Verb-class terms added to the request (intent stage). */
  expanded: string[];
  reached: Map<number, Reached>;
  intent: Intent;
}

export async function runSearch(parts: IndexParts, query: string, opts: { strategy: Strategy; limit: number; explain: boolean; rerank: boolean }): Promise<SearchResult> {
  const prepared = prepareQuery(query, parts.options.maxQueryChars ?? 1000);
  const diagnostics: Diagnostic[] = [...prepared.diagnostics];
  const empty = (searched: string, intent: Intent, mode: string): SearchResult => ({ query, searched, intent, strategy: opts.strategy, mode, hits: [], diagnostics, sparql: '' });
  if (prepared.text.trim() === '') return empty('', 'neutral', 'none');
  if (parts.catalog.tools.length === 0) {
    diagnostics.push({ code: 'MDKG_INDEX_EMPTY', severity: 'error', message: 'the index is empty: the graph has no tools (type mdkg:Tool); generate some with `mdkg generate tools`' });
    return empty(prepared.text, 'neutral', 'none');
  }
  let searched = prepared.text;
  const modes: string[] = [];
  const normalizer = parts.options.normalizer;
  if (normalizer !== undefined) {
    const out = await runNormalizer(normalizer, searched, { timeoutMs: parts.options.normalizerTimeoutMs ?? 3000, cache: parts.normalizerCache });
    diagnostics.push(...out.diagnostics);
    if (out.normalized) {
      searched = out.text;
      modes.push(`normalized:${normalizer.name}`);
    }
  }
  const sources = new Set(SOURCES_OF[opts.strategy]);
  const { params, bm25, fuzzy, catalog, adjacency } = parts;
  const { intent, actions } = classifyIntent(searched);
  const terms = new Map<string, number>();
  const words = new Set<string>();
  const surfaces = new Map<string, string>();
  for (const token of tokenize(searched)) {
    terms.set(token.term, (terms.get(token.term) ?? 0) + 1);
    if (!surfaces.has(token.term)) surfaces.set(token.term, token.surface.toLowerCase());
    if (token.kind === 'word') words.add(token.term);
  }
  const state: RankingState = { terms, surfaces, corrections: [], bm25: bm25.search(terms, params.candidates), expanded: [], reached: new Map(), intent };
  modes.push('lexical');

  if (sources.has('annotations')) {
    // Intent stage: the request's verbs also stand for the common verbs of their class. Tools with
    // such a verb become lexical candidates even at weight 0 (ranked after every scored match), so
    // the annotation and graph sources can consider them; measured on train/dev, see docs.
    const expansion = verbExpansion(searched, terms, params.verbExpansion);
    if (expansion.size > 0) {
      state.expanded = [...expansion.keys()];
      state.bm25 = bm25.search(new Map([...terms, ...expansion]), params.candidates);
    }
  }
  if (sources.has('fuzzy')) {
    for (const word of words) if (!bm25.has(word)) state.corrections.push(...fuzzy.correct(word));
    if (state.corrections.length > 0) {
      // A corrected term is lexical evidence, discounted by its edit distance: the lexical list is
      // recomputed with it (a separate rank-fused list would let a weak correction rank first).
      const combined = new Map([...terms].filter(([t]) => bm25.has(t)));
      for (const t of state.expanded) combined.set(t, params.verbExpansion);
      for (const c of state.corrections) combined.set(c.to, Math.max(combined.get(c.to) ?? 0, (terms.get(c.from) ?? 1) * (1 - c.distance / c.from.length)));
      state.bm25 = bm25.search(combined, params.candidates);
      modes.push('fuzzy');
    }
  }
  const lists: RankedList[] = [{ source: 'bm25', docs: state.bm25.map((d) => d.doc) }];
  const align = (doc: number): number | undefined => alignment(intent, catalog.tools[doc]!.annotations);
  if (sources.has('graph')) {
    const bias = (doc: number): number => 0.5 + 0.5 * (align(doc) ?? 0.5);
    const reached = expand(adjacency, state.bm25, params.expansion, intent === 'neutral' ? () => 1 : bias);
    for (const r of reached) state.reached.set(r.doc, r);
    lists.push({ source: 'graph', docs: reached.slice(0, params.candidates).map((r) => r.doc) });
  }
  if (sources.has('annotations') && intent !== 'neutral') {
    lists.push({ source: 'annotations', docs: annotationList(lists, align) });
  }
  for (const extra of parts.options.extraSources ?? []) {
    if (!sources.has(extra.name)) continue;
    const ranked = await extra.rank(searched, params.candidates);
    const docs = ranked.map((r) => parts.byId.get(r.id)).filter((d): d is number => d !== undefined);
    lists.push({ source: extra.name, docs });
    modes.push(extra.name);
  }
  const fused = fuse(lists, params.fusion.weights, params.fusion.k);
  if (sources.has('annotations') && intent !== 'neutral' && params.intentPrior > 0) {
    // A soft prior on top of rank fusion: a tool whose annotations contradict the intent (a
    // read-only tool for "delete ...") loses part of its score; one that fits gains.
    for (const f of fused) {
      const a = align(f.doc);
      if (a !== undefined) f.score *= 1 + params.intentPrior * (a - 0.5);
    }
    fused.sort((a, b) => b.score - a.score || a.doc - b.doc);
  }
  let ranked: readonly Fused[] = fused;
  let learned: Map<number, RerankFeatures> | undefined;
  if (opts.strategy === 'full' && fused.length > 1) {
    const view = rerankView(parts, state, actions, fused[0]!);
    if (opts.rerank) {
      const out = rerank(fused, view, parts.options.rerank ?? DEFAULT_RERANK);
      ranked = out.order;
      learned = out.features;
      modes.push('reranked');
    } else if (opts.explain) {
      learned = new Map(fused.slice(0, opts.limit).map((f) => [f.doc, view(f)]));
    }
  }
  const hits = buildHits(parts, state, ranked.slice(0, opts.limit), maxFused(lists, params.fusion.weights, params.fusion.k), opts.explain, learned);
  const top = hits[0]?.confidence ?? 0;
  if (hits.length === 0) {
    diagnostics.push({ code: 'MDKG_LOW_CONFIDENCE', severity: 'warning', message: `no tool matched '${searched}'` });
  } else if (top < params.lowConfidence) {
    diagnostics.push({ code: 'MDKG_LOW_CONFIDENCE', severity: 'warning', message: `the best match has low confidence (${top.toFixed(2)}); the request may not match any tool well` });
  }
  return { query, searched, intent, strategy: opts.strategy, mode: modes.join('+'), hits, diagnostics, sparql: evidenceQuery(hits.map((h) => h.iri)) };
}

const PROFILES = new WeakMap<IndexParts, ToolProfile[]>();

/** The re-ranking features of a fused result, for this query. */
function rerankView(parts: IndexParts, state: RankingState, actions: readonly VerbClass[], top: Fused): (f: Fused) => RerankFeatures {
  let profiles = PROFILES.get(parts);
  if (profiles === undefined) PROFILES.set(parts, (profiles = toolProfiles(parts.catalog, parts.bm25)));
  const corrected = new Map<string, number>();
  for (const c of state.corrections) corrected.set(c.to, Math.max(corrected.get(c.to) ?? 0, 1 - c.distance / c.from.length));
  const view: QueryView = { terms: new Set(state.terms.keys()), corrected, actions, intent: state.intent, bm25: new Map(state.bm25.map((d) => [d.doc, d.score])), reached: state.reached };
  const ctx = { catalog: parts.catalog, bm25: parts.bm25, profiles };
  return (f) => rerankFeatures(f.doc, f, top, view, ctx);
}

/** Tools already found by another source, ordered by how well their annotations fit the intent. */
function annotationList(lists: readonly RankedList[], align: (doc: number) => number | undefined): number[] {
  const bestRank = new Map<number, number>();
  for (const list of lists) list.docs.forEach((doc, i) => bestRank.set(doc, Math.min(bestRank.get(doc) ?? Infinity, i)));
  return [...bestRank.keys()]
    .map((doc) => ({ doc, value: align(doc) }))
    .filter((x): x is { doc: number; value: number } => x.value !== undefined)
    .sort((a, b) => b.value - a.value || bestRank.get(a.doc)! - bestRank.get(b.doc)! || a.doc - b.doc)
    .map((x) => x.doc);
}

/** A query that shows, with `mdkg query`, the indexed facts of the hits. */
export function evidenceQuery(iris: readonly string[]): string {
  if (iris.length === 0) return '';
  return [
    'PREFIX mdkg: <https://w3id.org/mdkg/vocab#>',
    'PREFIX schema: <https://schema.org/>',
    'SELECT ?tool ?name ?title ?description ?readOnly ?destructive WHERE {',
    `  VALUES ?tool { ${iris.map((i) => `<${i}>`).join(' ')} }`,
    '  ?tool mdkg:name ?name .',
    '  OPTIONAL { ?tool schema:name ?title }',
    '  OPTIONAL { ?tool schema:description ?description }',
    '  OPTIONAL { ?tool mdkg:readOnlyHint ?readOnly }',
    '  OPTIONAL { ?tool mdkg:destructiveHint ?destructive }',
    '}',
  ].join('\n');
}
