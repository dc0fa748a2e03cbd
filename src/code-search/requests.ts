// The code tools as requests with plain arguments, shared by the CLI commands and the gateway's
// meta-tools: every path argument is confined to the repository root first (confine-path.ts), the
// index is the graph's memoized one, and a graph without code documents is a diagnostic, not an error.
import type { Diagnostic } from '../errors.js';
import type { QuadStore } from '../rdf/quad-store.js';
import { CodeIndex, codeIndexOf } from './code-index.js';
import { confinePath } from './confine-path.js';
import { fileStructure, renderStructure, type StructureFolder } from './file-structure.js';
import { type RepoMap, repoMap } from './repo-map.js';
import { inScope, normalizeScope, searchCode, symbolFields } from './search-code.js';
import { patternIndexOf, type SimilarPatternsResult } from './similar-patterns.js';
import { lookupSymbols } from './symbol-query.js';
import { LearnedPairs } from '../search/learned/learned-pairs.js';
import { type PairRecord, readPairRecords } from '../search/learned/pair-records.js';
import type { CodeEmbeddings } from './code-vectors.js';
import type { CodeHit, CodeSearchBy, CodeSearchResult, CodeStrategy, SymbolMatchMode } from './types.js';

export interface CodeContext {
  /** The graph's store; may be left out when `index` (and `pairs`) are given (a persisted code index: code-index-cache.ts). */
  store?: QuadStore;
  /** The code index to use instead of the store's (read from a persisted one). */
  index?: CodeIndex;
  /** The learned pairs to use instead of the store's. */
  pairs?: readonly PairRecord[];
  /** The repository root: code paths are relative to it, and path arguments must stay inside it. */
  root: string;
  /** Days a learned pair is used (config `learned.ttl_days`; default 30). */
  learnedTtlDays?: number;
  /** search_code's strategy when a request names none (default lexical; `embeddings.strategy`, else auto, with embeddings configured). */
  strategy?: CodeStrategy;
  /** The embeddings of the vector strategies (code-vectors.ts); use-lite when absent. */
  embeddings?: CodeEmbeddings;
}

/** The learned pairs of code symbols whose term the query has, by symbol index. */
function learnedFor(ctx: CodeContext, index: CodeIndex, query: string): Map<number, { term: string; how: 'exact' | 'fuzzy'; weight: number }> {
  const out = new Map<number, { term: string; how: 'exact' | 'fuzzy'; weight: number }>();
  const records = ctx.pairs ?? (ctx.store === undefined ? [] : readPairRecords(ctx.store).records);
  if (records.length === 0) return out;
  const pairs = new LearnedPairs(records, ctx.learnedTtlDays === undefined ? {} : { ttlDays: ctx.learnedTtlDays });
  const byIri = new Map(index.symbols.map((s, i) => [s.iri, i]));
  for (const m of pairs.match(query, 'symbol')) {
    const ref = byIri.get(m.target);
    if (ref !== undefined && !out.has(ref)) out.set(ref, { term: m.pair.term, how: m.how, weight: m.weight });
  }
  return out;
}

const EMPTY = new CodeIndex({ files: [], symbols: [], fileCalls: new Map() });

function opened(ctx: CodeContext): { index: CodeIndex; diagnostics: Diagnostic[] } {
  const index = ctx.index ?? (ctx.store === undefined ? EMPTY : codeIndexOf(ctx.store));
  const diagnostics: Diagnostic[] =
    index.files.length === 0
      ? [{ code: 'MDKG_NO_CODE_DOCUMENTS', severity: 'warning', message: 'the graph holds no code documents: run mdkg generate code first' }]
      : [];
  return { index, diagnostics };
}

export async function searchCodeRequest(
  ctx: CodeContext,
  args: { query: string; limit?: number; path?: string; kind?: string; strategy?: CodeStrategy; by?: CodeSearchBy },
): Promise<CodeSearchResult> {
  if (args.by === 'file') {
    // Files: the symbols of the widest window, grouped (search-code-files.ts).
    const result = await searchCodeRequest(ctx, { ...args, by: 'symbol', limit: 100 });
    const { groupByFile } = await import('./search-code-files.js');
    const scope = args.path === undefined ? undefined : normalizeScope(await confinePath(ctx.root, args.path));
    const files = groupByFile(opened(ctx).index, args.query, result.hits, Math.max(1, Math.min(100, Math.floor(args.limit ?? 10))), {
      admit: (file) => inScope(file, scope),
      hitsOnly: args.kind !== undefined,
    });
    return { ...result, hits: [], files };
  }
  const path = args.path === undefined ? undefined : await confinePath(ctx.root, args.path);
  const { index, diagnostics } = opened(ctx);
  const learned = learnedFor(ctx, index, args.query);
  const options = {
    ...(learned.size === 0 ? {} : { learned }),
    ...(args.limit === undefined ? {} : { limit: args.limit }),
    ...(path === undefined ? {} : { path }),
    ...(args.kind === undefined ? {} : { kind: args.kind }),
  };
  const strategy = args.strategy ?? ctx.strategy ?? 'lexical';
  if (strategy === 'lexical' && args.strategy === undefined) {
    const result = searchCode(index, args.query, options);
    return { ...result, diagnostics: [...diagnostics, ...result.diagnostics] };
  }
  // The vector code is loaded only for a vector strategy.
  const { vectorsFor } = await import('./code-vectors.js');
  const { searchCodeWithStrategy } = await import('./code-strategies.js');
  const { vectors, diagnostics: notes } =
    strategy === 'lexical' || index.symbols.length === 0 ? { diagnostics: [] } : await vectorsFor(index, ctx.embeddings ?? {});
  const result = await searchCodeWithStrategy(index, args.query, { ...options, strategy, ...(vectors === undefined ? {} : { vectors }) });
  return { ...result, diagnostics: [...diagnostics, ...notes, ...result.diagnostics] };
}

