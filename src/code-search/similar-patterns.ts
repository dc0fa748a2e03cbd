// get_similar_patterns: the symbols whose source looks like a snippet. Each symbol's lines are read
// from its file under the code root (regular files only, no symbolic links, size-capped), turned into
// shingles (code-shingles.ts) and compared with the snippet's by weighted Jaccard similarity and by
// how much of the snippet the symbol contains; the score is their mean. A shingle weighs its inverse
// document frequency over the repository's symbols, log(1 + N / df): the shapes all code shares
// (`) ; }`, `I . I (`) count little, the distinctive ones much. Exact, linear in the repository's
// shingles per query; built once per code index and root (a few MB for thousands of symbols).
import { join } from 'node:path';
import type { Diagnostic, MdkgCode } from '../errors.js';
import { readRegularFile } from '../util/read-file.js';
import { runSliced, type Slicing, type Steps } from '../util/slices.js';
import type { CodeIndex } from './code-index.js';
import { codeShingles, MAX_CODE_CHARS } from './code-shingles.js';

/** Source files larger than this are not read for patterns. */
const MAX_FILE_BYTES = 2_000_000;

export interface SimilarPattern {
  /** `<path>#<qualified name>` */
  id: string;
  file: string;
  startLine: number;
  endLine: number;
  kind: string;
  qualifiedName: string;
  /** Mean of jaccard and containment, in [0, 1]. */
  score: number;
  /** Weighted |snippet ∩ symbol| / |snippet ∪ symbol| over their shingles. */
  jaccard: number;
  /** Weighted share of the snippet's shingles the symbol has. */
  containment: number;
  /** With embeddings: the cosine of the snippet's words and the symbol's embedding text (similar-vectors.ts; `score` then blends it in). */
  cosine?: number;
}

export interface SimilarPatternsResult {
  hits: SimilarPattern[];
  diagnostics: Diagnostic[];
}

export class PatternIndex {
  private constructor(
    private readonly code: CodeIndex,
    /** Shingles of each symbol (empty when its file could not be read). */
    private readonly shingles: readonly Uint32Array[],
    /** How many symbols have each shingle. */
    private readonly df: ReadonlyMap<number, number>,
    /** The summed weight of each symbol's shingles. */
    private readonly mass: Float64Array,
    readonly diagnostics: readonly Diagnostic[],
  ) {}

  /** The weight of a shingle: log(1 + N / df), a shingle no symbol has weighing most. */
  private weight(shingle: number): number {
    return Math.log1p(this.shingles.length / (this.df.get(shingle) ?? 1));
  }

  /** Reads every file of the index once, from `root` (the folder the code documents were generated from). */
  static async build(code: CodeIndex, root: string, slicing?: Slicing): Promise<PatternIndex> {
    const diagnostics: Diagnostic[] = [];
    const lines = new Map<number, string[]>();
    for (const [i, file] of code.files.entries()) {
      try {
        const bytes = await readRegularFile(join(root, file.path), { maxBytes: MAX_FILE_BYTES, follow: false, file: file.path });
        lines.set(i, bytes.toString('utf8').split('\n'));
      } catch (error) {
        const e = error as { code?: MdkgCode; message: string };
        diagnostics.push({
          code: e.code ?? 'MDKG_FILE_READ',
          severity: 'warning',
          message: `${e.message}; its symbols are left out of similar patterns`,
          file: file.path,
        });
      }
    }
    // In slices (util/slices.ts): on a server, the other clients are answered while this builds.
    const { shingles, df, mass } = await runSliced(shingleSteps(code, lines), slicing);
    return new PatternIndex(code, shingles, df, mass, diagnostics);
  }

