// The benchmark report for people: one plain text table per strategy.
import { formatDiagnostic } from '../errors.js';
import { renderTable } from '../util/table.js';
import { escapeForTerminal } from '../util/terminal-text.js';
import type { Aggregate } from './aggregate.js';
import type { ClosureAggregate } from './closure-metrics.js';
import type { BenchReport } from './types.js';

const HEADERS = [
  'dataset',
  'split',
  'queries',
  'Hit@1',
  'Hit@3',
  'Hit@5',
  'R@5',
  'R@10',
  'MRR',
  'nDCG@10',
  'mAP@10',
  'ECE',
  'ECE@1',
  'p50 ms',
  'p95 ms',
  'build ms',
];

const fixed = (value: number | null | undefined, digits: number): string => (value === null || value === undefined ? '-' : value.toFixed(digits));

function cells(name: string, split: string, a: Aggregate, buildMs?: number): string[] {
  return [
    name,
    split,
    String(a.queries),
    fixed(a.hit1, 3),
    fixed(a.hit3, 3),
    fixed(a.hit5, 3),
    fixed(a.recall5, 3),
    fixed(a.recall10, 3),
    fixed(a.mrr, 3),
    fixed(a.ndcg10, 3),
    fixed(a.map10, 3),
    fixed(a.ece, 3),
    fixed(a.ece1, 3),
    fixed(a.latencyP50Ms, 2),
    fixed(a.latencyP95Ms, 2),
    fixed(buildMs, 1),
  ];
}

const CONFIDENCE_HEADERS = ['dataset', 'split', 'answerable', 'no answer', 'ECE@1 all', 'no answer ≥0.5', 'AUROC', 'P(conf≥0.5)', 'covered'];

function confidenceCells(name: string, split: string, a: Aggregate): string[] {
  const share = a.queries === 0 ? '-' : `${a.covered50} (${((100 * a.covered50) / a.queries).toFixed(0)}%)`;
  return [
    name,
    split,
    String(a.answerable),
    String(a.noAnswer),
    fixed(a.ece1All, 3),
    fixed(a.noAnswerConfident, 3),
    fixed(a.auroc, 3),
    fixed(a.precision50, 3),
    share,
  ];
}

const CLOSURE_HEADERS = ['dataset', 'split', 'queries', 'mAP@10', 'R@10', 'all@10', 'target@10', '+C mAP@10', '+C R@10', '+C all@10', '+C target@10'];

function closureCells(name: string, split: string, c: ClosureAggregate): string[] {
  const four = (m: ClosureAggregate['alone']): string[] => [m.map10, m.recall10, m.allRequired10, m.targetHit10].map((v) => fixed(v, 3));
  return [name, split, String(c.queries), ...four(c.alone), ...four(c.withClosure)];
}

/**
 * Datasets as rows, metrics as columns, one block per strategy; below the datasets, one pooled
 * row per split, `all (pooled)` and `all (macro)`. Failed datasets are listed once at the end.
 */
export function renderReport(report: BenchReport): string {
  const blocks: string[] = [];
  for (const summary of report.summary) {
    const rows: string[][] = [];
    for (const d of report.datasets) {
      const run = d.runs.find((r) => r.strategy === summary.strategy);
      if (run !== undefined) rows.push(cells(d.name, d.split ?? '-', run.metrics, d.buildMs));
    }
    for (const s of summary.splits) rows.push(cells(`${s.split} (${s.datasets} dataset${s.datasets === 1 ? '' : 's'}, pooled)`, s.split, s));
    rows.push(cells('all (pooled)', '-', summary.overall));
    rows.push(cells('all (macro)', '-', summary.macro));
    blocks.push(`strategy: ${summary.strategy}\n${renderTable(HEADERS, rows)}`);
    // Target + prerequisites (`required` labels): search alone, then search + closure (+C).
    if (summary.closure !== undefined) {
      const closure: string[][] = [];
      for (const d of report.datasets) {
        const run = d.runs.find((r) => r.strategy === summary.strategy);
        if (run?.closure !== undefined) closure.push(closureCells(d.name, d.split ?? '-', run.closure));
      }
      for (const s of summary.splits) if (s.closure !== undefined) closure.push(closureCells(`${s.split} (pooled)`, s.split, s.closure));
      closure.push(closureCells('all (pooled)', '-', summary.closure));
      blocks.push(`closure (strategy ${summary.strategy}; required = target + prerequisites; +C = search + closure)\n${renderTable(CLOSURE_HEADERS, closure)}`);
    }
    // Can the confidence be trusted: first results over answerable and no-answer requests (shown
    // when some dataset has requests no tool answers; the JSON report always has these metrics).
    if (summary.overall.noAnswer === 0) continue;
    const trust: string[][] = [];
    for (const d of report.datasets) {
      const run = d.runs.find((r) => r.strategy === summary.strategy);
      if (run !== undefined) trust.push(confidenceCells(d.name, d.split ?? '-', run.metrics));
    }
    for (const s of summary.splits) trust.push(confidenceCells(`${s.split} (pooled)`, s.split, s));
    trust.push(confidenceCells('all (pooled)', '-', summary.overall));
    trust.push(confidenceCells('all (macro)', '-', summary.macro));
    blocks.push(`confidence (strategy ${summary.strategy}; first results, answerable and no-answer requests)\n${renderTable(CONFIDENCE_HEADERS, trust)}`);
  }
  const failed = report.datasets.filter((d) => d.status === 'failed');
  if (failed.length > 0) {
    blocks.push(
      `failed datasets:\n${failed.map((d) => `  ${escapeForTerminal(`${d.dir}: ${d.error?.code ?? 'ERROR'} ${d.error?.message ?? ''}`)}\n`).join('')}`,
    );
  }
  return blocks.join('\n');
}

/** Every dataset diagnostic as `dataset: file:line: severity CODE message`, at most `max` lines. */
export function renderDiagnostics(report: BenchReport, max = 50): string {
  const lines = report.datasets.flatMap((d) => d.diagnostics.map((x) => `${escapeForTerminal(d.name)}: ${formatDiagnostic(x)}`));
  const shown = lines.slice(0, max).map((l) => `${l}\n`);
  if (lines.length > max) shown.push(`… and ${lines.length - max} more (see the JSON report)\n`);
  return shown.join('');
}
