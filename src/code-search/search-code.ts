// search_code: ranks the symbols of the code index for a request. Three sources, in tiers:
// 1. the query names a symbol or file (`loadGraph`, `tool-index.ts`): exact, then prefix matches;
//    the callers of an exact match follow them (references below definitions);
// 2. BM25F over name words, enclosing names, doc comment, signature and path, with typo correction;
// 3. graph expansion: a matched method lifts its class, a matched symbol its callers and callees.
// Tests rank below implementation (a factor on their score); a symbol of a file whose file-level
// field answers the request rises a little (file-field.ts); no query-specific rules.
import { MdkgError } from '../errors.js';
import { firstSentence } from '../lexicon/words.js';
import { terms } from '../search/text/tokenize.js';
import { type CodeIndex, isTestPath } from './code-index.js';
import { type CodeConfidenceFeatures, codeConfidence, type NamedTier } from './code-confidence.js';
import { FILE_FUSION, fileFieldScores } from './file-field.js';
import { capPerFile, commonTermWeight, isInlineTest, isPointer } from './rank-rules.js';
import { namedSymbols } from './symbol-query.js';
import type { CodeEvidence, CodeHit, CodeSearchOptions, CodeSearchResult } from './types.js';

/** Ranking constants (tuned on the train and dev splits of benchmarks/datasets/code-*; never on test). */
export const CODE_RANK = {
  /** Share of a method's score its enclosing class receives. */
  parent: 0.3,
  /** Share of a symbol's score its callers and callees receive. */
  call: 0.15,
  /** How many BM25 results spread score to neighbours. */
  expandTop: 30,
  /** Weight of a typo-corrected term. */
  corrected: 0.6,
  /** Factor on the best word score a learned pair of weight 1 gives its symbol. */
  learned: 2,
  /** A pair of weight w gives `learned` × w^learnedPower: a partial match (a term that is part of the request) counts far less than a pair that says the whole request. */
  learnedPower: 4,
  /** Factor on the score of a symbol in test code (a test path, or inline test code: rank-rules.ts). */
  test: 0.5,
  /** Whether inline test code (Rust `mod tests`, test-support modules) counts as test code. */
  inlineTests: true,
  /** A request that itself says test (`where is the test helper …`) keeps test code at full score. */
  testQuery: true,
  /** At most this many symbols of one file among the first `capWindow` hits (0: no cap; a cap of 2 or 3 cost symbol Hit@5 on dev and moved no file: docs/benchmarks.md). */
  perFile: 0,
  capWindow: 10,
  /** A query term carried by at least `share` of the symbols' names weighs `common` (rank-rules.ts). */
  commonTerms: { share: 0.3, common: 0.1, minSymbols: 50 },
  /** Factor on the score of a pointer (a re-export, a bodyless module declaration: rank-rules.ts), below what it points at. */
  pointer: 0.5,
  /** Factor on the score by kind (others 1). */
  kind: { type: 0.85, interface: 0.85, block: 0.7, constant: 0.9 } as Readonly<Record<string, number>>,
};

interface Candidate {
  /** Symbol index, or -1 - file index for a file. */
  ref: number;
  tier: number;
  score: number;
  evidence: CodeEvidence[];
}

const MAX_LIMIT = 100;

function clampLimit(limit: number | undefined): number {
  return Math.max(1, Math.min(MAX_LIMIT, Math.floor(limit ?? 10)));
}

/** `src/x` or `./src/x/` -> `src/x`; `..` and absolute paths are refused (confinePath also resolves links). */
export function normalizeScope(path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  const p = path
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '')
    .replace(/\/+$/, '');
  if (p.startsWith('/') || /^[A-Za-z]:/.test(p) || p.split('/').includes('..') || p.includes('\0'))
    throw new MdkgError('MDKG_PATH_ESCAPE', `path '${path.replace(/\0/g, '\\0')}' must be relative to the repository root, without '..'`, { path });
  return p === '' || p === '.' ? undefined : p;
}

export function inScope(file: string, scope: string | undefined): boolean {
  return scope === undefined || file === scope || file.startsWith(`${scope}/`);
}

/** What a hit says of a symbol, besides its score, confidence and evidence. */
export function symbolFields(index: CodeIndex, ref: number): Omit<CodeHit, 'score' | 'confidence' | 'evidence' | 'features'> {
  const s = index.symbols[ref]!;
  return {
    id: index.symbolId(ref),
    file: index.files[s.file]!.path,
    startLine: s.startLine,
    endLine: s.endLine,
    kind: s.kind,
    name: s.name,
    qualifiedName: s.qualifiedName,
    signature: s.signature,
    snippet: snippetOf(s.doc, s.signature),
  };
}

