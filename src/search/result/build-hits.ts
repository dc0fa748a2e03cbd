// Shapes fused results into hits: tool facts, calibrated confidence, per-source evidence.
import { alignment } from '../rank/alignment.js';
import { confidence } from './calibrate.js';
import { evidenceOf as evidenceFeatures, nameExplained, requestEvidence } from './evidence-features.js';
import type { ConfidenceFeatures, VectorFeatures } from '../params/calibration-model.js';
import type { Fused } from '../rank/fusion.js';
import { DEFAULT_RERANK, type RerankFeatures, type RerankModel } from '../params/rerank-model.js';
import { rerankScore } from '../rank/rerank.js';
import type { RankingState } from '../rank/rank-request.js';
import type { IndexParts } from '../rank/index-parts.js';
import type { Evidence, SearchHit, SourceName } from '../types.js';

const RELATED = new Set(['requires', 'relatedTo']);
const NEXT = new Set(['precedes', 'nextStep']);

export function buildHits(
  parts: IndexParts,
  state: RankingState,
  fused: readonly Fused[],
  maxScore: number,
  explain: boolean,
  learned?: ReadonlyMap<number, RerankFeatures>,
  /** The result after the first in the whole ranking (hits may be cut to fewer): confidence never depends on the limit. */
  runnerUp: Fused | undefined = fused[1],
): SearchHit[] {
  const { catalog, bm25, adjacency } = parts;
  const bm25Score = new Map(state.bm25.map((d) => [d.doc, d.score]));
  const topLexical = state.bm25[0]?.score ?? 0;
  // How far the first result leads every other tool lexically (0 when it is not the lexical best:
  // the re-ranker put it first against the words).
  const lead = fused[0] === undefined ? 0 : (bm25Score.get(fused[0].doc) ?? 0) - (state.bm25.find((d) => d.doc !== fused[0]!.doc)?.score ?? 0);
  const margin = topLexical > 0 ? Math.max(0, lead) / topLexical : 0;
  const decisive = decided(
    fused[0] === undefined ? [] : runnerUp === undefined ? [fused[0]] : [fused[0], runnerUp],
    learned,
    parts.options.rerank ?? DEFAULT_RERANK,
  );
  const queryTerms = [...state.terms.keys()];
  const request = requestEvidence(state, bm25, parts.params.bm25.k1);
  // With vectors: each hit's cosine, absolute and relative to the request's best.
  const { cosines } = state;
  let bestCosine = 0;
  for (const c of cosines?.values() ?? []) if (c > bestCosine) bestCosine = c;
  const vectorOf = (doc: number): VectorFeatures | undefined => {
    if (cosines === undefined) return undefined;
    const cosine = Math.max(0, cosines.get(doc) ?? 0);
    return { cosine, cosineRelative: bestCosine > 0 ? cosine / bestCosine : 0 };
  };
  return fused.map((f, i): SearchHit => {
    const tool = catalog.tools[f.doc]!;
    const direct = queryTerms
      .map((term) => ({ term: state.surfaces.get(term) ?? term, fields: bm25.fieldsOf(term, f.doc) }))
      .filter((m) => m.fields.length > 0);
    const viaVerb = state.expanded.map((term) => ({ term: `~${term}`, fields: bm25.fieldsOf(term, f.doc) })).filter((m) => m.fields.length > 0);
    const viaSynonym = [...state.synonyms.keys()].map((term) => ({ term: `≈${term}`, fields: bm25.fieldsOf(term, f.doc) })).filter((m) => m.fields.length > 0);
    const viaEquivalent = [...state.equivalents.keys()]
      .map((term) => ({ term: `=${term}`, fields: bm25.fieldsOf(term, f.doc) }))
      .filter((m) => m.fields.length > 0);
    const matched = [...direct, ...viaEquivalent, ...viaVerb, ...viaSynonym];
    const corrected = state.corrections.filter((c) => bm25.fieldsOf(c.to, f.doc).length > 0).map((c) => ({ ...c, from: state.surfaces.get(c.from) ?? c.from }));
    const lexical = bm25Score.get(f.doc) ?? 0;
    const absolute = evidenceFeatures(request, state, bm25, f.doc, lexical);
    const features: ConfidenceFeatures = {
      fused: maxScore > 0 ? f.score / maxScore : 0,
      relative: topLexical > 0 ? lexical / topLexical : 0,
      coverage: queryTerms.length > 0 ? Math.min(1, (direct.length + corrected.length) / queryTerms.length) : 0,
      reciprocalRank: 1 / (i + 1),
      margin: i === 0 ? margin : 0,
      strength: Math.log1p(lexical),
      ...absolute,
      actionAgree: alignment(state.intent, tool.annotations) ?? 0.5,
      backedLead: (i === 0 ? margin : 0) * absolute.selfScore,
      decisive: i === 0 ? decisive : 0,
      namedDecisive: i === 0 ? decisive * nameExplained(parts.profiles.get(f.doc), state) : 0,
    };
    const vector = vectorOf(f.doc);
    const evidence: Evidence[] = [];
    for (const [source, rank] of Object.entries(f.ranks) as [SourceName, number][]) {
      evidence.push(evidenceOf(source, rank, f.doc, { parts, state, matched, corrected, bm25: bm25Score }));
    }
    const lexicalRank = f.ranks.bm25;
    if (corrected.length > 0 && lexicalRank !== undefined) evidence.push({ source: 'fuzzy', rank: lexicalRank, score: round(lexical), corrected });
    const steps = adjacency.get(f.doc);
    const ids = (set: Set<string>): string[] =>
      [...new Set(steps.filter((s) => !s.reverse && set.has(s.relation)).map((s) => catalog.tools[s.to]!.id))].slice(0, 5);
    return {
      id: tool.id,
      iri: tool.iri,
      name: tool.name,
      source: tool.source,
      ...(tool.title === undefined ? {} : { title: tool.title }),
      ...(tool.description === undefined ? {} : { description: tool.description }),
      annotations: tool.annotations,
      required: tool.required,
      score: round(f.score),
      confidence: round(confidence(features, parts.calibration, vector)),
      evidence,
      related: ids(RELATED),
      nextSteps: ids(NEXT),
      ...(explain ? { features: explained({ ...features, ...vector }, learned?.get(f.doc)) } : {}),
    };
  });
}

