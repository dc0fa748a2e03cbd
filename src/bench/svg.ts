// A hand-written SVG bar chart of a benchmark report: deterministic, no dependency.
import type { Strategy } from '../search/types.js';
import { ALL_STRATEGIES } from '../search/types.js';
import type { Aggregate } from './aggregate.js';
import type { BenchReport } from './types.js';

export type ChartMetric = 'hit1' | 'hit3' | 'hit5' | 'recall5' | 'recall10' | 'mrr' | 'ndcg10' | 'map10';
const METRIC_LABELS: Record<ChartMetric, string> = {
  hit1: 'Hit@1',
  hit3: 'Hit@3',
  hit5: 'Hit@5',
  recall5: 'Recall@5',
  recall10: 'Recall@10',
  mrr: 'MRR',
  ndcg10: 'nDCG@10',
  map10: 'mAP@10',
};

/** Colour-blind-safe (Okabe–Ito), by position in ALL_STRATEGIES. */
const COLORS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#D55E00', '#56B4E9', '#F0E442', '#000000'];

const BAR = 10;
const BAR_GAP = 2;
const GROUP_GAP = 18;
const LEFT = 56;
const RIGHT = 24;
const PLOT_H = 160;
const PANEL_GAP = 44;
const LABEL_H = 150;

export function escapeXml(text: string): string {
  return text
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c)
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');
}

const n = (v: number): string => (Math.round(v * 10) / 10).toString();

interface Group {
  label: string;
  values: Map<Strategy, Aggregate>;
}

function groups(report: BenchReport): Group[] {
  const out: Group[] = report.datasets
    .filter((d) => d.runs.length > 0)
    .map((d) => ({ label: d.name, values: new Map(d.runs.map((r) => [r.strategy, r.metrics])) }));
  if (out.length > 1) out.push({ label: 'all (pooled)', values: new Map(report.summary.map((s) => [s.strategy, s.overall])) });
  return out;
}

/**
 * Grouped bars: one panel per metric (default Recall@5 and Hit@1), one group per dataset (plus
 * `all (pooled)` when there are several), one bar per strategy. Same report, same bytes.
 */
export function renderSvg(report: BenchReport, options: { metrics?: readonly ChartMetric[]; title?: string } = {}): string {
  const metrics = options.metrics ?? ['recall5', 'hit1'];
  const strategies = report.settings.strategies;
  const data = groups(report);
  const groupW = strategies.length * (BAR + BAR_GAP) - BAR_GAP + GROUP_GAP;
  const width = Math.max(520, LEFT + Math.max(1, data.length) * groupW + RIGHT);
  // Legend entries flow left to right and wrap (text width estimated at 6.5 px per character).
  const legend: Array<{ s: Strategy; x: number; y: number }> = [];
  let lx = LEFT;
  let ly = 32;
  for (const s of strategies) {
    const w = 14 + Math.ceil(s.length * 6.5) + 18;
    if (lx > LEFT && lx + w > width - RIGHT) {
      lx = LEFT;
      ly += 16;
    }
    legend.push({ s, x: lx, y: ly });
    lx += w;
  }
  const top = ly + 32;
  const height = top + metrics.length * (PLOT_H + PANEL_GAP) + LABEL_H;
  const out: string[] = [];
  const title = options.title ?? 'mdkg bench';
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
  );
  out.push(`<title>${escapeXml(title)}</title>`);
  out.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text x="${LEFT}" y="20" font-size="14" font-weight="bold">${escapeXml(title)}</text>`);
  for (const { s, x, y } of legend) {
    const color = COLORS[ALL_STRATEGIES.indexOf(s) % COLORS.length] ?? '#777777';
    out.push(`<rect x="${x}" y="${y}" width="10" height="10" fill="${color}"/><text x="${x + 14}" y="${y + 9}">${escapeXml(s)}</text>`);
  }
  metrics.forEach((metric, p) => {
    const y0 = top + p * (PLOT_H + PANEL_GAP) + 14;
    const base = y0 + PLOT_H;
    out.push(`<text x="${LEFT}" y="${y0 - 10}" font-weight="bold">${escapeXml(METRIC_LABELS[metric])}</text>`);
    for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
      const y = n(base - tick * PLOT_H);
      out.push(`<line x1="${LEFT}" y1="${y}" x2="${width - RIGHT}" y2="${y}" stroke="${tick === 0 ? '#333333' : '#dddddd'}"/>`);
      out.push(`<text x="${LEFT - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${tick.toFixed(2)}</text>`);
    }
    data.forEach((g, gi) => {
      strategies.forEach((s, si) => {
        const value = g.values.get(s)?.[metric];
        if (value === null || value === undefined) return;
        const h = Math.min(1, Math.max(0, value)) * PLOT_H;
        const x = LEFT + GROUP_GAP / 2 + gi * groupW + si * (BAR + BAR_GAP);
        const color = COLORS[ALL_STRATEGIES.indexOf(s) % COLORS.length] ?? '#777777';
        const tip = `${g.label} | ${s} | ${METRIC_LABELS[metric]} ${value.toFixed(3)}`;
        out.push(`<rect x="${n(x)}" y="${n(base - h)}" width="${BAR}" height="${n(h)}" fill="${color}"><title>${escapeXml(tip)}</title></rect>`);
      });
    });
  });
  const labelY = top + metrics.length * (PLOT_H + PANEL_GAP) - PANEL_GAP + 26;
  data.forEach((g, gi) => {
    const x = n(LEFT + GROUP_GAP / 2 + gi * groupW + (groupW - GROUP_GAP) / 2);
    const chars = [...g.label];
    const label = chars.length > 28 ? `${chars.slice(0, 27).join('')}…` : g.label;
    out.push(`<text x="${x}" y="${labelY}" text-anchor="end" transform="rotate(-40 ${x} ${labelY})">${escapeXml(label)}</text>`);
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
