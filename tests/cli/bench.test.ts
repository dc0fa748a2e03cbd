import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type { BenchReport } from '../../src/bench/types.js';
import { benchCommand, parseStrategies } from '../../src/cli/commands/bench.js';
import { main } from '../../src/cli/main.js';
import { STRATEGIES } from '../../src/search/types.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { wordOverlapSearcher } from '../bench/word-overlap-searcher.js';

const TINY = fileURLToPath(new URL('../fixtures/bench/tiny', import.meta.url));
const VALID = 'bm25, bm25+graph, bm25+graph+annotations, bm25+graph+annotations+fuzzy, full, lexical, vector, hybrid, auto, all';

describe('parseStrategies', () => {
  it.each([
    { values: undefined, strategies: [...STRATEGIES], unknown: [] },
    { values: ['all'], strategies: [...STRATEGIES], unknown: [] },
    { values: ['full,bm25'], strategies: ['bm25', 'full'], unknown: [] },
    { values: ['bm25', 'bm25+graph'], strategies: ['bm25', 'bm25+graph'], unknown: [] },
    { values: ['bm25,semantic'], strategies: ['bm25'], unknown: ['semantic'] },
    { values: ['all,nope'], strategies: [...STRATEGIES], unknown: ['nope'] },
    { values: [','], strategies: [], unknown: ['(none)'] },
    { values: ['all,auto'], strategies: [...STRATEGIES, 'auto'], unknown: [] },
    { values: ['auto,lexical'], strategies: ['lexical', 'auto'], unknown: [] },
  ])('$values', ({ values, strategies, unknown }) => {
    expect(parseStrategies(values)).toEqual({ strategies, unknown });
  });
});

describe('mdkg bench', () => {
  it.each([
    { argv: ['bench'], code: 2, stderr: "mdkg bench: MDKG_USAGE no dataset: give one or more dataset folders (see 'mdkg help bench')\n" },
    {
      argv: ['bench', TINY, '--strategy', 'bm25,semantic'],
      code: 2,
      stderr: `mdkg bench: MDKG_STRATEGY_UNKNOWN unknown strategy 'semantic'; valid: ${VALID}\n`,
    },
    { argv: ['bench', TINY, '--limit', '0'], code: 2, stderr: "mdkg bench: MDKG_USAGE --limit must be an integer from 1 to 100, got '0'\n" },
  ])('$argv exits $code', async ({ argv, code, stderr }) => {
    expect(await runCli(argv, process.cwd())).toEqual({ code, stdout: '', stderr });
  });

  it('runs the tool index on a dataset: table on stdout, JSON and SVG written, no progress off a terminal', async () => {
    const out = await tempDir();
    const r = await runCli(['bench', TINY, '--strategy', 'bm25', '--json', 'r/report.json', '--svg', 'r/chart.svg'], out);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n').slice(0, 4)).toEqual([
      'strategy: bm25',
      expect.stringMatching(/^dataset +split +queries +Hit@1 +Hit@3 +Hit@5 +R@5 +R@10 +MRR +nDCG@10 +mAP@10 +ECE +ECE@1 +p50 ms +p95 ms +build ms$/),
      expect.stringMatching(/^-+ /),
      expect.stringMatching(/^tiny +dev +6 +/),
    ]);
    const report = JSON.parse(await readFile(join(out, 'r/report.json'), 'utf8')) as BenchReport;
    expect(report.format).toBe('mdkg-bench-report');
    expect(report.datasets[0]?.runs[0]?.queries.map((q) => [q.id, q.hits.length <= 10])).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q6'].map((id) => [id, true]));
    expect(report.datasets[0]?.runs[0]?.queries[0]?.hits[0]).toMatchObject({ rank: 1, name: 'read_file', source: 'files' });
    const svg = await readFile(join(out, 'r/chart.svg'), 'utf8');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  });

  it('--json - prints the report instead of the table; a missing folder fails (exit 1) and the rest still runs', async () => {
    const r = await runCli(['bench', 'nope', TINY, '--strategy', 'full', '--json', '-'], process.cwd());
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("mdkg bench: nope: MDKG_DATASET_INVALID dataset folder 'nope' does not exist or is not a folder\n");
    const report = JSON.parse(r.stdout) as BenchReport;
    expect(report.datasets.map((d) => [d.name, d.status])).toEqual([
      ['nope', 'failed'],
      ['tiny', 'ok'],
    ]);
  });

  it('draws progress on stderr only when it is a terminal, and not with --quiet', async () => {
    const run = async (extra: string[]): Promise<string> => {
      let stderr = '';
      await main(['bench', TINY, '--strategy', 'bm25', ...extra], {
        stdout: () => undefined,
        stderr: (t) => (stderr += t),
        cwd: process.cwd(),
        isTTY: false,
        stderrIsTTY: true,
      });
      return stderr;
    };
    const shown = await run([]);
    expect(shown).toContain('\rdataset 1/1 tiny: bm25 query 6/6\u001b[K');
    expect(shown.endsWith('\r\u001b[K')).toBe(true);
    expect(await run(['--quiet'])).toBe('');
  });
});

