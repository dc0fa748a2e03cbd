// The two baselines of the code-search benchmark, run over the same files as the ranker:
// - boolean bag of words: each symbol (name, enclosing names, doc comment, signature, path) scores
//   the number of distinct query terms it contains; ties in catalog order;
// - plain BM25 (k1 1.2, b 0.75, one field) over 50-line chunks of the source files (10 lines of
//   overlap, as generate code's text blocks), read from disk by the benchmark.
// - whole-file BM25 (same parameters): each file's path and whole text as one document (issue 28).
// All use the search pipeline's tokenizer (terms: split identifiers, stop words, stems).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodeIndex } from '../src/code-search/code-index.js';
import { pathWords } from '../src/code-search/code-index.js';
import { Bm25Index } from '../src/search/text/bm25.js';
import { terms } from '../src/search/text/tokenize.js';

/** What a baseline returns: a file and a line range (a symbol's, or a chunk's). */
export interface RangeHit {
  file: string;
  startLine: number;
  endLine: number;
  qualifiedName?: string;
}

export function booleanBaseline(index: CodeIndex): (query: string, limit: number) => RangeHit[] {
  const sets = index.symbols.map((s) => new Set(terms([s.name, s.qualifiedName, s.doc, s.signature, pathWords(index.files[s.file]!.path)].join(' \n '))));
  return (query, limit) => {
    const wanted = [...new Set(terms(query))];
    const scored: { i: number; score: number }[] = [];
    sets.forEach((set, i) => {
      let score = 0;
      for (const t of wanted) if (set.has(t)) score += 1;
      if (score > 0) scored.push({ i, score });
    });
    scored.sort((a, b) => b.score - a.score || a.i - b.i);
    return scored.slice(0, limit).map(({ i }) => {
      const s = index.symbols[i]!;
      return { file: index.files[s.file]!.path, startLine: s.startLine, endLine: s.endLine, qualifiedName: s.qualifiedName };
    });
  };
}

export const CHUNK_LINES = 50;
export const CHUNK_OVERLAP = 10;

/** 50-line chunks of every file of the index, read from `root`; the BM25 build time is returned. */
export function chunkBaseline(index: CodeIndex, root: string): { search: (query: string, limit: number) => RangeHit[]; buildMs: number; chunks: number } {
  const chunks: RangeHit[] = [];
  const texts: string[] = [];
  for (const f of index.files) {
    let lines: string[];
    try {
      lines = readFileSync(join(root, f.path), 'utf8').split('\n');
    } catch {
      continue;
    }
    for (let start = 0; start < lines.length; start += CHUNK_LINES - CHUNK_OVERLAP) {
      const end = Math.min(lines.length, start + CHUNK_LINES);
      chunks.push({ file: f.path, startLine: start + 1, endLine: end });
      texts.push(`${f.path}\n${lines.slice(start, end).join('\n')}`);
      if (end === lines.length) break;
    }
  }
  const began = performance.now();
  const bm25 = Bm25Index.build(
    texts.map((t) => ({ get: (key: string) => (key === 'text' ? [t] : undefined) })),
    { k1: 1.2, fields: { text: { weight: 1, b: 0.75 } } },
  );
  const buildMs = performance.now() - began;
  return {
    buildMs,
    chunks: chunks.length,
    search: (query, limit) => {
      const weights = new Map<string, number>();
      for (const t of terms(query)) weights.set(t, 1);
      return bm25.search(weights, limit).map(({ doc }) => chunks[doc]!);
    },
  };
}

/** Whole-file BM25 (k1 1.2, b 0.75, one field): each file of the index, its path and whole text as one document, read from `root`. */
export function fileBaseline(index: CodeIndex, root: string): { search: (query: string, limit: number) => RangeHit[]; files: number } {
  const files: RangeHit[] = [];
  const texts: string[] = [];
  for (const f of index.files) {
    let text: string;
    try {
      text = readFileSync(join(root, f.path), 'utf8');
    } catch {
      continue;
    }
    files.push({ file: f.path, startLine: 1, endLine: text.split('\n').length });
    texts.push(`${f.path}\n${text}`);
  }
  const bm25 = Bm25Index.build(
    texts.map((t) => ({ get: (key: string) => (key === 'text' ? [t] : undefined) })),
    { k1: 1.2, fields: { text: { weight: 1, b: 0.75 } } },
  );
  return {
    files: files.length,
    search: (query, limit) => {
      const weights = new Map<string, number>();
      for (const t of terms(query)) weights.set(t, 1);
      return bm25.search(weights, limit).map(({ doc }) => files[doc]!);
    },
  };
}
