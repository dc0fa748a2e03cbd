// Precision and recall of detected `requires` / `precedes` edges against labelled producer data of
// graph-tool-call, read in place from ../shared/datasets/graph-tool-call (never copied here).
//
//   npx tsx benchmarks/dependency-quality.ts [--verbose] [--markdown]
//
// A labelled pair is (producer, consumer). A detected `A requires B` is the pair (B, A); a detected
// `A precedes B` is (A, B). Precision counts only detected pairs whose consumer has labelled
// producers (the labels say nothing about other tools); recall counts every labelled pair.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inferAnnotations } from '../src/ingest/annotations.js';
import { detectDependencies } from '../src/ingest/dependencies/index.js';
import { readMcpToolList } from '../src/ingest/mcp/index.js';
import { readOpenApi } from '../src/ingest/openapi/index.js';
import type { DependencyEdge, IngestResult } from '../src/ingest/types.js';
import { renderTable } from '../src/util/table.js';

const ROOT = process.env.MDKG_GTC_DIR ?? fileURLToPath(new URL('../../shared/datasets/graph-tool-call/benchmarks/', import.meta.url));
const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const asMarkdown = args.includes('--markdown');
/** Every edge, then the strong band only (fixed before measuring, not tuned). */
const MIN_SCORES = [0, 0.7];

interface Labelled {
  dataset: string;
  split: string;
  /** Producer -> consumer pairs, `producer\u0000consumer`. */
  pairs: Set<string>;
  /** Targets and the producers they need (possibly through other tools), for the reachability column. */
  targets: { target: string; producers: string[] }[];
  read: () => IngestResult;
}

// biome-ignore lint/suspicious/noExplicitAny: a benchmark reading third-party JSON of several shapes
const json = (path: string): any => JSON.parse(readFileSync(`${ROOT}${path}`, 'utf8'));
const text = (path: string): string => readFileSync(`${ROOT}${path}`, 'utf8');
const pair = (producer: string, consumer: string): string => `${producer}\u0000${consumer}`;

function xgenSets(): Labelled[] {
  const sets: [string, string][] = [
    ['cases.json', 'commerce_openapi.json'],
    ['admin_cases.json', 'admin_openapi.json'],
    ['workflow_cases.json', 'workflow_openapi.json'],
  ];
  return sets.map(([casesFile, specFile]) => {
    const cases = json(`xgen_tool_graph/${casesFile}`).cases as {
      expected_target: string;
      expected_producers: string[];
      expected_bindings: Record<string, string>;
    }[];
    const pairs = new Set<string>();
    for (const c of cases) for (const [slot, producer] of Object.entries(c.expected_bindings)) pairs.add(pair(producer, slot.split('.')[0]!));
    return {
      dataset: `xgen ${specFile.replace('_openapi.json', '')}`,
      split: 'unmarked',
      pairs,
      targets: cases.map((c) => ({ target: c.expected_target, producers: c.expected_producers })),
      read: () => readOpenApi(text(`xgen_tool_graph/${specFile}`), { source: 'xgen', file: specFile }),
    };
  });
}

function corpusSets(): { sets: Labelled[]; skipped: string[] } {
  const manifest = json('corpus/manifest.json') as {
    sources: { id: string; source_type: string; split: string; snapshot_path: string; ground_truth_path: string }[];
  };
  const sets: Labelled[] = [];
  const skipped: string[] = [];
  for (const source of manifest.sources) {
    const name = `corpus ${source.ground_truth_path.replace(/^ground_truth\/|\.json$/g, '')}`;
    if (source.split === 'test') {
      skipped.push(`${name} (test split: held out, not read)`);
      continue;
    }
    const truth = json(`corpus/${source.ground_truth_path}`) as { split: string; cases: { expected_targets: string[]; required_producers: string[] }[] };
    const labelled = truth.cases.filter((c) => c.required_producers.length > 0).length;
    if (source.source_type !== 'openapi' && source.source_type !== 'mcp') {
      skipped.push(`${name} (${source.source_type}: no reader; ${labelled} cases with producers)`);
      continue;
    }
    const pairs = new Set<string>();
    for (const c of truth.cases) for (const target of c.expected_targets) for (const p of c.required_producers) pairs.add(pair(p, target));
    const file = `corpus/${source.snapshot_path}`;
    sets.push({
      dataset: name,
      split: truth.split,
      pairs,
      targets: truth.cases.flatMap((c) => c.expected_targets.map((target) => ({ target, producers: c.required_producers }))),
      read: () =>
        source.source_type === 'openapi' ? readOpenApi(text(file), { source: 'corpus', file }) : readMcpToolList(text(file), { source: 'corpus', file }),
    });
  }
  return { sets, skipped };
}

