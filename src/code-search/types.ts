// What the code-search functions return: one shape for search_code, search_by_symbol and the CLI.
import type { Diagnostic } from '../errors.js';
import type { CodeConfidenceFeatures } from './code-confidence.js';

export type SymbolMatchMode = 'exact' | 'prefix' | 'contains' | 'fuzzy';

/** Why a result was returned. */
export interface CodeEvidence {
  /** `bm25` (words of the query in the symbol's fields), `symbol` (the query names it), `expansion` (a neighbour matched), `learned` (a learned pair's term is in the query). */
  source: 'bm25' | 'symbol' | 'expansion' | 'learned';
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
}

export interface CodeSearchResult {
  query: string;
  hits: CodeHit[];
  diagnostics: Diagnostic[];
}

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
