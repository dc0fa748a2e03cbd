// The learned-pairs effect on tool search: pairs learned from the labelled requests of a
// development split (request -> its expected tool, the way an agent would record what a request
// turned out to mean), written into a temp copy of graphs/, then the test split scored before and
// after with `mdkg bench --strategy full`. Never learns from a test split (refused).
//
//   npx tsx benchmarks/learned-pairs.ts [--learn <dev dataset dir>] [--score <dataset dir>...] [--json <file>]
//
// Defaults: learn from benchmarks/datasets/everyday-dev, score benchmarks/datasets/everyday-test
// (and, labelled in-sample, everyday-dev itself: the ceiling when every request was seen before).
// Prints query counts and metrics only, never the requests.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { KnowledgeGraph } from '../src/graph/knowledge-graph.js';
import { learnPair } from '../src/learned/learn-pair.js';
import { LearnedPairs } from '../src/search/learned/learned-pairs.js';
import { readPairRecords } from '../src/search/learned/pair-records.js';
import { pinnedPair } from '../src/search/learned/pair-search.js';

const REPO = resolve(import.meta.dirname, '..');
const BIN = join(REPO, 'bin', 'mdkg.js');

interface Query {
  id: string;
  query: string;
  expected: string[];
}
interface Metrics {
  queries: number;
  hit1: number;
  hit3: number;
  hit5: number;
  recall5: number;
  mrr: number;
  ndcg10: number;
  ece: number;
}

const { values } = parseArgs({ options: { learn: { type: 'string' }, score: { type: 'string', multiple: true }, json: { type: 'string' } } });
const learnDir = resolve(values.learn ?? join(REPO, 'benchmarks/datasets/everyday-dev'));
const scoreDirs = (values.score ?? [join(REPO, 'benchmarks/datasets/everyday-test'), join(REPO, 'benchmarks/datasets/everyday-dev')]).map((d) => resolve(d));

const meta = (dir: string): { name: string; split: string; queries: string; catalog: Array<{ type: string; path: string; source: string }> } =>
  JSON.parse(readFileSync(join(dir, 'dataset.json'), 'utf8'));
const learnMeta = meta(learnDir);
if (learnMeta.split === 'test') throw new Error(`${learnMeta.name} is a test split: pairs are never learned from test`);

const work = mkdtempSync(join(tmpdir(), 'mdkg-learned-bench-'));
try {
  // The bundled graph without the code documents (no tools there; they only slow the copy down).
  const graphs = join(work, 'graphs');
  const code = join(REPO, 'graphs', 'code');
  cpSync(join(REPO, 'graphs'), graphs, { recursive: true, filter: (src) => src !== code && !src.startsWith(`${code}/`) });

  const dataset = (dir: string, graphDir: string, tag: string): string => {
    const m = meta(dir);
    const out = join(work, `${tag}-${basename(dir)}`);
    cpSync(dir, out, { recursive: true });
    writeFileSync(
      join(out, 'dataset.json'),
      JSON.stringify({ ...m, catalog: m.catalog.map((c) => (c.type === 'graphs' ? { ...c, path: graphDir } : c)) }, null, 2),
    );
    return out;
  };
  const bench = (dirs: string[]): Map<string, Metrics> => {
    const out = join(work, `report-${Math.random().toString(36).slice(2)}.json`);
    execFileSync(process.execPath, [BIN, 'bench', ...dirs, '--strategy', 'full', '--json', out, '--quiet'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const report = JSON.parse(readFileSync(out, 'utf8')) as { datasets: Array<{ name: string; runs: Array<{ metrics: Metrics }> }> };
    return new Map(report.datasets.map((d) => [d.name, d.runs[0]!.metrics]));
  };

  const before = bench(scoreDirs.map((d) => dataset(d, graphs, 'before')));

  // Learn: each answerable request of the learning split -> each expected tool.
  const kg = await KnowledgeGraph.load(graphs, { cache: false });
  const lines = readFileSync(join(learnDir, learnMeta.queries), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  let learned = 0;
  let skipped = 0;
  const started = performance.now();
  for (const line of lines) {
    const q = JSON.parse(line) as Query;
    for (const expected of q.expected) {
      try {
        learnPair(kg.store, graphs, {
          term: q.query,
          target: expected.includes('/') ? expected : `tool:${expected}`,
          code_evidence: `label of ${learnMeta.name} ${q.id}`,
        });
        learned += 1;
      } catch {
        skipped += 1; // a request over 200 characters, or a tool name the graph does not have
      }
    }
  }
  const learnMs = performance.now() - started;
  const after = bench(scoreDirs.map((d) => dataset(d, graphs, 'after')));
  // How many requests of each scored set a learned pair matches at all, and how many it pins.
  await kg.refresh();
  const pairs = new LearnedPairs(readPairRecords(kg.store).records);
  const reach = new Map(
    scoreDirs.map((dir) => {
      const m = meta(dir);
      const qs = readFileSync(join(dir, m.queries), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => (JSON.parse(l) as Query).query);
      return [
        m.name,
        { matched: qs.filter((q) => pairs.match(q, 'tool').length > 0).length, pinned: qs.filter((q) => pinnedPair(pairs, q) !== undefined).length },
      ];
    }),
  );

  const rows = [...before.keys()].map((name) => {
    const b = before.get(name)!;
    const a = after.get(name)!;
    const inSample = name === learnMeta.name ? ' (in-sample)' : '';
    return { name: `${name}${inSample}`, before: b, after: a, ...reach.get(name) };
  });
  const f = (x: number): string => x.toFixed(3);
  console.log(`pairs learned from ${learnMeta.name} (${learnMeta.split}): ${learned}, skipped ${skipped}, ${learnMs.toFixed(0)} ms`);
  for (const r of rows) console.log(`${r.name}: a pair matches ${r.matched} of ${r.before.queries} requests, pins ${r.pinned}`);
  console.log('| dataset | queries | Hit@1 | Hit@3 | Hit@5 | Recall@5 | MRR | nDCG@10 | ECE |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    for (const [label, m] of [
      ['before', r.before],
      ['after', r.after],
    ] as const) {
      console.log(
        `| ${r.name} ${label} | ${m.queries} | ${f(m.hit1)} | ${f(m.hit3)} | ${f(m.hit5)} | ${f(m.recall5)} | ${f(m.mrr)} | ${f(m.ndcg10)} | ${f(m.ece)} |`,
      );
    }
  }
  if (values.json !== undefined) writeFileSync(values.json, `${JSON.stringify({ learnedFrom: learnMeta.name, learned, skipped, rows }, null, 2)}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
