// search_code by file (issue 28): the ranked symbols of a search (lexical or a vector strategy)
// grouped by file. A file's score adds its symbols' reciprocal ranks, each later one of the same
// file counting `decay` times the one before (a file with several good symbols passes a file with
// one), by rank only, so it holds for every strategy. Each file lists its best symbols and its
// file-level evidence: the request's words in its path, and which words its symbols matched.
import { terms } from '../search/text/tokenize.js';
import { type CodeIndex, pathWords } from './code-index.js';
import type { CodeFileHit, CodeHit } from './types.js';

/** Grouping constants (chosen on the dev splits of the code-search sets; never on test). */
export const CODE_FILE_RANK = {
  /** Symbols of a file that add to its score, and that are listed under it. */
  perFile: 3,
  /** Weight of each further symbol of a file against the one before. */
  decay: 0.5,
  /** The k of 1 / (k + rank). */
  k: 1,
};

/** Files of ranked symbol hits, best first, at most `limit`. */
export function groupByFile(index: CodeIndex, query: string, hits: readonly CodeHit[], limit: number): CodeFileHit[] {
  const groups = new Map<string, { score: number; first: number; count: number; symbols: CodeHit[] }>();
  hits.forEach((h, rank) => {
    const g = groups.get(h.file) ?? { score: 0, first: rank, count: 0, symbols: [] };
    g.count += 1;
    if (g.symbols.length < CODE_FILE_RANK.perFile) {
      g.score += CODE_FILE_RANK.decay ** g.symbols.length / (CODE_FILE_RANK.k + rank + 1);
      g.symbols.push(h);
    }
    groups.set(h.file, g);
  });
  const queryTerms = new Set(terms(query));
  const byPath = new Map(index.files.map((f) => [f.path, f]));
  return [...groups.entries()]
    .sort((a, b) => b[1].score - a[1].score || a[1].first - b[1].first)
    .slice(0, limit)
    .map(([file, g]): CodeFileHit => {
      const record = byPath.get(file);
      const inPath = [...new Set(terms(pathWords(file)))].filter((t) => queryTerms.has(t));
      const matched = new Set<string>();
      for (const h of g.symbols) for (const e of h.evidence) for (const m of e.matched ?? []) matched.add(m.term);
      return {
        file,
        language: record?.language ?? '',
        lines: record?.lines ?? 0,
        score: Math.round(g.score * 1000) / 1000,
        confidence: g.symbols[0]!.confidence,
        symbols: g.symbols,
        evidence: { pathTerms: inPath, matchedTerms: [...matched].sort(), symbolHits: g.count },
      };
    });
}
