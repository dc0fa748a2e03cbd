// get_similar_patterns with vectors: when embeddings are configured, the snippet's words (its
// identifiers split into words and its comments: embed-text.ts) are embedded and compared with
// every symbol's embedding text (code-vectors.ts). The score of a symbol is then
//   (1 - VECTOR_WEIGHT) * shingle score + VECTOR_WEIGHT * max(0, cosine),
// over the symbols that share shingles with the snippet plus the `limit` nearest by cosine (a
// symbol with no shared shingle is found by its meaning alone), with the same `minScore` cut. The
// shingle score stays the main evidence: the weight is hand-set (no labelled set of similar code
// exists). Without vectors, or when the snippet cannot be embedded, the result is the shingle
// one with a diagnostic.
import type { Diagnostic } from '../errors.js';
import { isMdkgError } from '../errors.js';
import { snippetEmbeddingText } from '../search/vector/embed-text.js';
import { embeddingFailureCode } from '../search/vector/provider.js';
import { embedRequest, type ToolVectors } from '../search/vector/tool-vectors.js';
import type { CodeIndex } from './code-index.js';
import type { PatternIndex, SimilarPattern, SimilarPatternsResult } from './similar-patterns.js';

/** Share of the blended score the cosine gives. */
export const VECTOR_WEIGHT = 0.3;
const MIN_SCORE = 0.1;

const round = (v: number): number => Math.round(v * 1e4) / 1e4;

export async function similarWithVectors(
  code: CodeIndex,
  patterns: PatternIndex,
  snippet: string,
  limit: number,
  vectors: ToolVectors | undefined,
  notes: readonly Diagnostic[] = [],
): Promise<SimilarPatternsResult> {
  if (vectors === undefined) {
    const plain = patterns.similar(snippet, limit);
    return { hits: plain.hits, diagnostics: [...plain.diagnostics, ...notes] };
  }
  const all = patterns.similar(snippet, code.symbols.length, 0);
  const text = snippetEmbeddingText(snippet);
  let cosines: Float32Array;
  try {
    if (text === '') throw new Error('the snippet has no words');
    cosines = vectors.index.scoreAll(await embedRequest(vectors, text));
  } catch (error) {
    const plain = patterns.similar(snippet, limit);
    const why = isMdkgError(error) ? error.message : (error as Error).message;
    return {
      hits: plain.hits,
      diagnostics: [
        ...plain.diagnostics,
        ...notes,
        { code: embeddingFailureCode(error), severity: 'warning', message: `the snippet could not be embedded (${why}); compared by shingles only` },
      ],
    };
  }
  const rowOf = new Map(code.symbols.map((_, i) => [code.symbolId(i), i]));
  const byId = new Map<string, SimilarPattern>(all.hits.map((h) => [h.id, h]));
  const nearest = [...cosines.keys()].sort((a, b) => cosines[b]! - cosines[a]! || a - b).slice(0, limit);
  for (const row of nearest) {
    const id = code.symbolId(row);
    if (byId.has(id)) continue;
    const s = code.symbols[row]!;
    byId.set(id, {
      id,
      file: code.files[s.file]!.path,
      startLine: s.startLine,
      endLine: s.endLine,
      kind: s.kind,
      qualifiedName: s.qualifiedName,
      score: 0,
      jaccard: 0,
      containment: 0,
    });
  }
  const hits = [...byId.values()]
    .map((h): SimilarPattern => {
      const cosine = Math.max(0, cosines[rowOf.get(h.id)!] ?? 0);
      return { ...h, score: round((1 - VECTOR_WEIGHT) * h.score + VECTOR_WEIGHT * cosine), cosine: round(cosine) };
    })
    .filter((h) => h.score >= MIN_SCORE)
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, limit);
  return { hits, diagnostics: [...all.diagnostics, ...notes] };
}
