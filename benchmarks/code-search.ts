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
 * 1/log2(r + 1)), p50 latency, plus index time (load + build) and heap used by the index.
 *
 * Strategies (issue 15): search_code `lexical` (the default) and, with use-lite vectors (the optional
 * packages; skipped with a note when they are missing), `vector`, `hybrid` and `auto`
 * (src/code-search/code-strategies.ts). The symbols are embedded twice per set: into an empty
 * vector cache (the time without a cache) and again from it (the time with one).
 *
 *   npm run bench:code-search -- --strategy lexical,auto   # only these (default: all four)
 *   npm run bench:code-search -- --vector-cache /tmp/v      # keep the vectors across runs
 *   npm run bench:code-search -- --file-rank '{"decay":0.5}' # tune search_code by file (five-language sets)
 *   npm run bench:code-search -- --file-fusion '{"fileWeight":0.3,"prior":0.1}' # the file field's fusion (file-field.ts)
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CODE_BM25 } from '../src/code-search/code-index.js';
import { CODE_VECTOR_PARAMS, searchCodeWithStrategy } from '../src/code-search/code-strategies.js';
import { embedCode } from '../src/code-search/code-vectors.js';
import { FILE_FUSION } from '../src/code-search/file-field.js';
import { CODE_RANK } from '../src/code-search/search-code.js';
import { CODE_FILE_RANK, groupByFile } from '../src/code-search/search-code-files.js';
import type { CodeStrategy } from '../src/code-search/types.js';
import type { ToolVectors } from '../src/search/vector/tool-vectors.js';
import { UseLiteProvider } from '../src/search/vector/use-lite.js';
import { type FileRow, fileReport, scoreFiles } from './code-file-scores.js';
import { booleanBaseline, chunkBaseline, fileBaseline, type RangeHit } from './code-search-baselines.js';
import { meanOf, openCodeCatalog, type Query, readCodeDatasets, type Scores, scoreRanked } from './code-sets.js';
const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const splits = (opt('--split') ?? 'train,dev,test').split(',');
const jsonOut = opt('--json');
// Tuning (train and dev only): --bm25 '{"name":{"weight":2,"b":0.3}}' --rank '{"call":0.1}'
const bm25Override = opt('--bm25');
const rankOverride = opt('--rank');
if (rankOverride !== undefined) Object.assign(CODE_RANK, JSON.parse(rankOverride));
const fileFusionOverride = opt('--file-fusion');
if (fileFusionOverride !== undefined) Object.assign(FILE_FUSION, JSON.parse(fileFusionOverride));
const fileRankOverride = opt('--file-rank');
if (fileRankOverride !== undefined) Object.assign(CODE_FILE_RANK, JSON.parse(fileRankOverride));
// Tuning the vector strategies (train and dev only): --vector-params '{"auto":{...}}'
const vectorOverride = opt('--vector-params');
if (vectorOverride !== undefined) {
  const o = JSON.parse(vectorOverride) as Partial<typeof CODE_VECTOR_PARAMS>;
  Object.assign(CODE_VECTOR_PARAMS, o, { auto: { ...CODE_VECTOR_PARAMS.auto, ...o.auto }, hybrid: { ...CODE_VECTOR_PARAMS.hybrid, ...o.hybrid } });
}
const strategies = (opt('--strategy') ?? 'lexical,vector,hybrid,auto').split(',') as CodeStrategy[];
const provider = new UseLiteProvider();
let vectorsOff: string | undefined;
if (strategies.some((s) => s !== 'lexical'))
  await provider.ready().catch((error: unknown) => {
    vectorsOff = (error as Error).message;
  });
if (vectorsOff !== undefined) console.log(`vector strategies skipped: ${vectorsOff}`);
// --vector-cache <dir>: keep the vectors there across runs (the "without cache" time is then only right on the first run).
const keptCache = opt('--vector-cache');
const cacheRoot = keptCache === undefined ? mkdtempSync(join(tmpdir(), 'mdkg-bench-code-vectors-')) : resolve(keptCache);
// Field entries of --bm25 override fields; `k1` and `coord` the parameters of the same name.
const bm25Params = ((): typeof CODE_BM25 => {
  if (bm25Override === undefined) return CODE_BM25;
  const { k1, coord, ...fields } = JSON.parse(bm25Override) as { k1?: number; coord?: number };
  return { ...CODE_BM25, ...(k1 === undefined ? {} : { k1 }), ...(coord === undefined ? {} : { coord }), fields: { ...CODE_BM25.fields, ...fields } };
})();

