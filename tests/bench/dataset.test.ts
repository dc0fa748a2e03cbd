import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readDataset, DATASET_LIMITS } from '../../src/bench/dataset.js';
import { parseQueries } from '../../src/bench/queries.js';
import { isMdkgError } from '../../src/errors.js';
import { tempDir } from '../helpers/temp-dir.js';

const TINY = fileURLToPath(new URL('../fixtures/bench/tiny', import.meta.url));
const TOOLS = '{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}';

function datasetJson(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    name: 'd',
    split: 'dev',
    license: 'MIT',
    origin: 'test',
    catalog: [{ type: 'mcp-tools', path: 'tools.json', source: 's' }],
    queries: 'queries.jsonl',
    ...overrides,
  });
}

async function failure(dir: string): Promise<{ code: string; message: string; file: unknown }> {
  try {
    await readDataset(dir);
  } catch (error) {
    if (isMdkgError(error)) return { code: error.code, message: error.message, file: error.details.file };
    throw error;
  }
  throw new Error('readDataset did not fail');
}

describe('readDataset', () => {
  it('reads the fixture: fields, catalog paths resolved against the folder, queries in order', async () => {
    const d = await readDataset(TINY);
    expect({ name: d.name, split: d.split, license: d.license, origin: d.origin, root: d.root, queriesFile: d.queriesFile }).toEqual({
      name: 'tiny',
      split: 'dev',
      license: 'MIT',
      origin: 'written for the mdkg bench tests',
      root: TINY,
      queriesFile: join(TINY, 'queries.jsonl'),
    });
    expect(d.catalog).toEqual([
      { type: 'mcp-tools', path: 'files.tools.json', resolved: join(TINY, 'files.tools.json'), source: 'files' },
      { type: 'graphs', path: 'graphs', resolved: join(TINY, 'graphs'), source: 'mail' },
    ]);
    expect(d.queries.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q6']);
    expect(d.queries[0]).toEqual({ id: 'q1', query: 'read file', expected: ['read_file'], match: 'all', lang: 'en', line: 1 });
    expect(d.queries[4]).toEqual({
      id: 'q5',
      query: 'list directory files',
      expected: ['list_directory', 'search_files', 'read_file'],
      match: 'all',
      required: ['list_directory'],
      line: 5,
    });
    expect(d.diagnostics).toEqual([]);
  });

  it('resolves catalog paths that lead outside the folder', async () => {
    const root = await tempDir({
      'shared/tools.json': TOOLS,
      'sets/d/dataset.json': datasetJson({ catalog: [{ type: 'mcp-tools', path: '../../shared/tools.json', source: 's' }] }),
      'sets/d/queries.jsonl': '',
    });
    const d = await readDataset(join(root, 'sets/d'));
    expect(d.catalog[0]?.resolved).toBe(join(root, 'shared/tools.json'));
    expect(d.diagnostics).toEqual([{ code: 'MDKG_DATASET_INVALID', severity: 'warning', message: 'no queries', file: join(root, 'sets/d', 'queries.jsonl') }]);
  });

  it.each([
    { name: 'missing folder', files: null, code: 'MDKG_DATASET_INVALID', message: /does not exist or is not a folder/ },
    { name: 'no dataset.json', files: {}, code: 'MDKG_DATASET_INVALID', message: /cannot read .*dataset\.json/ },
    { name: 'bad JSON', files: { 'dataset.json': '{"name": ' }, code: 'MDKG_DATASET_INVALID', message: /^not JSON: / },
    { name: 'not an object', files: { 'dataset.json': '[1]' }, code: 'MDKG_DATASET_INVALID', message: /^dataset\.json must hold a JSON object$/ },
    {
      name: 'missing name',
      files: { 'dataset.json': datasetJson({ name: undefined }) },
      code: 'MDKG_DATASET_INVALID',
      message: /^'name' must be a non-empty string$/,
    },
    {
      name: 'unknown split',
      files: { 'dataset.json': datasetJson({ split: 'validation' }) },
      code: 'MDKG_DATASET_INVALID',
      message: /^'split' must be one of train, dev, test, got 'validation'$/,
    },
    {
      name: 'missing license',
      files: { 'dataset.json': datasetJson({ license: '' }) },
      code: 'MDKG_DATASET_INVALID',
      message: /^'license' must be a non-empty string$/,
    },
    {
      name: 'empty catalog',
      files: { 'dataset.json': datasetJson({ catalog: [] }) },
      code: 'MDKG_DATASET_INVALID',
      message: /^'catalog' must be a non-empty array/,
    },
    {
      name: 'unknown catalog type',
      files: { 'dataset.json': datasetJson({ catalog: [{ type: 'graphql', path: 'x', source: 's' }] }) },
      code: 'MDKG_DATASET_INVALID',
      message: /^catalog\[0\]\.type must be one of mcp-tools, openapi, graphs, got "graphql"$/,
    },
    {
      name: 'catalog entry without path',
      files: { 'dataset.json': datasetJson({ catalog: [{ type: 'openapi', source: 's' }] }) },
      code: 'MDKG_DATASET_INVALID',
      message: /^catalog\[0\]\.path must be a non-empty path$/,
    },
    {
      name: 'bad source id',
      files: { 'dataset.json': datasetJson({ catalog: [{ type: 'openapi', path: 'tools.json', source: '../x' }] }) },
      code: 'MDKG_DATASET_INVALID',
      message: /^catalog\[0\]\.source must be a source id/,
    },
    {
      name: 'two entries with one source',
      files: {
        'tools.json': TOOLS,
        'dataset.json': datasetJson({
          catalog: [
            { type: 'mcp-tools', path: 'tools.json', source: 's' },
            { type: 'openapi', path: 'tools.json', source: 's' },
          ],
        }),
      },
      code: 'MDKG_DATASET_INVALID',
      message: /^two catalog entries use source 's'$/,
    },
    {
      name: 'catalog path missing',
      files: { 'dataset.json': datasetJson() },
      code: 'MDKG_DATASET_INVALID',
      message: /^catalog\[0\]\.path 'tools\.json' does not exist/,
    },
    {
      name: 'graphs entry that is a file',
      files: { 'tools.json': TOOLS, 'dataset.json': datasetJson({ catalog: [{ type: 'graphs', path: 'tools.json', source: 's' }] }) },
      code: 'MDKG_DATASET_INVALID',
      message: /must be a folder for type graphs$/,
    },
    {
      name: 'queries file missing',
      files: { 'tools.json': TOOLS, 'dataset.json': datasetJson() },
      code: 'MDKG_DATASET_INVALID',
      message: /^cannot read .*queries\.jsonl/,
    },
    {
      name: 'dataset.json too large',
      files: { 'dataset.json': ' '.repeat(DATASET_LIMITS.datasetJsonBytes + 1) },
      code: 'MDKG_DATASET_INVALID',
      message: /has \d+ bytes; at most 1048576 are read$/,
    },
    { name: 'binary dataset.json', files: { 'dataset.json': new Uint8Array([123, 0, 125]) }, code: 'MDKG_DATASET_INVALID', message: /holds NUL bytes/ },
  ])('refuses $name with $code', async ({ files, code, message }) => {
    const dir = files === null ? join(await tempDir(), 'nope') : await tempDir(files);
    const f = await failure(dir);
    expect(f.code).toBe(code);
    expect(f.message).toMatch(message);
    expect(typeof f.file).toBe('string');
  });
});

describe('parseQueries', () => {
  it('reads an empty expected list as a request no tool answers', () => {
    const { queries, diagnostics } = parseQueries('{"id":"na-1","query":"what time is it","expected":[],"match":"any"}\n', 'd/queries.jsonl');
    expect([queries.map((q) => [q.id, q.expected]), diagnostics]).toEqual([[['na-1', []]], []]);
  });

  const good = (id: string): string => JSON.stringify({ id, query: 'find it', expected: ['a'], match: 'all' });

  it.each([
    { name: 'not JSON', line: '{"id": "x", ', message: /^not JSON: .*; line skipped$/ },
    { name: 'an array', line: '[1, 2]', message: /^a line must be a JSON object; line skipped$/ },
    { name: 'no id', line: '{"query":"q","expected":["a"],"match":"all"}', message: /^'id' must be a non-empty string; line skipped$/ },
    { name: 'empty query', line: '{"id":"x","query":"  ","expected":["a"],"match":"all"}', message: /^'query' must be a non-empty string; line skipped$/ },
    { name: 'no expected', line: '{"id":"x","query":"q","match":"all"}', message: /^'expected' must be an array of strings; line skipped$/ },
    {
      name: 'a number in expected',
      line: '{"id":"x","query":"q","expected":[1],"match":"all"}',
      message: /^'expected' must hold non-empty strings; line skipped$/,
    },
    { name: 'no match', line: '{"id":"x","query":"q","expected":["a"]}', message: /^'match' must be "all" or "any"; line skipped$/ },
    { name: 'bad lang', line: '{"id":"x","query":"q","expected":["a"],"match":"any","lang":"english language"}', message: /^'lang' must be a language tag/ },
    {
      name: 'bad required',
      line: '{"id":"x","query":"q","expected":["a"],"match":"any","required":"a"}',
      message: /^'required' must be an array of strings; line skipped$/,
    },
    {
      name: 'a huge query',
      line: JSON.stringify({ id: 'x', query: 'q'.repeat(10_001), expected: ['a'], match: 'all' }),
      message: /^'query' is longer than 10000 characters; line skipped$/,
    },
    { name: 'a repeated id', line: good('q1'), message: /^id 'q1' was used on line 1; line skipped$/ },
  ])('skips a line with $name, naming file and line; the others still count', ({ line, message }) => {
    const text = [good('q1'), '', line, good('q4')].join('\n');
    const { queries, diagnostics } = parseQueries(text, 'd/queries.jsonl');
    expect(queries.map((q) => [q.id, q.line])).toEqual([
      ['q1', 1],
      ['q4', 4],
    ]);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'MDKG_DATASET_INVALID', severity: 'error', file: 'd/queries.jsonl', line: 3 });
    expect(diagnostics[0]?.message).toMatch(message);
  });

  it('accepts CRLF, a BOM and unknown keys; removes repeated expected names', () => {
    const text = `\uFEFF${JSON.stringify({ id: 'a', query: 'q', expected: ['x', 'x', 's/x'], match: 'any', meta: { note: 1 } })}\r\n`;
    expect(parseQueries(text, 'f')).toEqual({ queries: [{ id: 'a', query: 'q', expected: ['x', 's/x'], match: 'any', line: 1 }], diagnostics: [] });
  });
});
