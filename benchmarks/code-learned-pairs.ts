/**
 * The learned-pairs effect on code search: for each code-search set (benchmarks/datasets/code-*),
 * pairs are learned from its train split the way an agent records what a request turned out to
 * mean (`learnPair`: term -> each expected symbol, with code evidence: the symbol's file, lines and
 * doc comment or signature), written into a temp copy of the set's code documents, and the test and
 * dev splits are scored through `searchCodeRequest` (what `search_code` runs) before and after; the
 * train split itself, in-sample, is the ceiling. Never learns from a test or dev split.
 *
 *   npm run bench:code-pairs [-- --json benchmarks/results/code-learned-pairs.json]
 *   npm run bench:code-pairs -- --split dev,train --rank '{"learned":1}'   # tuning: never on test
 *
 * Two ways to derive the term from a train request (`--term request|gap`, default both, each from
 * a fresh copy):
 * - `request`: the request's content words (the words the search tokenizer keeps: stop words out),
 *   as the tool-search benchmark (learned-pairs.ts) learns the whole request;
 * - `gap`: only the content words the target's own fields (name, enclosing names, doc comment,
 *   signature, path, callees) lack: the words the pair bridges ("login" -> signIn). No pair when the
 *   target has every word.
 * Prints counts and metrics only, never the requests.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type CodeIndex, codeIndexOf } from '../src/code-search/code-index.js';
import { searchCodeRequest } from '../src/code-search/requests.js';
import { CODE_RANK, snippetOf } from '../src/code-search/search-code.js';
import { KnowledgeGraph } from '../src/graph/knowledge-graph.js';
import { learnPair } from '../src/learned/learn-pair.js';
import { terms } from '../src/search/text/tokenize.js';
import { codeGraphsIn, type Dataset, meanOf, readCodeDatasets, type Scores, scoreRanked } from './code-sets.js';

type Derivation = 'request' | 'gap';
const { values } = parseArgs({ options: { term: { type: 'string' }, json: { type: 'string' }, split: { type: 'string' }, rank: { type: 'string' } } });
// Tuning the pair factor (on dev only): --split dev,train --rank '{"learned":1}'
if (values.rank !== undefined) Object.assign(CODE_RANK, JSON.parse(values.rank));
const scored = (values.split ?? 'test,dev,train').split(',');
const derivations: Derivation[] = values.term === undefined ? ['request', 'gap'] : [values.term as Derivation];
for (const d of derivations) if (d !== 'request' && d !== 'gap') throw new Error(`--term must be request or gap, not ${d}`);

/** The request's content words, in order, each once (those the tokenizer keeps). */
function contentWords(request: string): string[] {
  return [...new Set((request.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter((w) => terms(w).length > 0))];
}

/** The symbol (index) or file (-1 - index) an expected entry names, if the index has it. */
function refOf(index: CodeIndex, expected: string): number | undefined {
  const [file, symbol] = expected.split('#') as [string, string | undefined];
  const f = index.files.findIndex((x) => x.path === file);
  if (f < 0) return undefined;
  if (symbol === undefined) return -1 - f;
  return index.files[f]!.symbols.find((s) => index.symbols[s]!.qualifiedName === symbol);
}

function termOf(how: Derivation, request: string, index: CodeIndex, ref: number): string {
  const words = contentWords(request);
  if (how === 'request' || ref < 0) return words.join(' ');
  return words.filter((w) => terms(w).every((t) => index.bm25.fieldsOf(t, ref).length === 0)).join(' ');
}

function evidenceOf(index: CodeIndex, ref: number): string {
  if (ref < 0) return `${index.files[-1 - ref]!.path}: the file`;
  const s = index.symbols[ref]!;
  return `${index.files[s.file]!.path}:${s.startLine}-${s.endLine}: ${snippetOf(s.doc, s.signature)}`;
}

interface Row extends Scores {
  set: string;
  split: string;
  term: Derivation | 'none';
  queries: number;
  pairs: number;
  /** Requests where a learned pair reached a hit of the top 10. */
  reached: number;
}

async function scoreSplit(kg: KnowledgeGraph, root: string, d: Dataset): Promise<{ scores: Scores[]; reached: number }> {
  const scores: Scores[] = [];
  let reached = 0;
  const index = codeIndexOf(kg.store);
  for (const q of d.queries) {
    const { hits } = await searchCodeRequest({ store: kg.store, root }, { query: q.query, limit: 10 });
    if (hits.some((h) => h.evidence.some((e) => e.source === 'learned'))) reached += 1;
    scores.push(scoreRanked(hits, q, index));
  }
  return { scores, reached };
}

const rows: Row[] = [];
const all = readCodeDatasets(['train', 'dev', 'test']);
const sets = [...new Set(all.map((d) => d.name.replace(/-(train|dev|test)$/, '')))];
for (const set of sets) {
  const splits = all.filter((d) => d.name.startsWith(`${set}-`));
  const train = splits.find((d) => d.split === 'train');
  if (train === undefined) continue;
  for (const how of ['none', ...derivations] as const) {
    const work = mkdtempSync(join(tmpdir(), 'mdkg-bench-code-pairs-'));
    try {
      const { graphs, sourceRoot } = await codeGraphsIn(train, work);
      const kg = await KnowledgeGraph.load(graphs, { cache: false });
      let pairs = 0;
      if (how !== 'none') {
        const index = codeIndexOf(kg.store);
        for (const q of train.queries) {
          for (const expected of q.expected) {
            const ref = refOf(index, expected);
            if (ref === undefined) continue;
            const term = termOf(how, q.query, index, ref);
            if (term === '') continue;
            learnPair(kg.store, graphs, { term, target: `code:${expected}`, code_evidence: evidenceOf(index, ref) });
            pairs += 1;
          }
        }
        await kg.refresh();
      }
      for (const d of splits.filter((x) => scored.includes(x.split))) {
        const { scores, reached } = await scoreSplit(kg, sourceRoot, d);
        const m = (k: keyof Scores): number => meanOf(scores, k);
        rows.push({
          set,
          split: d.split,
          term: how,
          queries: d.queries.length,
          pairs,
          reached,
          hit1: m('hit1'),
          hit5: m('hit5'),
          mrr: m('mrr'),
          ndcg10: m('ndcg10'),
        });
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
}

const order = { test: 0, dev: 1, train: 2 } as Record<string, number>;
rows.sort((a, b) => (a.set < b.set ? -1 : a.set > b.set ? 1 : 0) || order[a.split]! - order[b.split]!);
const f = (x: number): string => x.toFixed(3);
console.log('| set | split | pairs from train | term | queries | a pair reached | Hit@1 | Hit@5 | MRR | nDCG@10 |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.set} | ${r.split}${r.split === 'train' ? ' (in-sample)' : ''} | ${r.pairs} | ${r.term} | ${r.queries} | ${r.reached} | ${f(r.hit1)} | ${f(r.hit5)} | ${f(r.mrr)} | ${f(r.ndcg10)} |`,
  );
if (values.json !== undefined)
  writeFileSync(resolve(values.json), `${JSON.stringify({ at: new Date().toISOString(), node: process.version, rows }, null, 2)}\n`);
