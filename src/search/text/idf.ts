/**
 * Inverse document frequency, the BM25 (Robertson–Spärck Jones) form kept positive:
 * ln(1 + (N − df + 0.5) / (df + 0.5)) for a term in `df` of `documents` documents. The one IDF of
 * the search (BM25 impacts, re-ranking features, graph-search subject weights).
 */
export function idf(documents: number, df: number): number {
  return Math.log(1 + (documents - df + 0.5) / (df + 0.5));
}
