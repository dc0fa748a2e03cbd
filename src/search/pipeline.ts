// One search: prepare the query (length, control characters, optional normalizer), rank it
// (rank.ts), put the best tool of each step of a multi-step request near the top (clauses.ts),
// then shape hits with calibrated confidence and evidence, and diagnostics.
import type { Diagnostic } from '../errors.js';
import { splitClauses } from './request/clauses.js';
import { withoutNegated } from './request/negation.js';
import { maxFused, type Fused } from './rank/fusion.js';
import { buildHits } from './result/build-hits.js';
import { capConfidence } from './result/confidence-order.js';
import { prepareQuery, runNormalizer } from './request/normalize-query.js';
import { glossRequest, languageDiagnostic } from './request/gloss-request.js';
import { terms } from './text/tokenize.js';
import { rankRequest, type RankOptions, type Ranking } from './rank/rank-request.js';
import type { IndexParts } from './rank/index-parts.js';
import type { Intent, SearchResult, Strategy } from './types.js';

export type { RankingState } from './rank/rank-request.js';

/** One search over an index's parts: the entry point under ToolIndex.search. */
export async function searchIndex(
  parts: IndexParts,
  query: string,
  options: Omit<RankOptions, 'strategy'> & { strategy: Strategy; clauses: boolean },
): Promise<SearchResult> {
  // `lexical` is `full` by another name; the other vector strategies rank with vectors on top of it.
  const vector = options.strategy === 'vector' || options.strategy === 'hybrid' || options.strategy === 'auto';
  const opts = { ...options, strategy: options.strategy === 'lexical' || vector ? 'full' : options.strategy } as RankOptions & { clauses: boolean };
  const prepared = prepareQuery(query, parts.options.maxQueryChars ?? 1000);
  const diagnostics: Diagnostic[] = [...prepared.diagnostics];
  const empty = (searched: string, intent: Intent, mode: string): SearchResult => ({
    query,
    searched,
    intent,
    strategy: options.strategy,
    mode,
    hits: [],
    diagnostics,
    sparql: '',
  });
  if (prepared.text.trim() === '') return empty('', 'neutral', 'none');
  if (parts.catalog.tools.length === 0) {
    diagnostics.push({
      code: 'MDKG_INDEX_EMPTY',
      severity: 'error',
      message: 'the index is empty: the graph has no tools (type mdkg:Tool); generate some with `mdkg generate tools`',
    });
    return empty(prepared.text, 'neutral', 'none');
  }
  let searched = prepared.text;
  const modes: string[] = [];
  const normalizer = parts.options.normalizer;
  if (normalizer !== undefined) {
    const out = await runNormalizer(normalizer, searched, { timeoutMs: parts.options.normalizerTimeoutMs ?? 3000, cache: parts.normalizerCache });
    diagnostics.push(...out.diagnostics);
    if (out.normalized) {
      searched = out.text;
      modes.push(`normalized:${normalizer.name}`);
    }
  }
  if (modes.length === 0) {
    // Korean and Japanese through the glossary; a word the catalog has as written stays so.
    const glossed = glossRequest(searched, (word) => {
      const wordTerms = terms(word);
      return wordTerms.length > 0 && wordTerms.every((t) => parts.bm25.has(t));
    });
    if (glossed.languages.length > 0 && glossed.text !== searched) {
      searched = glossed.text === '' ? searched : glossed.text;
      modes.push(`glossary:${glossed.languages.join(',')}`);
    }
    if (glossed.unknownScript !== undefined) diagnostics.push(languageDiagnostic(glossed.unknownScript, undefined));
  } else {
    const script = glossRequest(prepared.text).unknownScript;
    if (script !== undefined) diagnostics.push(languageDiagnostic(script, normalizer?.name));
  }
  let whole: Ranking;
  if (vector) {
    // Loaded with the first vector search only: a lexical search never loads the vector code.
    const { rankWithVectors } = await import('./vector-rank.js');
    whole = await rankWithVectors(parts, searched, { ...opts, strategy: options.strategy as 'vector' | 'hybrid' | 'auto' }, diagnostics);
  } else whole = await rankRequest(parts, searched, opts);
  modes.push(...whole.modes);
  let ranked = whole.ranked;
  // A clause that is only a negation ("not cancel it") names no step.
  const clauses =
    opts.clauses && opts.strategy === 'full' && (!vector || options.strategy === 'auto')
      ? splitClauses(searched).filter((c) => /\p{L}/u.test(withoutNegated(c).text))
      : [];
  if (clauses.length > 1) {
    const heads: (readonly Fused[])[] = [];
    // A clause is ranked with the clause before it, so that words it refers back to still count
    // ("inspect its details" after "find an available pet").
    for (const [i, clause] of clauses.entries()) {
      const text = i === 0 ? clause : `${clause} ${clauses[i - 1]!}`;
      heads.push((await rankRequest(parts, text, { ...opts, explain: false })).ranked);
    }
    ranked = interleaveClauses(ranked, heads);
    modes.push(`clauses:${clauses.length}`);
  }
  const { state, lists, learned } = whole;
  const { params } = parts;
  const maxScore = whole.maxScore ?? maxFused(lists, params.fusion.weights, params.fusion.k);
  // Confidence never increases down the list (result/confidence-order.ts).
  const hits = capConfidence(buildHits(parts, state, ranked.slice(0, opts.limit), maxScore, opts.explain, learned, ranked[1]));
  const top = hits[0]?.confidence ?? 0;
  if (hits.length === 0) {
    diagnostics.push({ code: 'MDKG_LOW_CONFIDENCE', severity: 'warning', message: `no tool matched '${searched}'` });
  } else if (top < params.lowConfidence) {
    diagnostics.push({
      code: 'MDKG_LOW_CONFIDENCE',
      severity: 'warning',
      message: `the best match has low confidence (${top.toFixed(2)}); the request may not match any tool well`,
    });
  }
  return {
    query,
    searched,
    intent: state.intent,
    strategy: options.strategy,
    mode: modes.join('+'),
    hits,
    diagnostics,
    sparql: evidenceQuery(hits.map((h) => h.iri)),
  };
}

