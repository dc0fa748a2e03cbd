// The floors of a constrained fit: each train/dev set's Hit@1 and Recall@5 under the shipped fit,
// recorded once (`benchmarks/fit.ts --record-floors`) in benchmarks/fit/floors.json with the fitted
// values they were measured at, for both ways the tuning scores a candidate (rerank off, and end to
// end held out by catalog). A candidate is feasible when no set falls below its floor by more than
// one request's worth (1/n of the set); the search starts at the recorded values and never trades
// one set for another: among candidates it prefers less violation first, then the higher pooled
// objective. The floors change only when someone records them again, so the fit reproduces.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './datasets.js';
import type { Tree } from './tree.js';

export const FLOORS_FILE = join(REPO, 'benchmarks', 'fit', 'floors.json');

/** One set's metrics under one way of scoring. */
export interface SetScore {
  queries: number;
  hit1: number;
  recall5: number;
}

export type Stage = 'rerankOff' | 'endToEnd';

export interface Floors {
  description: string;
  /** The fitted values the floors were measured at (the search starts there). */
  fitted: Tree;
  sets: Record<Stage, Record<string, SetScore>>;
}

export function readFloors(file = FLOORS_FILE): Floors | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Floors) : undefined;
}

const round = (x: number): number => Number(x.toFixed(4));

export function writeFloors(fitted: Tree, sets: Record<Stage, Record<string, SetScore>>, file = FLOORS_FILE): string {
  const clean = (m: Record<string, SetScore>): Record<string, SetScore> =>
    Object.fromEntries(Object.entries(m).map(([k, v]) => [k, { queries: v.queries, hit1: round(v.hit1), recall5: round(v.recall5) }]));
  const floors: Floors = {
    description:
      "Floors of the constrained fit (benchmarks/fit/floors.ts): each train/dev set's Hit@1 and Recall@5 under the shipped fit (fitted), rerank off and end to end held out by catalog. A candidate may not fall below a floor by more than one request (1/queries). Written by `npx tsx benchmarks/fit.ts --record-floors`; record again only when a new fit is accepted.",
    fitted,
    sets: { rerankOff: clean(sets.rerankOff), endToEnd: clean(sets.endToEnd) },
  };
  writeFileSync(file, `${JSON.stringify(floors, null, 2)}\n`);
  return file;
}

/** How far a candidate falls below the floors beyond the tolerance, summed over sets and metrics (0: feasible). */
export function violation(scores: Record<string, SetScore>, floors: Record<string, SetScore> | undefined): number {
  if (floors === undefined) return 0;
  let v = 0;
  for (const [name, s] of Object.entries(scores)) {
    const f = floors[name];
    if (f === undefined) continue;
    const tolerance = 1 / Math.max(1, s.queries) + 1e-6;
    v += Math.max(0, f.hit1 - tolerance - s.hit1) + Math.max(0, f.recall5 - tolerance - s.recall5);
  }
  return Number(v.toFixed(6));
}

/** What a candidate gains and costs per set against another, e.g. `+gtc-github H@1 +0.025; -gtc-k8s R@5 -0.020`. */
export function gainsAndCosts(from: Record<string, SetScore>, to: Record<string, SetScore>): string {
  const parts: string[] = [];
  for (const [name, t] of Object.entries(to)) {
    const f = from[name];
    if (f === undefined) continue;
    for (const [label, key] of [
      ['H@1', 'hit1'],
      ['R@5', 'recall5'],
    ] as const) {
      // Floors are kept to 4 decimals; one request of a set of 100 is 0.01.
      const d = Number((t[key] - f[key]).toFixed(4));
      if (Math.abs(d) >= 5e-4) parts.push(`${d > 0 ? '+' : '-'}${name} ${label} ${d > 0 ? '+' : ''}${d.toFixed(3)}`);
    }
  }
  return parts.length === 0 ? 'no set changes' : parts.join('; ');
}
