/**
 * Code-search benchmark: the code-* datasets of benchmarks/datasets/ (dataset format extended for
 * code: `expected` holds `<path>` or `<path>#<qualified name>`, any one found counts).
 *
 *   npm run bench:code-search                       # every split
 *   npm run bench:code-search -- --split train,dev  # while tuning (never tune on test)
 *   npm run bench:code-search -- --json out.json
 *
 * Catalogs: `code` is a folder of code documents (this repository's graphs/code, its sources at the
 * repository root); `code-source` is a source folder read in place (node_modules/n3/src), generated
 * into a temp folder first (removed after). Runs search_code and two baselines (baselines.ts):
 * Hit@1, Hit@5, MRR, nDCG@10 (one relevant result needed: the gain of the first match at rank r is
 * 1/log2(r + 1)), plus index time (load + build) and heap used by the index.
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { CODE_BM25 } from '../src/code-search/code-index.js';
import { CODE_RANK, searchCode } from '../src/code-search/search-code.js';
import { booleanBaseline, chunkBaseline, type RangeHit } from './code-search-baselines.js';
import { meanOf, openCodeCatalog, readCodeDatasets, type Scores, scoreRanked } from './code-sets.js';
const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const splits = (opt('--split') ?? 'train,dev,test').split(',');
const jsonOut = opt('--json');
// Tuning (train and dev only): --bm25 '{"name":{"weight":2,"b":0.3},"coord":0.5}' --rank '{"call":0.1}'
const bm25Override = opt('--bm25');
const rankOverride = opt('--rank');
if (rankOverride !== undefined) Object.assign(CODE_RANK, JSON.parse(rankOverride));
// Field entries of --bm25 override fields; `k1` and `coord` the parameters of the same name.
const bm25Params = ((): typeof CODE_BM25 => {
  if (bm25Override === undefined) return CODE_BM25;
  const { k1, coord, ...fields } = JSON.parse(bm25Override) as { k1?: number; coord?: number };
  return { ...CODE_BM25, ...(k1 === undefined ? {} : { k1 }), ...(coord === undefined ? {} : { coord }), fields: { ...CODE_BM25.fields, ...fields } };
})();

const results: unknown[] = [];
const fmt = (x: number): string => x.toFixed(3);
console.log(`node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${new Date().toISOString()}`);
for (const d of readCodeDatasets(splits)) {
  const cat = await openCodeCatalog(d, bm25Params);
  const chunks = chunkBaseline(cat.index, cat.sourceRoot);
  const methods: [string, (q: string) => RangeHit[]][] = [
    ['search_code', (q) => searchCode(cat.index, q, { limit: 10 }).hits],
    [
      'boolean bag of words',
      (
        (search) => (q: string) =>
          search(q, 10)
      )(booleanBaseline(cat.index)),
    ],
    ['BM25 50-line chunks', (q) => chunks.search(q, 10)],
  ];
  console.log(
    `\n${d.name} (${d.queries.length} queries; ${cat.index.files.length} files, ${cat.index.symbols.length} symbols, ${chunks.chunks} chunks)` +
      `${cat.generateMs === undefined ? '' : ` generate ${cat.generateMs.toFixed(0)} ms,`} load ${cat.loadMs.toFixed(0)} ms, index ${cat.indexMs.toFixed(1)} ms, heap +${cat.heapMb.toFixed(1)} MB; chunk BM25 build ${chunks.buildMs.toFixed(1)} ms`,
  );
  console.log('| method | Hit@1 | Hit@5 | MRR | nDCG@10 | ms/query |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, run] of args.includes('--only') ? methods.slice(0, 1) : methods) {
    const began = performance.now();
    const rows = d.queries.map((q) => ({ q, ...scoreRanked(run(q.query), q, cat.index) }));
    const ms = (performance.now() - began) / d.queries.length;
    console.log(
      `| ${name} | ${fmt(meanOf(rows, 'hit1'))} | ${fmt(meanOf(rows, 'hit5'))} | ${fmt(meanOf(rows, 'mrr'))} | ${fmt(meanOf(rows, 'ndcg10'))} | ${ms.toFixed(2)} |`,
    );
    if (args.includes('--misses') && name === 'search_code' && d.split !== 'test')
      for (const r of rows.filter((r) => r.rank !== 1))
        console.log(
          `    rank ${r.rank}: ${r.q.query} -> ${run(r.q.query)
            .slice(0, 3)
            .map((h) => `${h.file}#${h.qualifiedName ?? h.startLine}`)
            .join(', ')}`,
        );
    results.push({
      dataset: d.name,
      split: d.split,
      method: name,
      queries: d.queries.length,
      hit1: meanOf(rows, 'hit1'),
      hit5: meanOf(rows, 'hit5'),
      mrr: meanOf(rows, 'mrr'),
      ndcg10: meanOf(rows, 'ndcg10'),
      msPerQuery: ms,
      files: cat.index.files.length,
      symbols: cat.index.symbols.length,
      loadMs: cat.loadMs,
      indexMs: cat.indexMs,
      heapMb: cat.heapMb,
      generateMs: cat.generateMs,
    });
  }
  await cat.cleanup();
}
if (jsonOut !== undefined)
  writeFileSync(resolve(jsonOut), `${JSON.stringify({ node: process.version, cpus: cpus().length, at: new Date().toISOString(), results }, null, 2)}\n`);
{
  const ours = results.filter((r) => (r as { method: string }).method === 'search_code') as Scores[];
  if (ours.length > 0)
    console.log(
      `\nsearch_code over ${ours.length} sets: Hit@1 ${fmt(meanOf(ours, 'hit1'))}, Hit@5 ${fmt(meanOf(ours, 'hit5'))}, MRR ${fmt(meanOf(ours, 'mrr'))}`,
    );
}