/** A query that shows, with `mdkg query`, the indexed facts of the hits. */
function evidenceQuery(iris: readonly string[]): string {
  if (iris.length === 0) return '';
  return [
    'PREFIX mdkg: <https://w3id.org/mdkg/vocab#>',
    'PREFIX schema: <https://schema.org/>',
    'SELECT ?tool ?name ?title ?description ?readOnly ?destructive WHERE {',
    `  VALUES ?tool { ${iris.map((i) => `<${i}>`).join(' ')} }`,
    '  ?tool mdkg:name ?name .',
    '  OPTIONAL { ?tool schema:name ?title }',
    '  OPTIONAL { ?tool schema:description ?description }',
    '  OPTIONAL { ?tool mdkg:readOnlyHint ?readOnly }',
    '  OPTIONAL { ?tool mdkg:destructiveHint ?destructive }',
    '}',
  ].join('\n');
}

/**
 * The whole request's ranking with the best tool of every clause moved up: after the whole
 * request's first tool come the first tools of the clauses, in clause order (each once), then the
 * rest of the whole ranking. A clause's tool keeps the whole request's fused entry when it has one.
 */
export function interleaveClauses(whole: readonly Fused[], clauses: readonly (readonly Fused[])[]): Fused[] {
  const byDoc = new Map(whole.map((f) => [f.doc, f]));
  const out: Fused[] = [];
  const placed = new Set<number>();
  const place = (f: Fused | undefined): void => {
    if (f === undefined || placed.has(f.doc)) return;
    placed.add(f.doc);
    out.push(byDoc.get(f.doc) ?? f);
  };
  place(whole[0]);
  for (const clause of clauses) place(clause[0]);
  for (const f of whole) place(f);
  return out;
}
