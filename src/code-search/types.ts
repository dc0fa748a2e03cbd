// What the code-search functions return: one shape for search_code, search_by_symbol and the CLI.
import type { Diagnostic } from '../errors.js';
import type { CodeConfidenceFeatures } from './code-confidence.js';
import type { CodeVectorFeatures } from './code-vector-confidence.js';

export type SymbolMatchMode = 'exact' | 'prefix' | 'contains' | 'fuzzy';

/** Why a result was returned. */
export interface CodeEvidence {
  /** `bm25` (words of the query in the symbol's fields), `symbol` (the query names it), `expansion` (a neighbour matched), `learned` (a learned pair's term is in the query), `vector` (its embedding text is near the query's; strategies vector, hybrid, auto). */
  source: 'bm25' | 'symbol' | 'expansion' | 'learned' | 'vector';
  /** For `vector`: the cosine of the query and the symbol's embedding text, and the symbol's rank by it. */
  cosine?: number;
  rank?: number;
  /** For `learned`: the pair's term, how it matched and its weight (docs/learned-pairs.md). */
  pair?: { term: string; how: 'exact' | 'fuzzy'; weight: number };
  /** Query terms and the fields they matched (`name`, `context`, `doc`, `signature`, `path`). */
  matched?: { term: string; fields: string[] }[];
  /** Typos corrected against the index's vocabulary. */
  corrected?: { from: string; to: string }[];
  /** How the query named it: exact, case-insensitive, prefix, contains, fuzzy (with the edit distance), or file. */
  rule?: string;
  /** For expansion: the matched neighbour and the relation from this result to it. */
  via?: { symbol: string; relation: 'contains' | 'calls' | 'called-by' | 'imports' };
}

export interface CodeHit {
  /** `<path>#<qualified name>`, or the path for a file. */
  id: string;
  file: string;
  startLine: number;
  endLine: number;
  /** Symbol kind (`function`, `method`, `class`, …) or `file`. */
  kind: string;
  name: string;
  qualifiedName: string;
  signature: string;
  /** First sentence of the doc comment, else the signature (at most 160 characters). */
  snippet: string;
  score: number;
  /** The calibrated probability that this hit is a right answer (code-confidence.ts). */
  confidence: number;
  evidence: CodeEvidence[];
  /** With `explain`: the features the confidence was computed from. */
  features?: CodeConfidenceFeatures;
  /** With `explain` and a vector strategy: the features of the vector confidence (code-vector-confidence.ts). */
  vectorFeatures?: CodeVectorFeatures;
}

/** A file of a search by file: its best symbols under it and what the file itself matched. */
export interface CodeFileHit {
  file: string;
  language: string;
  lines: number;
  /** Its rank by its symbols' reciprocal ranks (each further symbol weighted less) fused with its rank by the file field (search-code-files.ts). */
  score: number;
  /** The confidence of its best symbol (0 for a file without a symbol matching the request). */
  confidence: number;
  /** Its best symbols among the hits, best first (at most 3); for a file only the file field brought, its symbols matching most request words. */
  symbols: CodeHit[];
  /**
   * The request's words in the file's path, the request's words its file field holds (path, names,
   * signatures and doc comments of its symbols: file-field.ts), the words its symbols matched, and
   * how many of its symbols were among the hits.
   */
  evidence: { pathTerms: string[]; fileTerms: string[]; matchedTerms: string[]; symbolHits: number };
}

/** `symbol` (a ranked list of symbols, the default) or `file` (files, each with its best symbols). */
export type CodeSearchBy = 'symbol' | 'file';

export interface CodeSearchResult {
  query: string;
  /** The ranked symbols (empty with `by: 'file'`: the symbols are under their files). */
  hits: CodeHit[];
  /** With `by: 'file'`: the ranked files. */
  files?: CodeFileHit[];
  diagnostics: Diagnostic[];
  /** The strategy asked for (code-strategies.ts; absent from a plain lexical search). */
  strategy?: CodeStrategy;
  /** How it ranked: `lexical`, `vector`, `hybrid`, `auto:<branch>`, or `vector-fallback` when vectors were unavailable. */
  mode?: string;
}

/** `lexical` (searchCode alone), `vector`, `hybrid` and `auto` (code-strategies.ts). */
export type CodeStrategy = 'lexical' | 'vector' | 'hybrid' | 'auto';

export interface CodeSearchOptions {
  limit?: number;
  /** Only symbols of files under this path (relative to the code root; a file or folder). */
  path?: string;
  /** Only symbols of this kind (`function`, `class`, …). */
  kind?: string;
  /** Add each hit's confidence features. */
  explain?: boolean;
  /** Learned pairs whose term the query has, by symbol index (requests.ts reads them from the graph). */
  learned?: ReadonlyMap<number, { term: string; how: 'exact' | 'fuzzy'; weight: number }>;
}
