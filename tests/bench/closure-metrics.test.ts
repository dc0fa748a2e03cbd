// Closure metrics (`required` = target + prerequisites): the scores, and a bench run whose
// searcher has a closure (a test double standing in for the plan engine's prerequisites).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { aggregateClosure, type ClosureMetrics, scoreClosure } from '../../src/bench/closure-metrics.js';
import { renderReport } from '../../src/bench/report.js';
import { runBench } from '../../src/bench/runner.js';
import type { Searcher } from '../../src/bench/types.js';
import { tempDir } from '../helpers/temp-dir.js';
import { wordOverlapSearcher } from './word-overlap-searcher.js';

const SCHEMA = fileURLToPath(new URL('../../schemas/bench-report.schema.json', import.meta.url));
const TOOLS = fileURLToPath(new URL('../fixtures/bench/tiny/files.tools.json', import.meta.url));
const hits = (...names: string[]): Array<{ name: string; source: string }> => names.map((name) => ({ name, source: 's' }));
const m = (map10: number, recall10: number, allRequired10: number, targetHit10: number): ClosureMetrics => ({ map10, recall10, allRequired10, targetHit10 });

describe('scoreClosure', () => {
  it.each<[string, string[], string[], string[], ClosureMetrics]>([
    ['target then its prerequisite', ['get', 'list', 'x'], ['get', 'list'], ['get'], m(1, 1, 1, 1)],
    ['prerequisite missing', ['get', 'x', 'y'], ['get', 'list'], ['get'], m(0.5, 0.5, 0, 1)],
    ['prerequisite third, target first', ['get', 'x', 'list'], ['get', 'list'], ['get'], m((1 + 2 / 3) / 2, 1, 1, 1)],
    ['target missing, prerequisite found', ['list', 'x'], ['get', 'list'], ['get'], m(0.5, 0.5, 0, 0)],
    ['beyond rank 10 is not counted', [...Array.from({ length: 10 }, (_, i) => `x${i}`), 'get'], ['get'], ['get'], m(0, 0, 0, 0)],
    ['source/name labels; a repeated hit counts once', ['get', 'get', 'list'], ['s/get', 's/list'], ['s/get'], m((1 + 2 / 3) / 2, 1, 1, 1)],
    ['no hits', [], ['get'], ['get'], m(0, 0, 0, 0)],
    ['required without the target, expected with both (match all)', ['list', 'get'], ['list'], ['get', 'list'], m(1, 1, 1, 1)],
    ['the same: the target is what expected has beyond required', ['list', 'x'], ['list'], ['get', 'list'], m(0.5, 0.5, 0, 0)],
    ['required without the target, expected just the target', ['x', 'get'], ['list'], ['get'], m(0.25, 0.5, 0, 1)],
  ])('%s', (_, ranked, required, expected, want) => {
    const got = scoreClosure(hits(...ranked), required, expected);
    for (const k of Object.keys(want) as Array<keyof ClosureMetrics>) expect(got[k], k).toBeCloseTo(want[k], 12);
  });

  it('aggregates the queries that have a closure, and nothing without one', () => {
    expect(aggregateClosure([{}, {}])).toBeUndefined();
    const one = { alone: m(0.5, 0.5, 0, 1), withClosure: m(1, 1, 1, 1), closureHits: [] };
    const two = { alone: m(0, 0, 0, 0), withClosure: m(0.5, 0.5, 0, 1), closureHits: [] };
    expect(aggregateClosure([{ closure: one }, {}, { closure: two }])).toEqual({
      queries: 2,
      alone: m(0.25, 0.25, 0, 0.5),
      withClosure: m(0.75, 0.75, 0.5, 1),
    });
  });
});

describe('a bench run with required labels', () => {
  it('scores search alone and search + closure, validates against the schema and prints a closure table', async () => {
    const queries = [
      { id: 'c1', query: 'read file', expected: ['read_file'], match: 'any', required: ['read_file', 'list_directory'] },
      { id: 'c2', query: 'delete file', expected: ['delete_file'], match: 'any', required: ['delete_file', 'search_files'] },
      { id: 'c3', query: 'write file', expected: ['write_file'], match: 'any' },
    ];
    const dir = await tempDir({
      'd/dataset.json': JSON.stringify({
        name: 'closure-tiny',
        split: 'dev',
        license: 'MIT',
        origin: 'test',
        catalog: [{ type: 'mcp-tools', path: TOOLS, source: 'files' }],
        queries: 'queries.jsonl',
      }),
      'd/queries.jsonl': `${queries.map((q) => JSON.stringify(q)).join('\n')}\n`,
    });
    // The double's closure puts list_directory after every read_file hit.
    const makeSearcher = (graph: Parameters<typeof wordOverlapSearcher>[0]): Searcher => {
      const base = wordOverlapSearcher(graph);
      return {
        search: (q, o) => base.search(q, o),
        closure: (result) => ({
          ...result,
          hits: result.hits.flatMap((h) => (h.name === 'read_file' ? [h, { ...h, id: 'tool:files/list_directory', name: 'list_directory' }] : [h])),
        }),
      };
    };
    const report = await runBench([`${dir}/d`], { strategies: ['bm25'], makeSearcher, warmup: false });
    const run = report.datasets[0]?.runs[0];
    expect(run?.queries.map((q) => q.closure?.closureHits)).toEqual([
      ['files/read_file', 'files/list_directory', 'files/delete_file', 'files/write_file'],
      ['files/delete_file', 'files/read_file', 'files/list_directory', 'files/write_file'],
      undefined,
    ]);
    expect(run?.closure).toEqual({ queries: 2, alone: m(0.5, 0.5, 0, 1), withClosure: m(0.75, 0.75, 0.5, 1) });
    expect(report.summary[0]?.closure).toEqual(run?.closure);
    expect(report.summary[0]?.splits[0]?.closure).toEqual(run?.closure);
    const validate = new Ajv2020({ strict: false }).compile(JSON.parse(await readFile(SCHEMA, 'utf8')));
    expect(validate(JSON.parse(JSON.stringify(report))), JSON.stringify(validate.errors)).toBe(true);
    const table = renderReport(report);
    expect(table).toContain('closure (strategy bm25; required = target + prerequisites; +C = search + closure)');
    expect(table).toMatch(/closure-tiny +dev +2 +0\.500 +0\.500 +0\.000 +1\.000 +0\.750 +0\.750 +0\.500 +1\.000/);
  });
});
