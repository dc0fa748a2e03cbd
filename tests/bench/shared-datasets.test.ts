import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readDataset } from '../../src/bench/dataset.js';
import { runBench } from '../../src/bench/runner.js';
import { wordOverlapSearcher } from './word-overlap-searcher.js';

// The converted graph-tool-call sets, read in place beside the checkout (never copied here).
const GTC = fileURLToPath(new URL('../../../shared/datasets/gtc', import.meta.url));
const present = existsSync(GTC);
const dirs = present
  ? readdirSync(GTC, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => join(GTC, e.name))
      .sort()
  : [];
const counts = (dir: string): { queries: number; tools: number } =>
  (JSON.parse(readFileSync(join(dir, 'dataset.json'), 'utf8')) as { counts: { queries: number; tools: number } }).counts;

describe.skipIf(!present)(`shared gtc datasets (read in place from ${GTC})`, () => {
  it('every dataset reads with no diagnostic and the query count its dataset.json states', async () => {
    expect(dirs.length).toBeGreaterThanOrEqual(14);
    for (const dir of dirs) {
      const d = await readDataset(dir);
      expect(d.diagnostics, dir).toEqual([]);
      expect(d.queries.length, dir).toBe(counts(dir).queries);
    }
  });

  it('every catalog builds with the stated tool count; only the known labelling bug names no tool', async () => {
    const report = await runBench(dirs, { strategies: ['bm25'], makeSearcher: (g) => wordOverlapSearcher(g), warmup: false });
    for (const [i, d] of report.datasets.entries()) {
      const dir = dirs[i] ?? '';
      expect([d.name, d.status, d.error]).toEqual([d.name, 'ok', undefined]);
      expect(d.catalog?.tools, d.name).toBe(counts(dir).tools);
    }
    const unknown = report.datasets.flatMap((d) => d.diagnostics.filter((x) => x.message.includes('names no tool')).map((x) => `${d.name}: ${x.message}`));
    expect(unknown).toEqual(["gtc-ecommerce: query 'ecommerce-044' expects 'applyCoupon', which names no tool of the catalog"]);
  }, 120_000);
});