/** Detected producer -> consumer pairs with their best edge. */
function detectedPairs(edges: readonly DependencyEdge[], minScore: number): Map<string, DependencyEdge> {
  const out = new Map<string, DependencyEdge>();
  for (const e of edges) {
    if (e.score < minScore) continue;
    const key = e.relation === 'requires' ? pair(e.to, e.from) : e.relation === 'precedes' ? pair(e.from, e.to) : undefined;
    if (key !== undefined && (out.get(key)?.score ?? -1) < e.score) out.set(key, e);
  }
  return out;
}

/** Producers reachable backwards from a target through detected pairs (any number of hops). */
function reachable(target: string, detected: ReadonlyMap<string, DependencyEdge>): Set<string> {
  const into = new Map<string, string[]>();
  for (const key of detected.keys()) {
    const [p, c] = key.split('\u0000') as [string, string];
    into.set(c, [...(into.get(c) ?? []), p]);
  }
  const seen = new Set<string>();
  const queue = [target];
  while (queue.length > 0)
    for (const p of into.get(queue.shift()!) ?? [])
      if (!seen.has(p) && p !== target) {
        queue.push(p);
        seen.add(p);
      }
  return seen;
}

const pct = (n: number, d: number): string => (d === 0 ? '-' : (n / d).toFixed(2));

interface Scored {
  set: Labelled;
  tools: number;
  edges: DependencyEdge[];
}

function table(scored: readonly Scored[], minScore: number): string[][] {
  const rows: string[][] = [];
  const totals = { labelled: 0, detected: 0, tp: 0, reach: 0, reachOf: 0 };
  for (const { set, tools, edges } of scored) {
    const detected = detectedPairs(edges, minScore);
    const consumers = new Set([...set.pairs].map((k) => k.split('\u0000')[1]!));
    const inScope = [...detected.keys()].filter((k) => consumers.has(k.split('\u0000')[1]!));
    const tp = inScope.filter((k) => set.pairs.has(k)).length;
    let reach = 0;
    let reachOf = 0;
    for (const t of set.targets) {
      const found = reachable(t.target, detected);
      reachOf += t.producers.length;
      reach += t.producers.filter((p) => found.has(p)).length;
    }
    rows.push([
      set.dataset,
      set.split,
      String(tools),
      String(set.pairs.size),
      String(inScope.length),
      String(tp),
      pct(tp, inScope.length),
      pct(tp, set.pairs.size),
      `${reach}/${reachOf}`,
    ]);
    totals.labelled += set.pairs.size;
    totals.detected += inScope.length;
    totals.tp += tp;
    totals.reach += reach;
    totals.reachOf += reachOf;
    if (verbose) {
      const show = (k: string): string => k.replace('\u0000', ' -> ');
      for (const k of [...set.pairs].sort())
        console.log(`  ${set.dataset}: label ${show(k)} ${detected.has(k) ? `found (${detected.get(k)!.rule} ${detected.get(k)!.score})` : 'MISSED'}`);
      for (const k of inScope.filter((x) => !set.pairs.has(x)).sort())
        console.log(`  ${set.dataset}: extra ${show(k)} (${detected.get(k)!.rule} ${detected.get(k)!.score})`);
    }
  }
  rows.push([
    'all',
    '',
    '',
    String(totals.labelled),
    String(totals.detected),
    String(totals.tp),
    pct(totals.tp, totals.detected),
    pct(totals.tp, totals.labelled),
    `${totals.reach}/${totals.reachOf}`,
  ]);
  return rows;
}

const HEADERS = ['dataset', 'split', 'tools', 'labelled', 'detected', 'TP', 'precision', 'recall', 'producers reached'];

function markdown(rows: readonly string[][]): string {
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return `${[line(HEADERS), line(HEADERS.map((_, i) => (i < 2 ? '---' : '---:'))), ...rows.map(line)].join('\n')}\n`;
}

const { sets: corpus, skipped } = corpusSets();
const scored: Scored[] = [...xgenSets(), ...corpus].map((set) => {
  const result = set.read();
  return { set, tools: result.tools.length, edges: detectDependencies(result.tools.map(inferAnnotations)).edges };
});
for (const minScore of MIN_SCORES) {
  const rows = table(scored, minScore);
  console.log(`\nDependency detection: requires + precedes edges${minScore > 0 ? ` with score >= ${minScore}` : ''}`);
  console.log(asMarkdown ? markdown(rows) : renderTable(HEADERS, rows));
}
for (const s of skipped) console.log(`skipped: ${s}`);
