// Learned re-ranking of the top fused candidates: a linear model over features the fused rank
// cannot see (how much of the tool's name the request explains, whether the request's action
// matches the tool's, intent-annotation fit, score gaps), fitted pairwise on train/dev queries by
// benchmarks/fit.ts and stored in data/rerank.json. Reciprocal rank fusion keeps only ranks;
// this stage puts magnitudes and structure back, over `depth` candidates only.
import { RERANK_FEATURES, type RerankFeatures, type RerankModel } from '../params/rerank-model.js';
import type { VerbClass } from '../../lexicon/verbs.js';
import { splitIdentifier } from '../../lexicon/words.js';
import { alignment } from './alignment.js';
import type { Bm25Index } from '../text/bm25.js';
import { idf } from '../text/idf.js';
import type { Fused } from './fusion.js';
import { toolActions } from '../catalog/tool-action.js';
import type { ToolCatalog } from '../catalog/tool-records.js';
import { terms } from '../text/tokenize.js';
import type { ToolTable } from './tool-table.js';
import { nameHead, objectMatch, type RequestObject } from './object-match.js';
import type { Intent } from '../types.js';

/** What the re-ranker knows about a tool, computed once per index. */
export interface ToolProfile {
  /** Distinct terms of the tool's name with their inverse document frequency. */
  nameTerms: { term: string; idf: number }[];
  /** The same terms as a set. */
  nameSet: ReadonlySet<string>;
  /** The terms of the head word of the name's noun phrase (object-match.ts `nameHead`). */
  headSet: ReadonlySet<string>;
  /** Acronyms of runs of 2-3 consecutive name words (`pr` for pull_request) -> the terms of those words. */
  acronyms: Map<string, string[]>;
  action?: VerbClass;
  /** The tool is deprecated: `mdkg:deprecated` when its document states it, else the word in its description. */
  deprecated: boolean;
}

export function toolProfiles(catalog: ToolCatalog, bm25: Bm25Index): ToolProfile[] {
  const names = catalog.tools.map((t) => splitIdentifier(t.name));
  const actions = toolActions(catalog.tools, names);
  const wordTerms = termsMemo();
  return catalog.tools.map((tool, i) => toolProfile(tool, names[i]!, actions[i]?.verbClass, bm25, wordTerms));
}

/** `terms` of a word, memoized for one index. */
export function termsMemo(): (word: string) => string[] {
  const termsOf = new Map<string, string[]>();
  return (word) => {
    let out = termsOf.get(word);
    if (out === undefined) termsOf.set(word, (out = terms(word)));
    return out;
  };
}

/** The profile of one tool, from its name split into words and its action (toolActions: it needs the whole source). */
export function toolProfile(
  tool: ToolCatalog['tools'][number],
  words: readonly string[],
  action: VerbClass | undefined,
  bm25: Bm25Index,
  wordTerms: (word: string) => string[] = terms,
): ToolProfile {
  const seen = new Set(words.flatMap(wordTerms));
  const nameTerms = [...seen].map((term) => ({ term, idf: termIdf(bm25, term) }));
  const acronyms = acronymsOf(words, wordTerms);
  const deprecated = tool.deprecated ?? DEPRECATED.test(tool.description ?? '');
  const head = nameHead(words);
  const headSet = new Set(head === undefined ? [] : wordTerms(head));
  const profile = { nameTerms, nameSet: seen, headSet, acronyms, deprecated };
  return action === undefined ? profile : { ...profile, action };
}

const DEPRECATED = /\bdeprecated\b/i;

const LETTERS = /^\p{L}{2,}$/u;

/** Acronyms of runs of 2-3 consecutive alphabetic words, mapped to the terms of those words. */
export function acronymsOf(words: readonly string[], termsOfWord: (word: string) => string[] = terms): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const letters = words.map((w) => LETTERS.test(w));
  for (let i = 0; i < words.length; i++) {
    let acronym = '';
    for (let n = 1; n <= 3 && i + n <= words.length && letters[i + n - 1] === true; n++) {
      acronym += words[i + n - 1]![0];
      if (n >= 2 && !out.has(acronym)) out.set(acronym, words.slice(i, i + n).flatMap(termsOfWord));
    }
  }
  return out;
}

/** The IDF of a term in the tool index. */
function termIdf(bm25: Bm25Index, term: string): number {
  return idf(bm25.size, bm25.documentFrequency(term));
}

/** The shorter of two terms abbreviates the longer (`repo` / `repositori`, `config` / `configur`). */
export function abbreviates(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 3 && short.length / long.length >= 0.4 && long.startsWith(short);
}

