import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { QueryMetrics } from '../../src/bench/metrics.js';
import { runBench } from '../../src/bench/runner.js';
import type { BenchProgress } from '../../src/bench/types.js';
import type { Strategy } from '../../src/search/types.js';
import { tempDir } from '../helpers/temp-dir.js';
import { wordOverlapSearcher } from './word-overlap-searcher.js';

const TINY = fileURLToPath(new URL('../fixtures/bench/tiny', import.meta.url));
const SCHEMA = fileURLToPath(new URL('../../schemas/bench-report.schema.json', import.meta.url));
const L2 = (r: number): number => 1 / Math.log2(r + 1);
const ones: QueryMetrics = { hit1: 1, hit3: 1, hit5: 1, recall5: 1, recall10: 1, mrr: 1, ndcg10: 1, map10: 1 };
const zeros: QueryMetrics = { hit1: 0, hit3: 0, hit5: 0, recall5: 0, recall10: 0, mrr: 0, ndcg10: 0, map10: 0 };

/** What the word-overlap double returns for the fixture queries, worked out by hand. */
const WANT: Record<string, { hits: Array<[string, number, boolean]>; metrics: QueryMetrics }> = {
  q1: {
    hits: [
      ['files/read_file', 1, true],
      ['files/delete_file', 0.5, false],
      ['files/write_file', 0.5, false],
    ],
    metrics: ones,
  },
  q2: {
    hits: [
      ['files/list_directory', 1, true],
      ['files/write_file', 0.5, true],
    ],
    metrics: ones,
  },
  q3: {
    hits: [
      ['files/delete_file', 0.5, false],
      ['files/read_file', 0.5, false],
      ['files/write_file', 0.5, true],
    ],
    metrics: { hit1: 0, hit3: 1, hit5: 1, recall5: 1, recall10: 1, mrr: 1 / 3, ndcg10: L2(3), map10: 1 / 3 },
  },
  q4: { hits: [['mail/send_email', 1, true]], metrics: ones },
  q5: {
    hits: [
      ['files/list_directory', 1, true],
      ['files/search_files', 0.5, true],
    ],
    metrics: { hit1: 1, hit3: 1, hit5: 1, recall5: 2 / 3, recall10: 2 / 3, mrr: 1, ndcg10: (L2(1) + L2(2)) / (L2(1) + L2(2) + L2(3)), map10: 2 / 3 },
  },
  q6: { hits: [], metrics: zeros },
};

function close(actual: Record<string, unknown>, want: Record<string, number>): void {
  for (const [k, v] of Object.entries(want)) expect(actual[k], k).toBeCloseTo(v, 12);
}