const results: unknown[] = [];
const fileRows: FileRow[] = [];
const fmt = (x: number): string => x.toFixed(3);
console.log(`node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${new Date().toISOString()}`);
for (const d of readCodeDatasets(splits)) {
  const sourcePath = resolve(d.dir, d.catalog.path);
  if (!existsSync(sourcePath)) {
    console.log(
      `\n${d.name}: skipped, its source ${sourcePath} is missing (${d.source?.install ?? 'see its dataset.json'}; npx tsx benchmarks/code-sources.ts)`,
    );
    continue;
  }
  const cat = await openCodeCatalog(d, bm25Params);
  const chunks = chunkBaseline(cat.index, cat.sourceRoot);
  const wholeFiles = fileBaseline(cat.index, cat.sourceRoot);
  let vectors: ToolVectors | undefined;
  let vectorNote = '';
  let vectorMs: { noCache: number; cache: number; texts: number } | undefined;
  if (vectorsOff === undefined && strategies.some((s) => s !== 'lexical')) {
    const cacheDir = join(cacheRoot, d.catalog.path.replace(/[^A-Za-z0-9]+/g, '-'));
    const fresh = await embedCode(cat.index, provider, { cacheDir });
    const cached = await embedCode(cat.index, provider, { cacheDir });
    vectors = cached.vectors;
    vectorMs = { noCache: fresh.stats.ms, cache: cached.stats.ms, texts: fresh.stats.embedded };
    vectorNote = `; vectors (use-lite, ${fresh.stats.embedded} texts): ${fresh.stats.ms.toFixed(0)} ms without cache, ${cached.stats.ms.toFixed(0)} ms from cache (${cached.stats.cached} cached)`;
    for (const diag of [...fresh.diagnostics, ...cached.diagnostics]) console.log(`  ${diag.code} ${diag.message}`);
  }
  const search =
    (strategy: CodeStrategy, byFile: boolean) =>
    async (q: string): Promise<RangeHit[]> => {
      const options = { strategy, ...(vectors === undefined ? {} : { vectors }) };
      if (!byFile) return (await searchCodeWithStrategy(cat.index, q, { limit: 10, ...options })).hits;
      // By file: the files of search_code by file (search-code-files.ts), each as its best symbol (the file itself when none is listed).
      const wide = await searchCodeWithStrategy(cat.index, q, { limit: 100, ...options });
      return groupByFile(cat.index, q, wide.hits, 10).map((f): RangeHit => f.symbols[0] ?? { file: f.file, startLine: 1, endLine: f.lines });
    };
  const ours: [string, (q: string) => Promise<RangeHit[]>][] = strategies
    .filter((s) => s === 'lexical' || vectors !== undefined)
    .flatMap((strategy): [string, (q: string) => Promise<RangeHit[]>][] => {
      const name = strategy === 'lexical' ? 'search_code' : `search_code ${strategy}`;
      // The five-language sets (file level) also run search_code by file.
      return [
        [name, search(strategy, false)],
        ...(d.language === undefined ? [] : [[`${name} by file`, search(strategy, true)] as [string, (q: string) => Promise<RangeHit[]>]]),
      ];
    });
  const methods: [string, (q: string) => Promise<RangeHit[]> | RangeHit[]][] = [
    ...ours,
    [
      'boolean bag of words',
      (
        (search) => (q: string) =>
          search(q, 10)
      )(booleanBaseline(cat.index)),
    ],
    ['BM25 50-line chunks', (q) => chunks.search(q, 10)],
    ['BM25 whole files', (q) => wholeFiles.search(q, 10)],
  ];
  console.log(
    `\n${d.name} (${d.queries.length} queries, load average ${loadavg()[0]!.toFixed(2)}; ${cat.index.files.length} files, ${cat.index.symbols.length} symbols, ${chunks.chunks} chunks)` +
      `${cat.generateMs === undefined ? '' : ` generate ${cat.generateMs.toFixed(0)} ms,`} load ${cat.loadMs.toFixed(0)} ms, index ${cat.indexMs.toFixed(1)} ms, heap +${cat.heapMb.toFixed(1)} MB; chunk BM25 build ${chunks.buildMs.toFixed(1)} ms${vectorNote}`,
  );
  console.log('| method | Hit@1 | Hit@5 | MRR | nDCG@10 | ms/query | p50 ms | lexical misses found (top 5) |');
  console.log('|---|---|---|---|---|---|---|---|');
  // Requests lexical search_code misses (not in its top 5): how many each method finds in its top 5.
  let lexicalMisses: Set<string> | undefined;
  for (const [name, run] of args.includes('--only') ? ours : methods) {
    const rows: (Scores & { q: Query; rank: number; top: RangeHit[] })[] = [];
    const times: number[] = [];
    for (const q of d.queries) {
      const began = performance.now();
      const top = await run(q.query);
      times.push(performance.now() - began);
      rows.push({ q, top, ...scoreRanked(top, q, cat.index) });
      // File level (issue 28): the five-language sets, for search_code and the whole-file baseline.
      if (d.language !== undefined && (name.startsWith('search_code') || name === 'BM25 whole files'))
        fileRows.push({
          language: d.language,
          split: d.split,
          method: name,
          kind: q.kind ?? 'all',
          ...scoreFiles(top, q, cat.index, name !== 'BM25 whole files' && !name.endsWith('by file')),
        });
    }
    const ms = times.reduce((a, b) => a + b, 0) / d.queries.length;
    const p50 = [...times].sort((a, b) => a - b)[Math.floor((times.length - 1) / 2)] ?? 0;
    if (name === 'search_code') lexicalMisses = new Set(rows.filter((r) => r.hit5 === 0).map((r) => r.q.id));
    const recovered = lexicalMisses === undefined ? 0 : rows.filter((r) => lexicalMisses!.has(r.q.id) && r.hit5 === 1).length;
    console.log(
      `| ${name} | ${fmt(meanOf(rows, 'hit1'))} | ${fmt(meanOf(rows, 'hit5'))} | ${fmt(meanOf(rows, 'mrr'))} | ${fmt(meanOf(rows, 'ndcg10'))} | ${ms.toFixed(2)} | ${p50.toFixed(2)} | ${recovered} of ${lexicalMisses?.size ?? 0} |`,
    );
    if (args.includes('--misses') && name.startsWith('search_code') && d.split !== 'test')
      for (const r of rows.filter((r) => r.rank !== 1))
        console.log(
          `    rank ${r.rank}: ${r.q.query} -> ${r.top
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
      p50Ms: p50,
      lexicalMisses: lexicalMisses?.size ?? 0,
      recoveredAt5: recovered,
      ...(vectorMs === undefined ? {} : { vectorTexts: vectorMs.texts, vectorsNoCacheMs: vectorMs.noCache, vectorsCacheMs: vectorMs.cache }),
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
if (keptCache === undefined) rmSync(cacheRoot, { recursive: true, force: true });
if (fileRows.length > 0) {
  console.log('\nFile level (files ranked by their first hit in the top 10), per language and kind:');
  for (const l of fileReport(fileRows)) console.log(l);
}
if (jsonOut !== undefined)
  writeFileSync(
    resolve(jsonOut),
    `${JSON.stringify({ node: process.version, cpus: cpus().length, at: new Date().toISOString(), results, fileRows }, null, 2)}\n`,
  );
for (const method of new Set(results.map((r) => (r as { method: string }).method).filter((m) => m.startsWith('search_code')))) {
  const ours = results.filter((r) => (r as { method: string }).method === method) as Scores[];
  console.log(
    `${method} over ${ours.length} sets: Hit@1 ${fmt(meanOf(ours, 'hit1'))}, Hit@5 ${fmt(meanOf(ours, 'hit5'))}, MRR ${fmt(meanOf(ours, 'mrr'))}, nDCG@10 ${fmt(meanOf(ours, 'ndcg10'))}`,
  );
}