  /** The `limit` symbols most like the snippet, best first (ties by id); none below `minScore`. */
  similar(snippet: string, limit = 10, minScore = 0.1): SimilarPatternsResult {
    const diagnostics: Diagnostic[] = [...this.diagnostics];
    if (snippet.length > MAX_CODE_CHARS)
      diagnostics.push({
        code: 'MDKG_QUERY_TRUNCATED',
        severity: 'warning',
        message: `the snippet has ${snippet.length} characters; the first ${MAX_CODE_CHARS} were compared`,
      });
    const query = codeShingles(snippet);
    if (query.length === 0) {
      diagnostics.push({ code: 'MDKG_QUERY_EMPTY', severity: 'warning', message: 'the snippet has no code tokens to compare' });
      return { hits: [], diagnostics };
    }
    const weights = Float64Array.from(query, (h) => this.weight(h));
    const total = weights.reduce((sum, w) => sum + w, 0);
    const scored: SimilarPattern[] = [];
    for (const [i, own] of this.shingles.entries()) {
      if (own.length === 0) continue;
      const shared = sharedWeight(query, weights, own);
      if (shared === 0) continue;
      const jaccard = shared / (total + this.mass[i]! - shared);
      const containment = shared / total;
      const score = (jaccard + containment) / 2;
      if (score < minScore) continue;
      const s = this.code.symbols[i]!;
      scored.push({
        id: this.code.symbolId(i),
        file: this.code.files[s.file]!.path,
        startLine: s.startLine,
        endLine: s.endLine,
        kind: s.kind,
        qualifiedName: s.qualifiedName,
        score: round(score),
        jaccard: round(jaccard),
        containment: round(containment),
      });
    }
    scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return { hits: scored.slice(0, limit), diagnostics };
  }
}

/** The summed weight of the query shingles (sorted, with their weights) that `own` (sorted) has too. */
function sharedWeight(query: Uint32Array, weights: Float64Array, own: Uint32Array): number {
  let i = 0;
  let j = 0;
  let sum = 0;
  while (i < query.length && j < own.length) {
    if (query[i]! === own[j]!) {
      sum += weights[i]!;
      i += 1;
      j += 1;
    } else if (query[i]! < own[j]!) i += 1;
    else j += 1;
  }
  return sum;
}

const round = (v: number): number => Math.round(v * 1e4) / 1e4;

/** Symbols between two points where the shingling may pause. */
const SYMBOLS_PER_STEP = 32;

/** The shingles of each symbol's lines, how many symbols have each, and each symbol's summed weight; a step every SYMBOLS_PER_STEP symbols of each pass. */
function* shingleSteps(code: CodeIndex, lines: ReadonlyMap<number, string[]>): Steps<{ shingles: Uint32Array[]; df: Map<number, number>; mass: Float64Array }> {
  const shingles: Uint32Array[] = [];
  for (const [i, s] of code.symbols.entries()) {
    if (i % SYMBOLS_PER_STEP === SYMBOLS_PER_STEP - 1) yield;
    const text = lines.get(s.file);
    shingles.push(text === undefined ? new Uint32Array(0) : codeShingles(text.slice(Math.max(0, s.startLine - 1), s.endLine).join('\n')));
  }
  const df = new Map<number, number>();
  for (const [i, own] of shingles.entries()) {
    if (i % SYMBOLS_PER_STEP === SYMBOLS_PER_STEP - 1) yield;
    for (const h of own) df.set(h, (df.get(h) ?? 0) + 1);
  }
  const mass = new Float64Array(shingles.length);
  for (const [i, own] of shingles.entries()) {
    if (i % SYMBOLS_PER_STEP === SYMBOLS_PER_STEP - 1) yield;
    for (const h of own) mass[i]! += Math.log1p(shingles.length / df.get(h)!);
  }
  return { shingles, df, mass };
}

const memo = new WeakMap<CodeIndex, Map<string, Promise<PatternIndex>>>();

/** The pattern index of a code index and root, built on first use. */
export function patternIndexOf(code: CodeIndex, root: string): Promise<PatternIndex> {
  let byRoot = memo.get(code);
  if (byRoot === undefined) memo.set(code, (byRoot = new Map()));
  let index = byRoot.get(root);
  if (index === undefined) byRoot.set(root, (index = PatternIndex.build(code, root)));
  return index;
}
