// The ranking stage of one search: every source of the strategy ranks the tools for a request
// (already prepared and normalized), the lists are fused, and with strategy `full` the top
// candidates are re-ranked by the learned model. No diagnostics, no hits: pipeline.ts shapes those.
import type { VerbClass } from '../../lexicon/verbs.js';
import { alignment } from './alignment.js';
import type { ScoredDoc } from '../text/bm25.js';
import { expand, type Reached } from './graph-expansion.js';
import { fuse, type Fused, type RankedList } from './fusion.js';
import type { Correction } from '../text/fuzzy.js';
import { classifyIntent } from '../request/intent.js';
import { DEFAULT_RERANK, type RerankFeatures } from '../params/rerank-model.js';
import { rerank, rerankFeatures, queryView } from './rerank.js';
import type { IndexParts } from './index-parts.js';
import { withoutNegated } from '../request/negation.js';
import { terms as stems, tokenize } from '../text/tokenize.js';
import { synonymsOf } from '../../lexicon/thesaurus.js';
import { equivalentsOf } from '../../lexicon/equivalents.js';
import { verbSenses } from '../../lexicon/phrasal-verbs.js';
import { splitIdentifier } from '../../lexicon/words.js';
import { isEnglishWord } from '../../lexicon/english-words.js';
import { ruleEnabled } from '../request/rule-ablation.js';
import type { Intent, LexicalStrategy, SourceName } from '../types.js';
import { verbExpansion } from '../request/verb-expansion.js';
import { idf } from '../text/idf.js';
import { requestPhrase } from '../request/request-object.js';
import type { RequestObject } from './object-match.js';

const SOURCES_OF: Readonly<Record<LexicalStrategy, readonly SourceName[]>> = {
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
  /** Synonyms added for request words no tool has (thesaurus stage), with their weight. */
  synonyms: Map<string, number>;
  /** Computing equivalents of request words ("folder" -> directory), each with the request term it stands for. */
  equivalents: Map<string, string>;
  /** The request's object noun and the terms standing for it (set after the fuzzy stage). */
  object?: RequestObject;
  reached: Map<number, Reached>;
  intent: Intent;
  /** Vector strategies: the cosine similarity of the request and each tool the vector source listed. */
  cosines?: Map<number, number>;
}

export interface Ranking {
  state: RankingState;
  lists: RankedList[];
  /** Best first: fused order, or the re-ranker's for its top candidates. */
  ranked: readonly Fused[];
  /** Re-ranking features by document (re-ranked candidates, or with `explain` the fused top). */
  learned?: Map<number, RerankFeatures>;
  modes: string[];
  /** The largest score `ranked` could hold (vector strategies; else the fusion's bound over `lists`). */
  maxScore?: number;
}

export interface RankOptions {
  strategy: LexicalStrategy;
  limit: number;
  explain: boolean;
  rerank: boolean;
}

