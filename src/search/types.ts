// Shapes shared by the search pipeline, the CLI, the gateway and the benchmark runner.
import type { Diagnostic } from '../errors.js';

/** What a request asks to do, from its verbs; `neutral` when no verb is found. */
export type Intent = 'read' | 'write' | 'delete' | 'neutral';

/** The ranked lists fused by a search. */
export type SourceName = 'bm25' | 'graph' | 'annotations' | 'fuzzy' | 'pairs' | 'vector';

/**
 * Named source combinations, from BM25 alone to everything lexical (`full`, also called `lexical`),
 * and the strategies with vectors (embeddings): `vector` alone, `hybrid` (vectors fused with the
 * lexical ranking) and `auto` (vector-first, lexical-first for identifier-like requests).
 */
export type Strategy = LexicalStrategy | VectorStrategy;
export type LexicalStrategy = 'bm25' | 'bm25+graph' | 'bm25+graph+annotations' | 'bm25+graph+annotations+fuzzy' | 'full';
export type VectorStrategy = 'lexical' | 'vector' | 'hybrid' | 'auto';
/** The lexical ablation ladder (what `mdkg bench` runs by default and with `all`). */
export const STRATEGIES: readonly LexicalStrategy[] = ['bm25', 'bm25+graph', 'bm25+graph+annotations', 'bm25+graph+annotations+fuzzy', 'full'];
/** `lexical` (the same ranking as `full`) and the strategies that use vectors when they are available. */
export const VECTOR_STRATEGIES: readonly VectorStrategy[] = ['lexical', 'vector', 'hybrid', 'auto'];
/** Every strategy a search takes. */
export const ALL_STRATEGIES: readonly Strategy[] = [...STRATEGIES, ...VECTOR_STRATEGIES];

/** One token of a normalized text. */
export interface Token {
  /** The indexed form: NFKC, case-folded, light-stemmed; identifiers kept whole. */
  term: string;
  /** The text it came from (before stemming), for evidence. */
  surface: string;
  /** `word`, an `identifier` kept whole (email, path, version, ticket or tracking number), or a CJK `ngram`. */
  kind: 'word' | 'identifier' | 'ngram';
}

/** Rewrites a request before search (e.g. an LLM turning it into concise English). */
export interface QueryNormalizer {
  /** A short name for diagnostics and the result's `mode`. */
  readonly name: string;
  normalize(query: string, signal: AbortSignal): Promise<string>;
}

export interface SearchOptions {
  /** Results to return (default 5, at most 100). */
  limit?: number;
  strategy?: Strategy;
  /** Include per-source ranks and scores in the evidence. */
  explain?: boolean;
  /** Learned re-ranking of the top candidates (strategy `full` only; default true). */
  rerank?: boolean;
  /** Multi-step requests: the best tool of each clause moves up (strategy `full` only; default true). */
  clauses?: boolean;
}

export interface ToolAnnotationsView {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** Why a tool was ranked where it was, per source. */
export interface Evidence {
  source: SourceName;
  /** 1-based rank of the tool in that source's list. */
  rank: number;
  score: number;
  /** Query terms matched, with the fields they matched in (bm25, fuzzy). */
  matched?: { term: string; fields: string[] }[];
  /** Misspelled query terms and what they were corrected to (fuzzy). */
  corrected?: { from: string; to: string; distance: number }[];
  /** Graph expansion: the seed tool, the edges walked, and the weakest edge confidence on the way. */
  path?: { from: string; relations: string[]; confidence: string };
  /** Annotation alignment: intent and the value it scored. */
  alignment?: { intent: Intent; value: number };
  /** Vector source: the cosine similarity of the request and the tool's embedding text. */
  cosine?: number;
  /** Learned pairs (source `pairs`): the pair whose term matched the request, how, and its document. */
  pair?: { term: string; how: 'exact' | 'fuzzy'; weight: number; similarity: number; learnedAt: string; file?: string };
}

export interface SearchHit {
  /** Compact id, e.g. `tool:filesystem/read_file`. */
  id: string;
  iri: string;
  name: string;
  source: string;
  title?: string;
  description?: string;
  annotations: ToolAnnotationsView;
  required: string[];
  /** Fused score (weighted reciprocal rank fusion); with strategy `full` the order is the learned re-ranker's (see `rerank`). */
  score: number;
  /** Calibrated probability that this tool is relevant, in [0, 1]. */
  confidence: number;
  evidence: Evidence[];
  related: string[];
  nextSteps: string[];
  /**
   * With `prerequisites` (mdkg search --prerequisites, search_tools): set on a tool placed right after
   * the hit it is a required producer of (its id), not ranked for the request itself (docs/plans.md).
   */
  prerequisiteOf?: string;
  /**
   * With `explain`: the features the confidence was computed from, and (strategy `full`) the
   * re-ranker's features of this tool, kept apart (both have a `relative`; calibration is fitted on
   * exactly the confidence features). `calibrated`: the confidence the features give, when the hit's
   * `confidence` was capped at the one of the hit above it (confidence never increases down a list).
   */
  features?: { confidence: Record<string, number>; rerank?: Record<string, number>; calibrated?: number };
}

export interface SearchResult {
  query: string;
  /** The query as searched (after an optional normalizer). */
  searched: string;
  intent: Intent;
  strategy: Strategy;
  /** `lexical`, `lexical+fuzzy`, `normalized:<name>`, ... */
  mode: string;
  hits: SearchHit[];
  diagnostics: Diagnostic[];
  /** A SPARQL query that shows the evidence of the hits with `mdkg query`. */
  sparql: string;
}
