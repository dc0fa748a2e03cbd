// Unit tests never copy benchmark queries: every request of the shared labelled sets and of the
// code-search sets in benchmarks/datasets/code-* (12+ characters) is looked for, case-insensitively,
// in every test file. The shared sets' check is skipped when they are absent.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cli.js';

const SHARED = join(REPO, '..', 'shared', 'datasets');
const present = existsSync(join(SHARED, 'gtc'));

function files(dir: string, ext: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name), ext) : e.name.endsWith(ext) ? [join(dir, e.name)] : [],
  );
}

/** Every string under a `query` key of a JSON value. */
function queriesIn(value: unknown, out: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) queriesIn(v, out);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'query' && typeof v === 'string') out.add(v);
      else queriesIn(v, out);
    }
  }
}

describe('code-search benchmark queries', () => {
  it('appear in no unit test', () => {
    const datasets = join(REPO, 'benchmarks', 'datasets');
    const queries = new Set<string>();
    for (const dir of readdirSync(datasets).filter((d) => d.startsWith('code-'))) {
      for (const line of readFileSync(join(datasets, dir, 'queries.jsonl'), 'utf8').split('\n')) if (line.trim() !== '') queriesIn(JSON.parse(line), queries);
    }
    const wanted = [...queries].map((q) => q.trim().toLowerCase()).filter((q) => q.length >= 12);
    expect(wanted.length).toBeGreaterThanOrEqual(100);
    const found: string[] = [];
    for (const file of files(join(REPO, 'tests'), '.ts')) {
      const text = readFileSync(file, 'utf8').toLowerCase();
      for (const q of wanted) if (text.includes(q)) found.push(`${relative(REPO, file)}: ${q}`);
    }
    expect(found).toEqual([]);
  });
});

describe.skipIf(!present)('benchmark queries', () => {
  it('appear in no unit test', () => {
    const queries = new Set<string>();
    for (const file of files(join(SHARED, 'gtc'), 'queries.jsonl')) {
      for (const line of readFileSync(file, 'utf8').split('\n')) if (line.trim() !== '') queriesIn(JSON.parse(line), queries);
    }
    for (const file of files(join(SHARED, 'graph-tool-call', 'benchmarks'), '.json')) {
      try {
        queriesIn(JSON.parse(readFileSync(file, 'utf8')), queries);
      } catch {
        // not JSON we can read: no queries
      }
    }
    const wanted = [...queries].map((q) => q.trim().toLowerCase()).filter((q) => q.length >= 12);
    expect(wanted.length).toBeGreaterThan(300);
    const found: string[] = [];
    for (const file of files(join(REPO, 'tests'), '.ts')) {
      const text = readFileSync(file, 'utf8').toLowerCase();
      for (const q of wanted) if (text.includes(q)) found.push(`${relative(REPO, file)}: ${q}`);
    }
    expect(found).toEqual([]);
  });
});