export async function rankRequest(parts: IndexParts, request: string, opts: RankOptions): Promise<Ranking> {
  // Words under a negation ("not cancel it") say what is not wanted: they neither match nor set
  // the intent. A request that is nothing but a negation is searched as written.
  const negation = withoutNegated(request);
  const searched = /\p{L}/u.test(negation.text) ? negation.text : request;
  const sources = new Set(SOURCES_OF[opts.strategy]);
  const { params, bm25, fuzzy, catalog, adjacency } = parts;
  const modes: string[] = [];
  const { intent, actions } = classifyIntent(searched);
  const terms = new Map<string, number>();
  const words = new Set<string>();
  const surfaces = new Map<string, string>();
  for (const token of tokenize(searched)) {
    terms.set(token.term, (terms.get(token.term) ?? 0) + 1);
    if (!surfaces.has(token.term)) surfaces.set(token.term, token.surface.toLowerCase());
    if (token.kind === 'word') words.add(token.term);
  }
  const state: RankingState = {
    terms,
    surfaces,
    corrections: [],
    bm25: bm25.search(terms, params.candidates),
    expanded: [],
    synonyms: new Map(),
    equivalents: new Map(),
    reached: new Map(),
    intent,
  };
  // Equivalents stage: a request word also stands for the words that name the same thing in
  // computing ("folder" -> directory), at a hand-set weight (search-params.json priors). An
  // equivalent never weighs more than its word: a rarer one (`config` for "configuration") is
  // scaled down to the word's IDF, so the other name cannot outrank the word the request used.
  const base = new Map(terms);
  if (ruleEnabled('equivalents')) {
    const idfOf = (t: string): number => idf(bm25.size, Math.max(1, bm25.documentFrequency(t)));
    // A verb used in another sense stands for that sense's words ("add two numbers": sum, total).
    const senses = verbSenses(splitIdentifier(searched.normalize('NFKC')));
    for (const word of words) {
      // The equivalents a tool has share one word's weight ("folder": directory and dir).
      const surface = surfaces.get(word) ?? word;
      const named = [...equivalentsOf(surface), ...(senses.get(surface) ?? [])];
      const found = [...new Set(named.flatMap((e) => stems(e)))].filter((t) => bm25.has(t) && !base.has(t));
      for (const t of found) {
        const cap = bm25.has(word) ? Math.min(1, idfOf(word) / idfOf(t)) : 1;
        base.set(t, ((terms.get(word) ?? 1) * params.equivalents * cap) / found.length);
        state.equivalents.set(t, word);
      }
    }
    if (state.equivalents.size > 0) state.bm25 = bm25.search(base, params.candidates);
  }
  // The weighted terms the lexical list was last computed from (each stage below adds to it).
  let query: Map<string, number> = base;
  modes.push('lexical');
  if (searched !== request) modes.push('negation');

  if (sources.has('annotations')) {
    // Intent stage: the request's verbs also stand for the common verbs of their class. Tools with
    // such a verb become lexical candidates even at weight 0 (ranked after every scored match), so
    // the annotation and graph sources can consider them; measured on train/dev, see docs.
    const expansion = verbExpansion(searched, base, params.verbExpansion);
    if (expansion.size > 0) {
      state.expanded = [...expansion.keys()];
      query = new Map([...base, ...expansion]);
      state.bm25 = bm25.search(query, params.candidates);
    }
  }
  if (sources.has('fuzzy')) {
    // A common English word was meant as written ("forget" is no typo of "format"); only other
    // words no tool has are corrected, unless nothing matched at all (then any correction is the
    // only evidence there is, and its low coverage keeps the confidence low).
    const guard = ruleEnabled('englishWords') && state.bm25.length > 0;
    const meant = (word: string): boolean => guard && isEnglishWord(surfaces.get(word) ?? word);
    for (const word of words) if (!bm25.has(word) && !meant(word)) state.corrections.push(...fuzzy.correct(word));
    if (state.corrections.length > 0) {
      // A corrected term is lexical evidence, discounted by its edit distance: the lexical list is
      // recomputed with it (a separate rank-fused list would let a weak correction rank first).
      const combined = new Map([...base].filter(([t]) => bm25.has(t)));
      for (const t of state.expanded) combined.set(t, params.verbExpansion);
      for (const c of state.corrections)
        combined.set(c.to, Math.max(combined.get(c.to) ?? 0, (terms.get(c.from) ?? 1) * (1 - c.distance / c.from.length) * params.correctionWeight));
      query = combined;
      state.bm25 = bm25.search(query, params.candidates);
      modes.push('fuzzy');
    }
  }
  if (opts.strategy === 'full' && params.thesaurus > 0) {
    // Paraphrase stage: a request word no tool has also stands for its WordNet synonyms that some
    // tool has ("picture" -> image), at a low weight fitted on train/dev (0 turns it off).
    for (const word of words) {
      if (bm25.has(word)) continue;
      for (const synonym of synonymsOf(surfaces.get(word) ?? word)) {
        for (const t of stems(synonym)) if (bm25.has(t) && !query.has(t)) state.synonyms.set(t, params.thesaurus);
      }
    }
    if (state.synonyms.size > 0) {
      query = new Map([...query, ...state.synonyms]);
      state.bm25 = bm25.search(query, params.candidates);
      modes.push('thesaurus');
    }
  }
  const phrase = requestPhrase(searched);
  if (phrase !== undefined) {
    const formsOf = (term: string): string[] => termForms(state, term);
    const forms = formsOf(phrase.object);
    const modifiers = [...new Set(phrase.modifiers.flatMap(formsOf))].filter((t) => !forms.includes(t));
    state.object = { term: phrase.object, forms };
    // A change falls on the object: the nouns of a phrase qualifying it say which one, not what
    // is changed ("delete a relation between two entities" deletes no entity), so they weigh
    // `modifierWeight` times their weight (0: they only make their tools candidates). A read of
    // "the files in a folder" may well be a listing of the folder: reads keep them.
    const mw = params.modifierWeight;
    if (mw !== 1 && (intent === 'write' || intent === 'delete') && modifiers.some((t) => query.has(t))) {
      query = new Map([...query].map(([t, w]) => [t, modifiers.includes(t) ? w * mw : w]));
      state.bm25 = bm25.search(query, params.candidates);
      modes.push('modifiers');
    }
  }
  const lists: RankedList[] = [{ source: 'bm25', docs: state.bm25.map((d) => d.doc) }];
  const align = (doc: number): number | undefined => alignment(intent, catalog.tools[doc]!.annotations);
  if (sources.has('graph')) {
    const bias = (doc: number): number => 0.5 + 0.5 * (align(doc) ?? 0.5);
    // Of tools the words score alike, a deprecated one is not the seed its peers expand from.
    const deprecated = (doc: number): number => (parts.profiles.get(doc).deprecated ? 1 : 0);
    const seeds = [...state.bm25].sort((a, b) => b.score - a.score || deprecated(a.doc) - deprecated(b.doc) || a.doc - b.doc);
    const reached = expand(adjacency, seeds, params.expansion, intent === 'neutral' ? () => 1 : bias);
    for (const r of reached) state.reached.set(r.doc, r);
    lists.push({ source: 'graph', docs: reached.slice(0, params.candidates).map((r) => r.doc) });
  }
  if (sources.has('annotations') && intent !== 'neutral') {
    lists.push({ source: 'annotations', docs: annotationList(lists, align) });
  }
  for (const extra of parts.options.extraSources ?? []) {
    if (!sources.has(extra.name)) continue;
    const ranked = await extra.rank(request, params.candidates);
    const docs = ranked.map((r) => parts.byId.get(r.id)).filter((d): d is number => d !== undefined);
    // A source with nothing for this request adds no list (the fusion's bound, and so every confidence, stays as without it).
    if (docs.length === 0) continue;
    lists.push({ source: extra.name, docs });
    modes.push(extra.name);
  }
  const fused = fuse(lists, params.fusion.weights, params.fusion.k);
  let ranked: readonly Fused[] = fused;
  let learned: Map<number, RerankFeatures> | undefined;
  if (opts.strategy === 'full' && fused.length === 1) {
    // One candidate: nothing to re-order, and the order is decided (its features for `decided` and explain).
    learned = new Map([[fused[0]!.doc, rerankView(parts, state, actions, fused[0]!)(fused[0]!)]]);
  } else if (opts.strategy === 'full' && fused.length > 1) {
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
  return learned === undefined ? { state, lists, ranked, modes } : { state, lists, ranked, learned, modes };
}

/** The terms a request term stands for: itself, its computing equivalents and its corrections. */
export function termForms(state: Pick<RankingState, 'equivalents' | 'corrections'>, term: string): string[] {
  const forms = new Set([term]);
  for (const [t, from] of state.equivalents) if (from === term) forms.add(t);
  for (const c of state.corrections) if (c.from === term) forms.add(c.to);
  return [...forms];
}

/** The re-ranking features of a fused result, for this query. */
function rerankView(parts: IndexParts, state: RankingState, actions: readonly VerbClass[], top: Fused): (f: Fused) => RerankFeatures {
  const corrected = new Map<string, number>();
  for (const c of state.corrections) corrected.set(c.to, Math.max(corrected.get(c.to) ?? 0, 1 - c.distance / c.from.length));
  const view = queryView(
    {
      // An equivalent is the request's word under another name ("folder" names a `directory`).
      terms: new Set([...state.terms.keys(), ...state.equivalents.keys()]),
      corrected,
      actions,
      intent: state.intent,
      bm25: new Map(state.bm25.map((d) => [d.doc, d.score])),
      reached: state.reached,
      ...(state.object === undefined ? {} : { object: state.object }),
      words: [...state.terms.keys()].map((t) => [t, ...[...state.equivalents].filter(([, from]) => from === t).map(([to]) => to)]),
    },
    parts.bm25,
  );
  const ctx = { catalog: parts.catalog, bm25: parts.bm25, profiles: parts.profiles };
  return (f) => rerankFeatures(f.doc, f, top, view, ctx);
}

/** Tools already found by another source, ordered by how well their annotations fit the intent. */
function annotationList(lists: readonly RankedList[], align: (doc: number) => number | undefined): number[] {
  const bestRank = new Map<number, number>();
  for (const list of lists) for (const [i, doc] of list.docs.entries()) bestRank.set(doc, Math.min(bestRank.get(doc) ?? Infinity, i));
  return [...bestRank.keys()]
    .map((doc) => ({ doc, value: align(doc) }))
    .filter((x): x is { doc: number; value: number } => x.value !== undefined)
    .sort((a, b) => b.value - a.value || bestRank.get(a.doc)! - bestRank.get(b.doc)! || a.doc - b.doc)
    .map((x) => x.doc);
}
