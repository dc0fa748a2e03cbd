// get_similar_patterns: the symbols whose source looks like a snippet. Each symbol's lines are read
// from its file under the code root (regular files only, no symbolic links, size-capped), turned into
// shingles (code-shingles.ts) and compared with the snippet's by Jaccard similarity and by how much
// of the snippet the symbol contains; the score is their mean. Exact, linear in the repository's
// shingles per query; built once per code index and root (a few MB for thousands of symbols).
import { join } from 'node:path';
import type { Diagnostic, MdkgCode } from '../errors.js';
import { readRegularFile } from '../util/read-file.js';
import type { CodeIndex } from './code-index.js';
import { codeShingles, MAX_CODE_CHARS, overlap } from './code-shingles.js';

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
  /** |snippet ∩ symbol| / |snippet ∪ symbol| over their shingles. */
  jaccard: number;
  /** Share of the snippet's shingles the symbol has. */
  containment: number;
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
    readonly diagnostics: readonly Diagnostic[],
  ) {}

  /** Reads every file of the index once, from `root` (the folder the code documents were generated from). */
  static async build(code: CodeIndex, root: string): Promise<PatternIndex> {
    const diagnostics: Diagnostic[] = [];
    const lines = new Map<number, string[]>();
    for (const [i, file] of code.files.entries()) {
      try {
        const bytes = await readRegularFile(join(root, file.path), { maxBytes: MAX_FILE_BYTES, follow: false, file: file.path });
        lines.set(i, bytes.toString('utf8').split('\n'));
      } catch (error) {
        const e = error as { code?: MdkgCode; message: string };
        diagnostics.push({ code: e.code ?? 'MDKG_FILE_READ', severity: 'warning', message: `${e.message}; its symbols are left out of similar patterns`, file: file.path });
      }
    }
    const shingles = code.symbols.map((s) => {
      const text = lines.get(s.file);
      if (text === undefined) return new Uint32Array(0);
      return codeShingles(text.slice(Math.max(0, s.startLine - 1), s.endLine).join('\n'));
    });
    return new PatternIndex(code, shingles, diagnostics);
  }

  /** The `limit` symbols most like the snippet, best first (ties by id); none below `minScore`. */
  similar(snippet: string, limit = 10, minScore = 0.1): SimilarPatternsResult {
    const diagnostics: Diagnostic[] = [...this.diagnostics];
    if (snippet.length > MAX_CODE_CHARS)
      diagnostics.push({ code: 'MDKG_QUERY_TRUNCATED', severity: 'warning', message: `the snippet has ${snippet.length} characters; the first ${MAX_CODE_CHARS} were compared` });
    const query = codeShingles(snippet);
    if (query.length === 0) {
      diagnostics.push({ code: 'MDKG_QUERY_EMPTY', severity: 'warning', message: 'the snippet has no code tokens to compare' });
      return { hits: [], diagnostics };
    }
    const scored: SimilarPattern[] = [];
    for (const [i, own] of this.shingles.entries()) {
      if (own.length === 0) continue;
      const shared = overlap(query, own);
      if (shared === 0) continue;
      const jaccard = shared / (query.length + own.length - shared);
      const containment = shared / query.length;
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

const round = (v: number): number => Math.round(v * 1e4) / 1e4;

const memo = new WeakMap<CodeIndex, Map<string, Promise<PatternIndex>>>();

/** The pattern index of a code index and root, built on first use. */
export function patternIndexOf(code: CodeIndex, root: string): Promise<PatternIndex> {
  let byRoot = memo.get(code);
  if (byRoot === undefined) memo.set(code, (byRoot = new Map()));
  let index = byRoot.get(root);
  if (index === undefined) byRoot.set(root, (index = PatternIndex.build(code, root)));
  return index;
}