export interface SymbolSearchResult {
  name: string;
  mode: SymbolMatchMode;
  hits: CodeHit[];
  /** Matches found before `limit`. */
  total: number;
  diagnostics: Diagnostic[];
}

export function searchBySymbolRequest(ctx: CodeContext, args: { name: string; mode?: SymbolMatchMode; limit?: number }): SymbolSearchResult {
  const mode = args.mode ?? 'exact';
  const limit = Math.max(1, Math.min(100, Math.floor(args.limit ?? 20)));
  const { index, diagnostics } = opened(ctx);
  const found = lookupSymbols(index, args.name, mode);
  const hits = found.slice(0, limit).map(({ ref, rule, distance }): CodeHit => {
    const confidence = rule === 'exact' ? 1 : rule === 'case-insensitive' ? 0.9 : rule === 'fuzzy' ? Math.max(0.3, 0.9 - 0.2 * (distance ?? 0)) : 0.7;
    return {
      ...symbolFields(index, ref),
      score: confidence,
      confidence,
      evidence: [{ source: 'symbol', rule: distance === undefined ? rule : `${rule} (distance ${distance})` }],
    };
  });
  return { name: args.name, mode, hits, total: found.length, diagnostics };
}

export interface FileStructureResult {
  tree?: StructureFolder;
  text: string;
  diagnostics: Diagnostic[];
}

export async function fileStructureRequest(ctx: CodeContext, args: { path?: string; depth?: number }): Promise<FileStructureResult> {
  const path = args.path === undefined ? undefined : await confinePath(ctx.root, args.path);
  const { index, diagnostics } = opened(ctx);
  const tree = fileStructure(index, { ...(path === undefined ? {} : { path }), ...(args.depth === undefined ? {} : { depth: args.depth }) });
  if (tree === undefined && index.files.length > 0)
    diagnostics.push({ code: 'MDKG_NOT_FOUND', severity: 'warning', message: `no code file under '${path ?? '.'}'` });
  return { ...(tree === undefined ? {} : { tree }), text: tree === undefined ? '' : renderStructure(tree), diagnostics };
}

export async function repoMapRequest(
  ctx: CodeContext,
  args: { budget_tokens?: number; focus?: readonly string[] },
): Promise<RepoMap & { diagnostics: Diagnostic[] }> {
  // A focus entry with a slash or a file extension is a path (confined); others may be symbol names.
  const focus: string[] = [];
  for (const f of args.focus ?? []) focus.push(/[/\\]/.test(f) || /\.[A-Za-z0-9]+$/.test(f) || f === '..' ? await confinePath(ctx.root, f) : f);
  const { index, diagnostics } = opened(ctx);
  const map = repoMap(index, { ...(args.budget_tokens === undefined ? {} : { budgetTokens: args.budget_tokens }), focus });
  for (const f of map.unmatchedFocus) diagnostics.push({ code: 'MDKG_NOT_FOUND', severity: 'warning', message: `focus '${f}' names no code file or symbol` });
  return { ...map, diagnostics };
}

/** get_similar_patterns: the symbols whose source looks like `code_snippet` (similar-patterns.ts). */
export async function similarPatternsRequest(
  ctx: CodeContext,
  args: { code_snippet: string; limit?: number },
): Promise<SimilarPatternsResult & { snippetChars: number }> {
  const limit = Math.max(1, Math.min(100, Math.floor(args.limit ?? 10)));
  const { index, diagnostics } = opened(ctx);
  const patterns = await patternIndexOf(index, ctx.root);
  // With embeddings configured (a vector strategy by default), the cosine joins the shingle score (similar-vectors.ts).
  if (ctx.strategy !== undefined && ctx.strategy !== 'lexical' && index.symbols.length > 0) {
    const { vectorsFor } = await import('./code-vectors.js');
    const { similarWithVectors } = await import('./similar-vectors.js');
    const { vectors, diagnostics: notes } = await vectorsFor(index, ctx.embeddings ?? {});
    const result = await similarWithVectors(index, patterns, args.code_snippet, limit, vectors, notes);
    return { snippetChars: args.code_snippet.length, hits: result.hits, diagnostics: [...diagnostics, ...result.diagnostics] };
  }
  const result = patterns.similar(args.code_snippet, limit);
  return { snippetChars: args.code_snippet.length, hits: result.hits, diagnostics: [...diagnostics, ...result.diagnostics] };
}
