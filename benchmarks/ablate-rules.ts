// Ablation of the hand-written request rules: per dataset Hit@1 / Recall@5 of the full search with
// every rule on, and with one rule off at a time:
//   negation  negated words neither match nor set the intent (src/search/request/negation.ts)
//   clauses   multi-step requests split into clauses (src/search/request/clauses.ts; SearchOptions.clauses)
//   notVerbs  words that are not a request's verb (requests.notVerbs in src/lexicon/data/annotation-verbs.json)
//   phrasal   phrasal verbs ("set up" creates; requests.phrasal in the same file, src/lexicon/phrasal-verbs.ts)
//   englishWords  common English words are never typo-corrected (src/lexicon/english-words.ts)
//   object    the request's object noun (src/search/request/request-object.ts) as a feature
//   equivalents   computing equivalents ("folder" = directory; src/lexicon/data/computing-terms.json)
// plus how many top-10 lists each rule changes. Shipped parameters and models; evaluation only.
//
//   npx tsx benchmarks/ablate-rules.ts [dataset dir...]     (default: the sets at shared/datasets/gtc)
import { scoreQuery } from '../src/bench/metrics.js';
import { setRuleAblationForBenchmarks, type AblatableRule } from '../src/search/request/rule-ablation.js';
import { ToolIndex } from '../src/search/tool-index.js';
import { datasetDirs, loadDatasets, locateGtc } from './fit/datasets.js';

type Variant = { name: string; off: AblatableRule[]; clauses: boolean };
const VARIANTS: Variant[] = [
  { name: 'all rules', off: [], clauses: true },
  { name: 'no negation', off: ['negation'], clauses: true },
  { name: 'no clauses', off: [], clauses: false },
  { name: 'no notVerbs', off: ['notVerbs'], clauses: true },
  { name: 'no phrasal', off: ['phrasal'], clauses: true },
  { name: 'no englishWords', off: ['englishWords'], clauses: true },
  { name: 'no equivalents', off: ['equivalents'], clauses: true },
  { name: 'no object', off: ['object'], clauses: true },
];

async function main(): Promise<void> {
  let dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    const gtc = locateGtc();
    if (gtc === undefined) throw new Error('no datasets: pass dataset folders or set MDKG_GTC_SETS (shared/datasets/gtc not found)');
    dirs = datasetDirs(gtc);
  }
  const sets = await loadDatasets(dirs);
  const rows: string[][] = [];
  const pooled = VARIANTS.map(() => ({ hit1: 0, recall5: 0, changed: 0 }));
  let total = 0;
  for (const d of sets) {
    const index = ToolIndex.build(d.graph);
    const lists: string[][] = [];
    const cells = [d.name, d.split, String(d.queries.length)];
    for (const [vi, v] of VARIANTS.entries()) {
      setRuleAblationForBenchmarks(v.off);
      let hit1 = 0;
      let recall5 = 0;
      let changed = 0;
      for (const [qi, q] of d.queries.entries()) {
        const result = await index.search(q.query, { limit: 10, clauses: v.clauses });
        const m = scoreQuery(result.hits, q.expected, q.match);
        hit1 += m.hit1;
        recall5 += m.recall5;
        const list = result.hits.map((h) => h.id).join(' ');
        if (vi === 0) lists.push([list]);
        else if (lists[qi]![0] !== list) changed++;
      }
      const n = Math.max(1, d.queries.length);
      pooled[vi]!.hit1 += hit1;
      pooled[vi]!.recall5 += recall5;
      pooled[vi]!.changed += changed;
      cells.push(`${(hit1 / n).toFixed(3)} / ${(recall5 / n).toFixed(3)}${vi === 0 ? '' : ` (${changed})`}`);
    }
    setRuleAblationForBenchmarks([]);
    total += d.queries.length;
    rows.push(cells);
  }
  rows.push([
    'all (pooled)',
    '-',
    String(total),
    ...pooled.map((p, vi) => `${(p.hit1 / total).toFixed(3)} / ${(p.recall5 / total).toFixed(3)}${vi === 0 ? '' : ` (${p.changed})`}`),
  ]);
  const header = [
    'dataset',
    'split',
    'queries',
    ...VARIANTS.map((v) => `${v.name}: H@1 / R@5${v.off.length + (v.clauses ? 0 : 1) > 0 ? ' (changed top-10)' : ''}`),
  ];
  console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}

await main();
