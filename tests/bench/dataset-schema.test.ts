// schemas/bench-dataset.schema.json agrees with the reader: every dataset of the repository and of
// the test fixtures validates, line by line, and lines the reader skips are invalid.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parseQueries } from '../../src/bench/queries.js';

const SCHEMA = fileURLToPath(new URL('../../schemas/bench-dataset.schema.json', import.meta.url));
const DATASETS = fileURLToPath(new URL('../../benchmarks/datasets/', import.meta.url));
const TINY = fileURLToPath(new URL('../fixtures/bench/tiny/', import.meta.url));

async function validators(): Promise<{ dataset: (v: unknown) => boolean; query: (v: unknown) => boolean }> {
  const ajv = new Ajv2020({ strict: false });
  ajv.addSchema(JSON.parse(await readFile(SCHEMA, 'utf8')));
  const id = 'https://w3id.org/mdkg/schemas/bench-dataset.schema.json';
  return { dataset: ajv.getSchema(id) as (v: unknown) => boolean, query: ajv.getSchema(`${id}#/$defs/query`) as (v: unknown) => boolean };
}

describe('bench-dataset.schema.json', () => {
  it('validates every dataset of benchmarks/datasets and the tiny fixture, and each of their query lines', async () => {
    const { dataset, query } = await validators();
    // code-* sets are code search sets (benchmarks/code-search.ts), not `mdkg bench` sets.
    const folders = (await readdir(DATASETS, { withFileTypes: true })).filter(
      (d) => d.isDirectory() && d.name !== 'closure-catalog' && !d.name.startsWith('code-'),
    );
    const dirs = [TINY, ...folders.map((d) => join(DATASETS, d.name))];
    expect(dirs.length).toBeGreaterThan(6);
    for (const dir of dirs) {
      const json = JSON.parse(await readFile(join(dir, 'dataset.json'), 'utf8'));
      expect(dataset(json), dir).toBe(true);
      const lines = (await readFile(join(dir, json.queries), 'utf8')).split('\n').filter((l) => l.trim() !== '');
      for (const line of lines) expect(query(JSON.parse(line)), `${dir}: ${line}`).toBe(true);
    }
  });

  it.each([
    ['no match', { id: 'x', query: 'q', expected: ['a'] }],
    ['an unknown match', { id: 'x', query: 'q', expected: ['a'], match: 'some' }],
    ['expected not a list', { id: 'x', query: 'q', expected: 'a', match: 'any' }],
    ['required not a list', { id: 'x', query: 'q', expected: ['a'], match: 'any', required: 'a' }],
    ['an empty name', { id: 'x', query: 'q', expected: [' '], match: 'any' }],
    ['a bad language tag', { id: 'x', query: 'q', expected: ['a'], match: 'any', lang: 'english language' }],
    ['a blank query', { id: 'x', query: '  ', expected: ['a'], match: 'any' }],
  ])('rejects a line the reader skips: %s', async (_, line) => {
    const { query } = await validators();
    expect(query(line)).toBe(false);
    expect(parseQueries(JSON.stringify(line), 'q.jsonl').queries).toEqual([]);
  });
});