/** 2σ(s₁ − s₂) − 1 over the re-ranker's scores of the first two results; 0 without them. */
export function decided(fused: readonly Fused[], learned: ReadonlyMap<number, RerankFeatures> | undefined, model: RerankModel): number {
  const first = fused[0] === undefined ? undefined : learned?.get(fused[0].doc);
  if (first === undefined) return 0;
  const second = fused[1] === undefined ? undefined : learned?.get(fused[1].doc);
  if (second === undefined) return 1;
  return 2 / (1 + Math.exp(-(rerankScore(first, model) - rerankScore(second, model)))) - 1;
}

interface EvidenceContext {
  parts: IndexParts;
  state: RankingState;
  matched: { term: string; fields: string[] }[];
  corrected: RankingState['corrections'];
  bm25: Map<number, number>;
}

function evidenceOf(source: SourceName, rank: number, doc: number, ctx: EvidenceContext): Evidence {
  switch (source) {
    case 'bm25':
      return { source, rank, score: round(ctx.bm25.get(doc) ?? 0), matched: ctx.matched };
    case 'graph': {
      const r = ctx.state.reached.get(doc);
      if (r === undefined || r.relations.length === 0) return { source, rank, score: round(r?.score ?? 0) };
      return { source, rank, score: round(r.score), path: { from: ctx.parts.catalog.tools[r.from]!.id, relations: r.relations, confidence: r.confidence } };
    }
    case 'annotations':
      return {
        source,
        rank,
        score: 0,
        alignment: { intent: ctx.state.intent, value: alignment(ctx.state.intent, ctx.parts.catalog.tools[doc]!.annotations) ?? 0.5 },
      };
    case 'vector': {
      const cosine = ctx.state.cosines?.get(doc);
      return cosine === undefined ? { source, rank, score: 0 } : { source, rank, score: round(cosine), cosine: round(cosine) };
    }
    default:
      return { source, rank, score: 0 };
  }
}

function explained(confidence: ConfidenceFeatures & Partial<VectorFeatures>, rerank: RerankFeatures | undefined): NonNullable<SearchHit['features']> {
  return rerank === undefined ? { confidence: { ...confidence } } : { confidence: { ...confidence }, rerank: { ...rerank } };
}

function round(v: number): number {
  return Math.round(v * 1e4) / 1e4;
}