/** What one query brings to every candidate's features. */
export interface QueryInput {
  /** The request's terms. */
  terms: ReadonlySet<string>;
  /** Terms that fuzzy correction put in place of misspelled words, with their weight (1 - distance / length). */
  corrected: ReadonlyMap<string, number>;
  /** Verb classes of the request's main verbs. */
  actions: readonly VerbClass[];
  intent: Intent;
  bm25: ReadonlyMap<number, number>;
  reached: ReadonlyMap<number, { score: number }>;
  /** The request's object noun (request/request-object.ts), when it has one. */
  object?: RequestObject;
  /**
   * Each request word with the terms that stand for it (its equivalents: "folder" also names a
   * `directory`); a word counts once, explained by any of its forms. Default: each term alone.
   */
  words?: readonly (readonly string[])[];
}

/** The query's side of the features, computed once per search rather than once per candidate. */
export interface QueryView extends QueryInput {
  termList: readonly string[];
  /** The request's words some tool has (in one of their forms), each with its largest inverse document frequency. */
  indexed: readonly { forms: readonly string[]; idf: number }[];
  indexedIdf: number;
  topLexical: number;
}

export function queryView(input: QueryInput, bm25: Bm25Index): QueryView {
  const termList = [...input.terms];
  const words = input.words ?? termList.map((t) => [t]);
  const indexed = words
    .map((forms) => forms.filter((t) => bm25.has(t)))
    .filter((forms) => forms.length > 0)
    .map((forms) => ({ forms, idf: Math.max(...forms.map((t) => termIdf(bm25, t))) }));
  let topLexical = 0;
  for (const score of input.bm25.values()) if (score > topLexical) topLexical = score;
  return { ...input, termList, indexed, indexedIdf: indexed.reduce((sum, t) => sum + t.idf, 0), topLexical };
}

export function rerankFeatures(
  doc: number,
  fused: Fused,
  top: Fused,
  q: QueryView,
  ctx: { catalog: ToolCatalog; bm25: Bm25Index; profiles: ToolTable<ToolProfile> },
): RerankFeatures {
  const profile = ctx.profiles.get(doc);
  const { topLexical, indexedIdf: queryIdf } = q;
  let matchedIdf = 0;
  let inName = 0;
  for (const { forms, idf: w } of q.indexed) {
    if (forms.some((t) => ctx.bm25.fieldsOf(t, doc).length > 0)) matchedIdf += w;
    if (forms.some((t) => profile.nameSet.has(t))) inName += w;
  }
  let nameIdf = 0;
  let nameMatched = 0;
  let nameCorrected = 0;
  const viaAcronym = new Set<string>();
  for (const t of q.termList) for (const term of profile.acronyms.get(t) ?? []) viaAcronym.add(term);
  for (const { term, idf: w } of profile.nameTerms) {
    nameIdf += w;
    if (q.terms.has(term) || viaAcronym.has(term) || q.termList.some((t) => abbreviates(t, term))) nameMatched += w;
    else nameCorrected += w * (q.corrected.get(term) ?? 0);
  }
  const a = alignment(q.intent, ctx.catalog.tools[doc]!.annotations);
  const action = profile.action === undefined || q.actions.length === 0 ? 0 : q.actions.includes(profile.action) ? 1 : -1;
  return {
    rrf: top.score > 0 ? fused.score / top.score : 0,
    relative: topLexical > 0 ? (q.bm25.get(doc) ?? 0) / topLexical : 0,
    queryCoverage: queryIdf > 0 ? matchedIdf / queryIdf : 0,
    nameCoverage: nameIdf > 0 ? nameMatched / nameIdf : 0,
    nameCorrected: nameIdf > 0 ? nameCorrected / nameIdf : 0,
    requestInName: queryIdf > 0 && nameIdf > 0 ? (inName / queryIdf) * (nameMatched / nameIdf) : 0,
    action,
    alignment: a === undefined ? 0 : 2 * a - 1,
    graph: q.reached.get(doc)?.score ?? 0,
    deprecated: profile.deprecated ? 1 : 0,
    ...objectMatch(q.object, { terms: profile.nameSet, head: profile.headSet }, action),
  };
}

export function rerankScore(features: RerankFeatures, model: RerankModel): number {
  let s = 0;
  for (const name of RERANK_FEATURES) s += model.weights[name] * features[name];
  return s;
}

/**
 * Re-orders the first `model.depth` fused results by the model's score (ties keep fused order);
 * the rest follow unchanged. Returns the features of the re-ranked ones by document.
 */
export function rerank(
  fused: readonly Fused[],
  features: (f: Fused) => RerankFeatures,
  model: RerankModel,
): { order: Fused[]; features: Map<number, RerankFeatures> } {
  const head = fused.slice(0, model.depth).map((f, i) => {
    const x = features(f);
    return { f, i, x, s: rerankScore(x, model) };
  });
  head.sort((a, b) => b.s - a.s || a.i - b.i);
  return { order: [...head.map((h) => h.f), ...fused.slice(model.depth)], features: new Map(head.map((h) => [h.f.doc, h.x])) };
}