describe('runBench with a test double searcher (stands in for ToolIndex)', () => {
  it('generates and loads the catalog (mcp-tools + graphs), scores every query, reports the top hits', async () => {
    const events: BenchProgress[] = [];
    const report = await runBench([TINY], { strategies: ['bm25', 'full'], makeSearcher: (g) => wordOverlapSearcher(g), onProgress: (e) => events.push(e) });
    expect(report.settings).toEqual({ limit: 10, strategies: ['bm25', 'full'], warmup: true });
    const [d] = report.datasets;
    expect(d).toMatchObject({ dir: TINY, name: 'tiny', split: 'dev', status: 'ok', diagnostics: [] });
    expect(d?.catalog?.tools).toBe(6);
    expect(d?.catalog?.entries).toEqual([
      { type: 'mcp-tools', path: 'files.tools.json', source: 'files', documents: 5, ok: true },
      { type: 'graphs', path: 'graphs', source: 'mail', documents: 1, ok: true },
    ]);
    expect(d?.buildMs).toBeGreaterThanOrEqual(0);
    expect(d?.memory?.heapUsedPeakBytes).toBeGreaterThan(0);
    expect(d?.runs.map((r) => r.strategy)).toEqual(['bm25', 'full']);
    for (const run of d?.runs ?? []) {
      expect(run.queries.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q6']);
      for (const q of run.queries) {
        const want = WANT[q.id];
        expect(q.hits.map((h) => [`${h.source}/${h.name}`, h.confidence, h.relevant])).toEqual(want?.hits);
        expect(q.hits.map((h) => h.rank)).toEqual(q.hits.map((_, i) => i + 1));
        close(q.metrics as unknown as Record<string, unknown>, want?.metrics as unknown as Record<string, number>);
        expect(q.latencyMs).toBeGreaterThanOrEqual(0);
      }
      expect(run.queries[0]).toMatchObject({ query: 'read file', expected: ['read_file'], match: 'all', lang: 'en', line: 1 });
      expect(run.queries[0]?.hits[0]).toEqual({ rank: 1, id: 'tool:files/read_file', name: 'read_file', source: 'files', confidence: 1, relevant: true });
      close(run.metrics as unknown as Record<string, unknown>, {
        queries: 6,
        hit1: 4 / 6,
        hit3: 5 / 6,
        hit5: 5 / 6,
        recall5: (4 + 2 / 3) / 6,
        mrr: (4 + 1 / 3) / 6,
        ece: 1 / 22,
        eceSamples: 11,
      });
    }
    const [bm25] = report.summary;
    expect(bm25?.strategy).toBe('bm25');
    expect(bm25?.overall).toEqual(d?.runs[0]?.metrics);
    expect(bm25?.splits.map((s) => [s.split, s.datasets, s.queries])).toEqual([['dev', 1, 6]]);
    expect(events[0]).toEqual({ phase: 'build', dataset: 1, datasets: 1, name: TINY });
    expect(events.filter((e) => e.phase === 'timed').map((e) => `${e.strategy} ${e.query}/${e.queries}`)).toEqual(
      ['bm25', 'full'].flatMap((s) => [1, 2, 3, 4, 5, 6].map((j) => `${s} ${j}/6`)),
    );
    expect(events.filter((e) => e.phase === 'warm')).toHaveLength(12);

    const schema = JSON.parse(await readFile(SCHEMA, 'utf8')) as object;
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
    const valid = validate(JSON.parse(JSON.stringify(report)));
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('reports a missing folder and a broken dataset as failed; the others still run', async () => {
    const broken = await tempDir({ 'dataset.json': '{"name": "b", "split": "dev"' });
    const report = await runBench([join(broken, 'missing'), broken, TINY], {
      strategies: ['bm25'],
      makeSearcher: (g) => wordOverlapSearcher(g),
      warmup: false,
    });
    expect(report.datasets.map((d) => [d.status, d.error?.code, d.runs.length])).toEqual([
      ['failed', 'MDKG_DATASET_INVALID', 0],
      ['failed', 'MDKG_DATASET_INVALID', 0],
      ['ok', undefined, 1],
    ]);
    expect(report.datasets[0]?.error?.message).toMatch(/does not exist or is not a folder/);
    expect(report.summary[0]?.overall.queries).toBe(6);
    expect(report.summary[0]?.macro.queries).toBe(6);
  });

  it('a search that throws costs that query only; a catalog that cannot generate fails its dataset', async () => {
    const report = await runBench([TINY], { strategies: ['full'], makeSearcher: (g) => wordOverlapSearcher(g, { fail: 'file' }), warmup: false });
    const q3 = report.datasets[0]?.runs[0]?.queries[2];
    expect(q3).toMatchObject({ id: 'q3', latencyMs: null, hits: [], metrics: zeros, error: { code: 'MDKG_TEST_FAILURE', message: 'index exploded' } });
    expect(report.datasets[0]?.runs[0]?.metrics.hit3).toBeCloseTo(4 / 6, 12);

    const bad = await tempDir({
      'tools.json': '{"tools": 12}',
      'dataset.json': JSON.stringify({
        name: 'bad',
        split: 'test',
        license: 'MIT',
        origin: 't',
        catalog: [{ type: 'mcp-tools', path: 'tools.json', source: 's' }],
        queries: 'q.jsonl',
      }),
      'q.jsonl': '{"id":"a","query":"q","expected":["x"],"match":"all"}\n',
    });
    const failed = await runBench([bad], { strategies: ['bm25'], makeSearcher: (g) => wordOverlapSearcher(g) });
    expect(failed.datasets[0]).toMatchObject({
      status: 'failed',
      split: 'test',
      error: { code: 'MDKG_DATASET_INVALID', message: "catalog entry 'tools.json' could not be generated", file: 'tools.json' },
    });
    expect(failed.datasets[0]?.diagnostics.length).toBeGreaterThan(0);
  });

  it('warns about labels that name no tool of the catalog, with file and line', async () => {
    const dir = await tempDir({
      'tools.json': '{"tools": [{"name": "a", "inputSchema": {"type": "object"}}]}',
      'dataset.json': JSON.stringify({
        name: 'w',
        split: 'train',
        license: 'MIT',
        origin: 't',
        catalog: [{ type: 'mcp-tools', path: 'tools.json', source: 's' }],
        queries: 'q.jsonl',
      }),
      'q.jsonl': '{"id":"one","query":"a","expected":["a","s/a","t/a","applyCoupon"],"match":"all"}\n',
    });
    const report = await runBench([dir], { strategies: ['bm25'], makeSearcher: (g) => wordOverlapSearcher(g), warmup: false });
    expect(report.datasets[0]?.diagnostics).toEqual([
      {
        code: 'MDKG_DATASET_INVALID',
        severity: 'warning',
        message: "query 'one' expects 't/a', which names no tool of the catalog",
        file: join(dir, 'q.jsonl'),
        line: 1,
      },
      {
        code: 'MDKG_DATASET_INVALID',
        severity: 'warning',
        message: "query 'one' expects 'applyCoupon', which names no tool of the catalog",
        file: join(dir, 'q.jsonl'),
        line: 1,
      },
    ]);
  });

  it.each([
    { strategies: ['bm25', 'semantic'] as unknown as Strategy[], code: 'MDKG_STRATEGY_UNKNOWN' },
    { strategies: [] as Strategy[], code: 'MDKG_STRATEGY_UNKNOWN' },
  ])('refuses strategies $strategies with $code', async ({ strategies, code }) => {
    await expect(runBench([TINY], { strategies, makeSearcher: (g) => wordOverlapSearcher(g) })).rejects.toMatchObject({ code });
  });

  it.each([0, 101, 2.5])('refuses limit %s', async (limit) => {
    await expect(runBench([TINY], { limit, makeSearcher: (g) => wordOverlapSearcher(g) })).rejects.toMatchObject({ code: 'MDKG_USAGE' });
  });
});
