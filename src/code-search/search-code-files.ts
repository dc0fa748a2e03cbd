// search_code by file (issue 28): the ranked symbols of a search (lexical or a vector strategy)
// grouped by file, fused with the file-level field (file-field.ts). A file's grouped score adds its
// symbols' reciprocal ranks, each later one of the same file counting `decay` times the one before
// (a file with several good symbols passes a file with one), by rank only, so it holds for every
// strategy. Its final score fuses its rank r by the grouped score with its rank f by the file field
// (file-field.ts): 1 / (k + r) + w / (k + f) (w: FILE_FUSION.fileWeight; f counted among the
// field's first `candidates` files), over the files of the hits and the field's best files, so a
// file whose own words answer the request shows even when none of its symbols was among the hits.
// A request that names a symbol (a hit found by its name) ranks by the grouped symbols alone. Each file
// lists its best symbols and its file-level evidence: the request's words in its path, in its
// file field, and which words its symbols matched.
import { terms } from '../search/text/tokenize.js';
import { codeConfidence } from './code-confidence.js';
import { type CodeIndex, pathWords } from './code-index.js';
import { FILE_FUSION, fileFieldTerms } from './file-field.js';
import { fileScoresOf, queryWeights, symbolFields } from './search-code.js';
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

interface Group {
  score: number;
  first: number;
  count: number;
  symbols: CodeHit[];
}

export interface GroupOptions {
  /** Files the file field may add (a search's path scope); every file when absent. */
  admit?: (path: string) => boolean;
  /** Add no file the hits did not reach (a search restricted to one kind of symbol). */
  hitsOnly?: boolean;
}

/** Files of ranked symbol hits fused with the file field, best first, at most `limit`. */
export function groupByFile(index: CodeIndex, query: string, hits: readonly CodeHit[], limit: number, options: GroupOptions = {}): CodeFileHit[] {
  const groups = new Map<string, Group>();
  hits.forEach((h, rank) => {
    const g = groups.get(h.file) ?? { score: 0, first: rank, count: 0, symbols: [] };
    g.count += 1;
    if (g.symbols.length < CODE_FILE_RANK.perFile) {
      g.score += CODE_FILE_RANK.decay ** g.symbols.length / (CODE_FILE_RANK.k + rank + 1);
      g.symbols.push(h);
    }
    groups.set(h.file, g);
  });
  const { weights } = queryWeights(index, query);
  const field = fileScoresOf(index, weights);
  const fileAt = new Map(index.files.map((f, i) => [f.path, i]));
  const named = hits.some((h) => h.evidence.some((e) => e.source === 'symbol'));
  const { k, candidates } = FILE_FUSION;
  const w = named ? 0 : FILE_FUSION.fileWeight;
  const fused = new Map<string, { score: number; first: number }>();
  [...groups.entries()]
    .sort((a, b) => b[1].score - a[1].score || a[1].first - b[1].first)
    .forEach(([file, g], rank) => {
      fused.set(file, { score: 1 / (k + rank + 1), first: g.first });
    });
  if (w > 0) {
    let rank = 0;
    for (const f of field.keys()) {
      if (rank >= candidates) break;
      const path = index.files[f]!.path;
      const had = fused.get(path);
      if (had === undefined && ((options.admit !== undefined && !options.admit(path)) || options.hitsOnly === true)) continue;
      const part = w / (k + rank + 1);
      if (had === undefined) fused.set(path, { score: part, first: hits.length + rank });
      else had.score += part;
      rank += 1;
    }
  }
  const queryTerms = new Set(terms(query));
  const weighted = [...weights.keys()];
  return [...fused.entries()]
    .sort((a, b) => b[1].score - a[1].score || a[1].first - b[1].first)
    .slice(0, limit)
    .map(([file, f]): CodeFileHit => {
      const at = fileAt.get(file);
      const record = at === undefined ? undefined : index.files[at];
      const g = groups.get(file);
      const symbols = g?.symbols ?? (at === undefined ? [] : bestSymbols(index, at, weighted));
      const inPath = [...new Set(terms(pathWords(file)))].filter((t) => queryTerms.has(t));
      const matched = new Set<string>();
      for (const h of symbols) for (const e of h.evidence) for (const m of e.matched ?? []) matched.add(m.term);
      return {
        file,
        language: record?.language ?? '',
        lines: record?.lines ?? 0,
        score: Math.round(f.score * 10000) / 10000,
        confidence: symbols[0]?.confidence ?? 0,
        symbols,
        evidence: {
          pathTerms: inPath,
          fileTerms: at === undefined ? [] : fileFieldTerms(index.fileField, at, weighted),
          matchedTerms: [...matched].sort(),
          symbolHits: g?.count ?? 0,
        },
      };
    });
}

/**
 * The symbols of a file no hit reached, for a file the file field brought: those matching the most
 * request terms (then in line order), at most `perFile`; each with the confidence of a word match
 * past the searched window.
 */
function bestSymbols(index: CodeIndex, file: number, queryTerms: readonly string[]): CodeHit[] {
  if (queryTerms.length === 0) return [];
  return index.files[file]!.symbols.map((ref) => {
    const matched = queryTerms.map((term) => ({ term, fields: index.bm25.fieldsOf(term, ref) })).filter((m) => m.fields.length > 0);
    return { ref, matched };
  })
    .filter((s) => s.matched.length > 0)
    .sort((a, b) => b.matched.length - a.matched.length)
    .slice(0, CODE_FILE_RANK.perFile)
    .map(({ ref, matched }, rank): CodeHit => {
      const own = matched.length / queryTerms.length;
      const confidence = codeConfidence({ tier: 0, coverage: own, own, relative: 0, reciprocalRank: 1 / (101 + rank) });
      return { ...symbolFields(index, ref), score: 0, confidence: Math.round(confidence * 1000) / 1000, evidence: [{ source: 'bm25', matched }] };
    });
}