describe('mdkg bench on big and globbed inputs', () => {
  it('120,000 queries on a tiny catalog: finishes, table only (the report, too big for one string with every strategy, is not serialised without --json)', async () => {
    const dir = await tempDir();
    await cp(TINY, join(dir, 'big'), { recursive: true });
    const lines = Array.from({ length: 120_000 }, (_, i) => JSON.stringify({ id: `q${i}`, query: `read file ${i}`, expected: ['read_file'], match: 'all' }));
    await writeFile(join(dir, 'big', 'queries.jsonl'), `${lines.join('\n')}\n`);
    let stdout = '';
    let stderr = '';
    const io = { stdout: (t: string) => (stdout += t), stderr: (t: string) => (stderr += t), cwd: dir, isTTY: false };
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      expect(await benchCommand(['big', '--quiet', '--strategy', 'bm25'], io, (g) => wordOverlapSearcher(g))).toBe(0);
      expect(stringify.mock.calls.filter(([v]) => v !== null && typeof v === 'object' && 'datasets' in (v as object))).toEqual([]);
    } finally {
      stringify.mockRestore();
    }
    expect(stderr).toBe('');
    const tables = stdout.split('strategy: ').slice(1);
    expect(tables).toHaveLength(1);
    expect(tables[0]?.split('\n')[3]).toMatch(/^tiny\s+dev\s+100000\s+1\.000/);
  }, 60_000);

  it.each([
    { args: ['README.md', 'tiny'], notes: ['skipping README.md: not a dataset folder (not a folder)'], code: 0, ran: ['tiny'] },
    {
      args: ['notes', 'tiny', 'README.md'],
      notes: ['skipping notes: not a dataset folder (no dataset.json)', 'skipping README.md: not a dataset folder (not a folder)'],
      code: 0,
      ran: ['tiny'],
    },
    { args: ['tiny', 'gone'], notes: [], code: 1, ran: ['tiny'] },
    {
      args: ['README.md', 'notes'],
      notes: ['skipping README.md: not a dataset folder (not a folder)', 'skipping notes: not a dataset folder (no dataset.json)'],
      code: 2,
      ran: [],
    },
  ])('a glob like datasets/* ($args): what is not a dataset folder is skipped with a note', async ({ args, notes, code, ran }) => {
    const dir = await tempDir({ 'README.md': '# datasets\n', 'notes/todo.txt': 'x\n' });
    await cp(TINY, join(dir, 'tiny'), { recursive: true });
    const r = await runCli(['bench', ...args, '--strategy', 'bm25', '--json', '-'], dir);
    expect(r.code).toBe(code);
    const noteLines = r.stderr.split('\n').filter((l) => l.includes('skipping'));
    expect(noteLines).toEqual(notes.map((n) => `mdkg bench: ${n}`));
    if (code === 2) expect(r.stderr).toContain('MDKG_USAGE no dataset folder among the arguments (a dataset folder holds dataset.json)');
    else expect((JSON.parse(r.stdout) as BenchReport).datasets.filter((d) => d.status === 'ok').map((d) => d.name)).toEqual(ran);
  });
});

describe('mdkg bench: closure metrics through the real index and plan engine', () => {
  it('puts each hit’s declared prerequisites right after it and prints the closure table', async () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 'pets', version: '1' },
      paths: {
        '/pets': {
          get: {
            operationId: 'listPets',
            summary: 'List pets',
            parameters: [{ name: 'name', in: 'query', schema: { type: 'string' } }],
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } } } },
                links: { Photos: { operationId: 'getPetPhotos', parameters: { petId: '$response.body#/0/id' } } },
              },
            },
          },
        },
        '/pets/{petId}/photos': {
          get: {
            operationId: 'getPetPhotos',
            summary: 'Get the photos of a pet',
            parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    };
    const dir = await tempDir({
      'd/pets.json': JSON.stringify(spec),
      'd/dataset.json': JSON.stringify({
        name: 'pets-closure',
        split: 'dev',
        license: 'MIT',
        origin: 'test',
        catalog: [{ type: 'openapi', path: 'pets.json', source: 'pets' }],
        queries: 'queries.jsonl',
      }),
      'd/queries.jsonl': `${JSON.stringify({ id: 'p1', query: 'show the photos of the pet', expected: ['getPetPhotos'], match: 'any', required: ['getPetPhotos', 'listPets'] })}\n`,
    });
    const r = await runCli(['bench', 'd', '--strategy', 'full', '--json', '-'], dir);
    expect(r.code).toBe(0);
    const query = (JSON.parse(r.stdout) as BenchReport).datasets[0]?.runs[0]?.queries[0];
    expect(query?.closure?.closureHits.slice(0, 2)).toEqual(['pets/getPetPhotos', 'pets/listPets']);
    expect(query?.closure?.withClosure).toEqual({ map10: 1, recall10: 1, allRequired10: 1, targetHit10: 1 });
    const table = await runCli(['bench', 'd', '--strategy', 'full'], dir);
    expect(table.stdout).toMatch(/closure \(strategy full; required = target \+ prerequisites; \+C = search \+ closure\)\n/);
    expect(table.stdout).toMatch(/pets-closure +dev +1 +[\d.]+ +[\d.]+ +[\d.]+ +1\.000 +1\.000 +1\.000 +1\.000 +1\.000\n/);
  });
});