/** First sentence of the doc comment, else the signature, at most 160 characters. */
export function snippetOf(doc: string, signature: string): string {
  const text = doc === '' ? signature : firstSentence(doc, true);
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

/**
 * The weighted terms of a request: a term of the index weighs 1, or less when it is common to the
 * symbols' names (rank-rules.ts); an unknown term is replaced by its typo correction, if any.
 */
export function queryWeights(index: CodeIndex, query: string): { weights: Map<string, number>; corrected: { from: string; to: string }[] } {
  const weights = new Map<string, number>();
  const corrected: { from: string; to: string }[] = [];
  for (const term of terms(query)) {
    if (weights.has(term)) continue;
    if (index.bm25.has(term)) {
      weights.set(term, commonTermWeight(index, term, 1, CODE_RANK.commonTerms));
      continue;
    }
    const fix = index.fuzzy.correct(term, 1)[0];
    if (fix !== undefined && !weights.has(fix.to)) {
      weights.set(fix.to, CODE_RANK.corrected);
      corrected.push({ from: fix.from, to: fix.to });
    } else weights.set(term, 1);
  }
  return { weights, corrected };
}

/** The file field's normalized scores for a request, test files ranked down like test symbols unless the request says test. */
export function fileScoresOf(index: CodeIndex, weights: ReadonlyMap<string, number>): Map<number, number> {
  const askTests = CODE_RANK.testQuery && weights.has('test');
  return fileFieldScores(index.fileField, weights, (f) => (!askTests && isTestPath(index.files[f]!.path) ? CODE_RANK.test : 1));
}

function bm25Candidates(
  index: CodeIndex,
  query: string,
  take: number,
): { scored: Map<number, Candidate>; weights: Map<string, number>; corrected: { from: string; to: string }[] } {
  const { weights, corrected } = queryWeights(index, query);
  const scored = new Map<number, Candidate>();
  for (const { doc, score } of index.bm25.search(weights, take)) scored.set(doc, { ref: doc, tier: 0, score, evidence: [] });
  return { scored, weights, corrected };
}

/** A matched symbol lifts its class, its callers and its callees (each by the largest share it gets). */
function expand(index: CodeIndex, scored: Map<number, Candidate>): void {
  const lifts = new Map<number, { score: number; via: CodeEvidence['via'] }>();
  const lift = (to: number, score: number, from: number, relation: NonNullable<CodeEvidence['via']>['relation']): void => {
    const now = lifts.get(to);
    if (now === undefined || score > now.score) lifts.set(to, { score, via: { symbol: index.symbolId(from), relation } });
  };
  const top = [...scored.values()].sort((a, b) => b.score - a.score || a.ref - b.ref).slice(0, CODE_RANK.expandTop);
  for (const c of top) {
    const s = index.symbols[c.ref]!;
    if (s.parent >= 0) lift(s.parent, c.score * CODE_RANK.parent, c.ref, 'contains');
    for (const t of s.calls) lift(t, c.score * CODE_RANK.call, c.ref, 'called-by');
    for (const t of index.callers[c.ref]!) lift(t, c.score * CODE_RANK.call, c.ref, 'calls');
  }
  for (const [to, { score, via }] of lifts) {
    const c = scored.get(to) ?? { ref: to, tier: 0, score: 0, evidence: [] };
    c.score += score;
    c.evidence.push({ source: 'expansion', ...(via === undefined ? {} : { via }) });
    scored.set(to, c);
  }
}

/**
 * Learned pairs as another source: a symbol whose pair's term the query has gains the best word
 * score times `CODE_RANK.learned` times the pair's weight to the power `CODE_RANK.learnedPower`, so
 * a pair that says the whole query (weight 1) ranks its symbol above every word match and a pair
 * for part of it (weight ~0.5-0.7) adds a little. The power was chosen with pairs learned from the
 * train splits and scored on dev (benchmarks/code-learned-pairs.ts): partial matches on new
 * requests cost rank at power 1 and nothing at 4, while requests seen before stay first.
 */
function learn(scored: Map<number, Candidate>, learned: CodeSearchOptions['learned']): void {
  if (learned === undefined || learned.size === 0) return;
  let best = 0;
  for (const c of scored.values()) if (c.score > best) best = c.score;
  for (const [ref, pair] of learned) {
    const c = scored.get(ref) ?? { ref, tier: 0, score: 0, evidence: [] };
    c.score += (best > 0 ? best : 1) * CODE_RANK.learned * pair.weight ** CODE_RANK.learnedPower;
    c.evidence.push({ source: 'learned', pair: { term: pair.term, how: pair.how, weight: pair.weight } });
    scored.set(ref, c);
  }
}

export function searchCode(index: CodeIndex, query: string, options: CodeSearchOptions = {}): CodeSearchResult {
  const limit = clampLimit(options.limit);
  const scope = normalizeScope(options.path);
  const { scored, weights, corrected } = bm25Candidates(index, query, limit * 5 + 50);
  expand(index, scored);
  learn(scored, options.learned);
  const askTests = CODE_RANK.testQuery && weights.has('test');
  // The file prior: a symbol of a file whose own words answer the request rises (file-field.ts).
  const fileScores = FILE_FUSION.prior > 0 ? fileScoresOf(index, weights) : undefined;
  for (const c of scored.values()) {
    const s = index.symbols[c.ref]!;
    if (fileScores !== undefined) c.score *= 1 + FILE_FUSION.prior * (fileScores.get(s.file) ?? 0);
    const test = isTestPath(index.files[s.file]!.path) || (CODE_RANK.inlineTests && isInlineTest(index, c.ref));
    if (test && !askTests) c.score *= CODE_RANK.test;
    c.score *= CODE_RANK.kind[s.kind] ?? 1;
    if (isPointer(index, c.ref)) c.score *= CODE_RANK.pointer;
  }
  const candidates = new Map<number, Candidate>(scored);
  for (const named of namedSymbols(index, query)) {
    const c = candidates.get(named.ref) ?? { ref: named.ref, tier: 0, score: 0, evidence: [] };
    if (named.tier > c.tier) c.tier = named.tier;
    c.evidence.unshift(named.evidence);
    candidates.set(named.ref, c);
  }
  const kept = [...candidates.values()].filter((c) => {
    const file = c.ref >= 0 ? index.files[index.symbols[c.ref]!.file]!.path : index.files[-1 - c.ref]!.path;
    if (!inScope(file, scope)) return false;
    return options.kind === undefined || (c.ref >= 0 ? index.symbols[c.ref]!.kind : 'file') === options.kind;
  });
  kept.sort((a, b) => b.tier - a.tier || b.score - a.score || a.ref - b.ref);
  const fileOf = (c: Candidate): number => (c.ref >= 0 ? index.symbols[c.ref]!.file : -1 - c.ref);
  const ranked = capPerFile(kept, fileOf, CODE_RANK.perFile, CODE_RANK.capWindow, (c) => c.tier > 0);
  const top = kept.length > 0 ? Math.max(...kept.filter((c) => c.tier === 0).map((c) => c.score), 1e-9) : 1;
  const queryTerms = [...weights.keys()];
  // The share of query terms the best word match covers scales every word match's confidence, so confidence falls with rank.
  const best = kept.find((c) => c.tier === 0 && c.ref >= 0);
  const coverage =
    best === undefined || queryTerms.length === 0 ? 0 : queryTerms.filter((t) => index.bm25.fieldsOf(t, best.ref).length > 0).length / queryTerms.length;
  const hits = ranked.slice(0, limit).map((c, rank) => toHit(index, c, queryTerms, corrected, { top, coverage, rank, explain: options.explain === true }));
  return { query, hits, diagnostics: [] };
}

/** The confidence features of a candidate (code-confidence.ts). */
function featuresOf(
  index: CodeIndex,
  c: Candidate,
  queryTerms: readonly string[],
  at: { top: number; coverage: number; rank: number },
): CodeConfidenceFeatures {
  const own = c.ref < 0 || queryTerms.length === 0 ? 0 : queryTerms.filter((t) => index.bm25.fieldsOf(t, c.ref).length > 0).length / queryTerms.length;
  return {
    tier: Math.max(0, Math.min(3, c.tier)) as NamedTier,
    coverage: at.coverage,
    own,
    relative: c.tier === 0 ? Math.min(1, c.score / at.top) : 0,
    reciprocalRank: 1 / (at.rank + 1),
  };
}

function toHit(
  index: CodeIndex,
  c: Candidate,
  queryTerms: readonly string[],
  corrected: { from: string; to: string }[],
  at: { top: number; coverage: number; rank: number; explain: boolean },
): CodeHit {
  const evidence = [...c.evidence];
  if (c.ref >= 0) {
    const matched = queryTerms.map((term) => ({ term, fields: index.bm25.fieldsOf(term, c.ref) })).filter((m) => m.fields.length > 0);
    if (matched.length > 0) evidence.unshift({ source: 'bm25', matched, ...(corrected.length > 0 ? { corrected } : {}) });
  }
  const features = featuresOf(index, c, queryTerms, at);
  const confidence = codeConfidence(features);
  const round = (x: number): number => Math.round(x * 1000) / 1000;
  const explained = at.explain ? { features } : {};
  if (c.ref < 0) {
    const f = index.files[-1 - c.ref]!;
    const names = f.symbols.filter((s) => index.symbols[s]!.parent < 0).map((s) => index.symbols[s]!.name);
    const base = f.path.slice(f.path.lastIndexOf('/') + 1);
    const snippet = `${f.language} file, ${f.lines} lines: ${names.slice(0, 8).join(', ')}${names.length > 8 ? ', …' : ''}`;
    return {
      id: f.path,
      file: f.path,
      startLine: 1,
      endLine: f.lines,
      kind: 'file',
      name: base,
      qualifiedName: f.path,
      signature: '',
      snippet,
      score: round(c.score),
      confidence: round(confidence),
      evidence,
      ...explained,
    };
  }
  return {
    ...symbolFields(index, c.ref),
    score: round(c.score),
    confidence: round(confidence),
    evidence,
    ...explained,
  };
}
