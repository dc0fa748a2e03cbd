// The persisted code index (code-index-cache.ts): written signed on a cold open and read back on a
// warm one with the same search results; a tampered file is rebuilt with MDKG_CACHE_CORRUPT; an
// edited code document makes it stale (rebuilt quietly); without a cache folder nothing is kept.
import { existsSync } from 'node:fs';
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_INDEX_FILE, codeIndexKey, codeSnapshot, openCodeIndex } from '../../src/code-search/code-index-cache.js';
import { writeSignedFile } from '../../src/graph/signed-file.js';
import { codeIndexOf } from '../../src/code-search/code-index.js';
import { searchCodeRequest } from '../../src/code-search/requests.js';
import type { KnowledgeGraph } from '../../src/graph/knowledge-graph.js';
import { readPairRecords } from '../../src/search/learned/pair-records.js';
import { codeProject } from '../helpers/code-project.js';

let dir: string;
let kg: KnowledgeGraph;
let graphs: string;
let cacheDir: string;
let loads = 0;
const load = async () => {
  loads += 1;
  return { index: codeIndexOf(kg.store), pairs: readPairRecords(kg.store).records, diagnostics: kg.diagnostics };
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mdkg-code-index-cache-'));
  kg = await codeProject(dir);
  graphs = join(dir, 'graphs');
  cacheDir = join(dir, 'cache');
}, 30_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const QUERIES = ['hash a password', 'session store', 'SessionStore', 'sign a user in', 'crypto', 'hahs a pasword'];

describe('persisted code index', () => {
  it('is written on a cold open and read on a warm one, with identical results', async () => {
    const cold = await openCodeIndex(graphs, cacheDir, load);
    expect([cold.fromCache, loads, cold.diagnostics]).toEqual([false, 1, []]);
    expect(existsSync(join(cacheDir, CODE_INDEX_FILE))).toBe(true);
    const warm = await openCodeIndex(graphs, cacheDir, load);
    expect([warm.fromCache, loads, warm.diagnostics]).toEqual([true, 1, []]);
    expect(warm.index.symbols.length).toBe(cold.index.symbols.length);
    for (const query of QUERIES) {
      const fromStore = await searchCodeRequest({ store: kg.store, root: dir }, { query, limit: 10 });
      const fromFile = await searchCodeRequest({ index: warm.index, pairs: warm.pairs, root: dir }, { query, limit: 10 });
      expect(fromFile).toEqual(fromStore);
    }
  });

  it('round-trips the file-level field and search by file', async () => {
    const cold = codeIndexOf(kg.store);
    const warm = await openCodeIndex(graphs, cacheDir, load);
    expect(warm.fromCache).toBe(true);
    expect([...warm.index.fileField.vocabulary()].sort()).toEqual([...cold.fileField.vocabulary()].sort());
    for (const query of QUERIES) {
      const weights = new Map([[query.split(' ')[0]!.toLowerCase(), 1]]);
      expect(warm.index.fileField.search(weights, 10)).toEqual(cold.fileField.search(weights, 10));
      const fromStore = await searchCodeRequest({ store: kg.store, root: dir }, { query, by: 'file' });
      const fromFile = await searchCodeRequest({ index: warm.index, pairs: warm.pairs, root: dir }, { query, by: 'file' });
      expect(fromFile).toEqual(fromStore);
    }
  });

  it('rebuilds a file of the format before the file field (version 1) quietly, never reading it', async () => {
    const key = await codeIndexKey(graphs);
    const { fileField: _dropped, ...old } = codeSnapshot(codeIndexOf(kg.store), [], []);
    await writeSignedFile(join(cacheDir, CODE_INDEX_FILE), { format: 'mdkg-code-index', version: 1, maxBytes: 512 * 1024 * 1024 }, key, old);
    const before = loads;
    const opened = await openCodeIndex(graphs, cacheDir, load);
    expect([opened.fromCache, loads - before, opened.diagnostics]).toEqual([false, 1, []]);
    expect((await openCodeIndex(graphs, cacheDir, load)).fromCache).toBe(true);
    loads = before; // the tests below count loads from here as before this one
  });

  it('is rebuilt with MDKG_CACHE_CORRUPT when tampered with', async () => {
    const path = join(cacheDir, CODE_INDEX_FILE);
    const bytes = await readFile(path);
    bytes[bytes.length - 5] = bytes[bytes.length - 5]! ^ 0xff;
    await writeFile(path, bytes);
    const opened = await openCodeIndex(graphs, cacheDir, load);
    expect([opened.fromCache, loads, opened.diagnostics.map((d) => [d.code, d.severity])]).toEqual([false, 2, [['MDKG_CACHE_CORRUPT', 'warning']]]);
    expect((await openCodeIndex(graphs, cacheDir, load)).fromCache).toBe(true);
  });

  it('is stale once a code document changes: rebuilt quietly', async () => {
    const before = await codeIndexKey(graphs);
    await appendFile(join(graphs, 'code', 'src', 'util', 'crypto.ts.md'), '\n');
    expect(await codeIndexKey(graphs)).not.toBe(before);
    const opened = await openCodeIndex(graphs, cacheDir, load);
    expect([opened.fromCache, loads, opened.diagnostics]).toEqual([false, 3, []]);
  });

  it('keeps nothing without a cache folder', async () => {
    const opened = await openCodeIndex(graphs, undefined, load);
    expect([opened.fromCache, loads]).toEqual([false, 4]);
  });
});
