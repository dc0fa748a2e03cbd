/**
 * Chooses how search_code uses the file-level field (src/code-search/file-field.ts): the weight of
 * the field in `--by file` (`fileWeight`) and the symbol list's file prior (`prior`), by a grid
 * over the dev splits of the five-language code-search sets (benchmarks/datasets/code-*-dev with a
 * `language`); test splits are never read. The objective is the mean file NDCG@10 of search_code
 * by file; a grid point is admissible only when symbol requests lose nothing on dev against no use
 * of the field (symbol Hit@5 and file NDCG@10 of the symbol list, file NDCG@10 by file of the
 * requests naming a symbol), so the field cannot buy behaviour rank with symbol rank. Ties go to the
 * smaller values. Writes
 * src/code-search/data/code-file-field.json (or --out <file>); --report prints the grid only.
 *
 *   npm run fit:code-file-field            (npx tsx benchmarks/fit-code-file-field.ts)
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FILE_FUSION } from '../src/code-search/file-field.js';
import { searchCode } from '../src/code-search/search-code.js';
import { groupByFile } from '../src/code-search/search-code-files.js';
import type { CodeHit } from '../src/code-search/types.js';
import { writeFileAtomic } from '../src/graph/atomic-write.js';
import type { RangeHit } from './code-search-baselines.js';
import { scoreFiles } from './code-file-scores.js';
import { openCodeCatalog, type Query, ROOT, readCodeDatasets } from './code-sets.js';
import { gitCommit } from './fit/files.js';

const WEIGHTS = [0, 0.5, 0.75, 1, 1.1, 1.25, 1.5, 2];
const PRIORS = [0, 0.02, 0.05, 0.1, 0.2];
/** Hand-set: how many files the field proposes to `--by file` (a page is 10 files), and the k of the fusion (flat from 5 to 30 on dev). */
const CANDIDATES = 20;
const K = 10;
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? resolve(args[outAt + 1]!) : join(ROOT, 'src', 'code-search', 'data', 'code-file-field.json');
const report = args.includes('--report');

interface Row {
  language: string;
  kind: string;
  byFile: number;
  list: number;
  symbolHit5: number | undefined;
}
/** rows[prior][weight] */
const rows = new Map<string, Row[]>();
const at = (prior: number, weight: number): Row[] => {
  const key = `${prior} ${weight}`;
  const list = rows.get(key) ?? [];
  rows.set(key, list);
  return list;
};
const datasets: { name: string; split: string; sha256: string; fitted: boolean }[] = [];
FILE_FUSION.candidates = CANDIDATES;
FILE_FUSION.k = K;
for (const d of readCodeDatasets(['dev'])) {
  if (d.language === undefined) continue;
  const cat = await openCodeCatalog(d);
  for (const q of d.queries as Query[])
    for (const prior of PRIORS) {
      FILE_FUSION.prior = prior;
      const wide: CodeHit[] = searchCode(cat.index, q.query, { limit: 100 }).hits;
      const list = scoreFiles(wide.slice(0, 10), q, cat.index, true);
      for (const weight of WEIGHTS) {
        FILE_FUSION.fileWeight = weight;
        const files = groupByFile(cat.index, q.query, wide, 10).map((f): RangeHit => f.symbols[0] ?? { file: f.file, startLine: 1, endLine: f.lines });
        at(prior, weight).push({
          language: d.language,
          kind: q.kind ?? 'all',
          byFile: scoreFiles(files, q, cat.index, false).ndcg10,
          list: list.ndcg10,
          symbolHit5: list.symbolHit5,
        });
      }
    }
  await cat.cleanup();
  const h = createHash('sha256');
  for (const f of ['dataset.json', 'queries.jsonl']) h.update(readFileSync(join(d.dir, f)));
  datasets.push({ name: d.name, split: d.split, sha256: h.digest('hex'), fitted: true });
  process.stderr.write(`read ${d.name}: ${d.queries.length} requests\n`);
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const summary = (list: readonly Row[]) => ({
  byFile: mean(list.map((r) => r.byFile)),
  symbolByFile: mean(list.filter((r) => r.kind === 'symbol').map((r) => r.byFile)),
  list: mean(list.map((r) => r.list)),
  symbolHit5: mean(list.map((r) => r.symbolHit5).filter((x): x is number => x !== undefined)),
});
const r3 = (x: number): number => Number(x.toFixed(3));
const base = summary(at(0, 0));
let best = { prior: 0, weight: 0, ...base };
const languages = [...new Set(at(0, 0).map((r) => r.language))];
console.log(`| prior | fileWeight | by file NDCG@10 | ${languages.join(' | ')} | behaviour | architecture | symbol | list NDCG@10 | symbol Hit@5 |`);
console.log(`|---|---|---|${languages.map(() => '---|').join('')}---|---|---|---|---|`);
for (const prior of PRIORS)
  for (const weight of WEIGHTS) {
    const list = at(prior, weight);
    const s = summary(list);
    const by = (f: (r: Row) => boolean): string => mean(list.filter(f).map((r) => r.byFile)).toFixed(3);
    console.log(
      `| ${prior} | ${weight} | ${s.byFile.toFixed(3)} | ${languages.map((l) => by((r) => r.language === l)).join(' | ')} | ${by((r) => r.kind === 'behaviour')} | ${by((r) => r.kind === 'architecture')} | ${by((r) => r.kind === 'symbol')} | ${s.list.toFixed(3)} | ${s.symbolHit5.toFixed(3)} |`,
    );
    const admissible = s.list >= base.list - 1e-9 && s.symbolHit5 >= base.symbolHit5 - 1e-9 && s.symbolByFile >= base.symbolByFile - 1e-9;
    if (admissible && s.byFile > best.byFile + 1e-9) best = { prior, weight, ...s };
  }
console.log(
  `chosen: prior ${best.prior}, fileWeight ${best.weight}: by file ${best.byFile.toFixed(3)} (none ${base.byFile.toFixed(3)}), list ${best.list.toFixed(3)}, symbol Hit@5 ${best.symbolHit5.toFixed(3)}`,
);
if (!report) {
  const file = {
    description:
      'How search_code uses the file-level field (src/code-search/file-field.ts): fileWeight, the weight of the field in --by file; prior, the file prior of the symbol list. Chosen by benchmarks/fit-code-file-field.ts on the dev splits of the five-language code-search sets (test never read); do not edit by hand.',
    provenance: {
      commit: gitCommit(),
      script: 'benchmarks/fit-code-file-field.ts',
      options: {
        grid: { fileWeight: WEIGHTS, prior: PRIORS },
        objective: 'mean file NDCG@10 of search_code by file',
        constraint: 'symbol list file NDCG@10, symbol Hit@5 and by-file NDCG@10 of symbol requests not below fileWeight 0, prior 0',
      },
      datasets,
      measured: {
        dev: {
          none: { byFile: r3(base.byFile), symbolByFile: r3(base.symbolByFile), list: r3(base.list), symbolHit5: r3(base.symbolHit5) },
          chosen: { byFile: r3(best.byFile), symbolByFile: r3(best.symbolByFile), list: r3(best.list), symbolHit5: r3(best.symbolHit5) },
        },
      },
    },
    priors: { k: K, candidates: CANDIDATES },
    fitted: { fileWeight: best.weight, prior: best.prior },
  };
  await writeFileAtomic(out, `${JSON.stringify(file, null, 2)}\n`);
  console.log(`wrote ${out}`);
}
