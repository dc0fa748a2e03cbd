// File-level and symbol-level scores of the code-search benchmark (issue 28), per language and per
// request kind. A request's relevant files are the files of its `expected` entries (`<path>` or
// `<path>#<symbol>`), its relevant symbols the `#` entries. A ranked list of hits becomes a ranked
// list of files by keeping each file's first hit. Binary gains:
//   NDCG@10 = DCG of the first 10 files / DCG of an ideal list (min(relevant, 10) relevant files first),
//   Hit@1 / Hit@5 = a relevant file at rank 1 / in the first 5, Recall@10 = share of relevant files
//   in the first 10; symbol Hit@5 = a relevant symbol among the first 5 hits (requests with symbols only).
import type { CodeIndex } from '../src/code-search/code-index.js';
import type { RangeHit } from './code-search-baselines.js';
import { matches, type Query } from './code-sets.js';

export interface FileScores {
  ndcg10: number;
  hit1: number;
  hit5: number;
  recall10: number;
  /** undefined when the request names no symbol, or the method returns no symbols. */
  symbolHit5: number | undefined;
}

export const relevantFiles = (q: Query): string[] => [...new Set(q.expected.map((e) => e.split('#')[0]!))];

/** The files of a ranked list of hits, each at the rank of its first hit. */
export const rankedFiles = (hits: readonly RangeHit[]): string[] => [...new Set(hits.map((h) => h.file))];

export function scoreFiles(hits: readonly RangeHit[], q: Query, index: CodeIndex, symbols: boolean): FileScores {
  const relevant = new Set(relevantFiles(q));
  const files = rankedFiles(hits).slice(0, 10);
  let dcg = 0;
  files.forEach((f, i) => {
    if (relevant.has(f)) dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(relevant.size, 10); i++) ideal += 1 / Math.log2(i + 2);
  const named = q.expected.filter((e) => e.includes('#'));
  return {
    ndcg10: ideal === 0 ? 0 : dcg / ideal,
    hit1: files[0] !== undefined && relevant.has(files[0]) ? 1 : 0,
    hit5: files.slice(0, 5).some((f) => relevant.has(f)) ? 1 : 0,
    recall10: files.filter((f) => relevant.has(f)).length / Math.max(1, relevant.size),
    symbolHit5: !symbols || named.length === 0 ? undefined : hits.slice(0, 5).some((h) => named.some((e) => matches(h, e, index))) ? 1 : 0,
  };
}

export interface FileRow extends FileScores {
  language: string;
  split: string;
  method: string;
  kind: string;
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const fmt = (x: number): string => x.toFixed(3);

/** The means of some rows: n, NDCG@10, Hit@1, Hit@5, Recall@10, symbol Hit@5 (over rows that have it). */
export function summarize(rows: readonly FileScores[]): {
  n: number;
  ndcg10: number;
  hit1: number;
  hit5: number;
  recall10: number;
  symbolHit5?: number;
  symbolN: number;
} {
  const sym = rows.map((r) => r.symbolHit5).filter((x): x is number => x !== undefined);
  return {
    n: rows.length,
    ndcg10: mean(rows.map((r) => r.ndcg10)),
    hit1: mean(rows.map((r) => r.hit1)),
    hit5: mean(rows.map((r) => r.hit5)),
    recall10: mean(rows.map((r) => r.recall10)),
    ...(sym.length === 0 ? {} : { symbolHit5: mean(sym) }),
    symbolN: sym.length,
  };
}

/** The per-language table: one line per language, split, method and kind (`all` first). */
export function fileReport(rows: readonly FileRow[]): string[] {
  const out = ['| language | split | method | kind | n | NDCG@10 | Hit@1 | Hit@5 | Recall@10 | symbol Hit@5 |', '|---|---|---|---|---|---|---|---|---|---|'];
  const key = (r: FileRow): string => `${r.language}\u0000${r.split}\u0000${r.method}`;
  const groups = new Map<string, FileRow[]>();
  for (const r of rows) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  const line = (g: FileRow[], kind: string): string => {
    const s = summarize(g);
    const first = g[0]!;
    return `| ${first.language} | ${first.split} | ${first.method} | ${kind} | ${s.n} | ${fmt(s.ndcg10)} | ${fmt(s.hit1)} | ${fmt(s.hit5)} | ${fmt(s.recall10)} | ${s.symbolHit5 === undefined ? '—' : `${fmt(s.symbolHit5)} (${s.symbolN})`} |`;
  };
  for (const g of groups.values()) {
    out.push(line(g, 'all'));
    for (const kind of ['behaviour', 'architecture', 'symbol']) {
      const k = g.filter((r) => r.kind === kind);
      if (k.length > 0) out.push(line(k, kind));
    }
  }
  // Every language together, per split and method.
  const overall = new Map<string, FileRow[]>();
  for (const r of rows) overall.set(`${r.split}\u0000${r.method}`, [...(overall.get(`${r.split}\u0000${r.method}`) ?? []), r]);
  for (const g of overall.values()) out.push(line(g, 'all').replace(`| ${g[0]!.language} |`, '| all languages |'));
  return out;
}
