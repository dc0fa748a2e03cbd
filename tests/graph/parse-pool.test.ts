import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { syntheticOpenApi } from '../../benchmarks/synthetic-openapi.js';
import { sourceDocuments } from '../../src/generate/source-documents.js';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import type { ParseJob } from '../../src/graph/parse-file.js';
import { parseEntries } from '../../src/graph/parse-pool.js';
import { parseEntry } from '../../src/graph/parse-file.js';
import { readOpenApi } from '../../src/ingest/openapi/index.js';
import { tempDir } from '../helpers/temp-dir.js';

const saved = process.env.MDKG_PARSE_WORKERS;
afterEach(() => {
  if (saved === undefined) delete process.env.MDKG_PARSE_WORKERS;
  else process.env.MDKG_PARSE_WORKERS = saved;
});

let made: Map<string, string> | undefined;
/** 300 generated tool documents, plus one broken and one with a remote context. */
function documents(): Map<string, string> {
  if (made !== undefined) return made;
  const spec = JSON.stringify(syntheticOpenApi(300, 3).spec);
  const out = new Map(sourceDocuments(readOpenApi(spec, { source: 'synthetic', file: 'synthetic.json' }).tools, {}).documents);
  out.set('broken.md', '---\nid: [unclosed\n---\n');
  out.set('remote.md', '---\n"@context": https://example.org/context.jsonld\nid: concept:r\n---\n');
  made = out;
  return out;
}

describe('parsing on every core', () => {
  it('gives, from two workers and this thread, exactly what parsing here in order gives', async () => {
    const jobs: ParseJob[] = [...documents()].map(([path, text]) => ({ path, bytes: Buffer.from(text), maxBytes: 1 << 20, hash: `h:${path}` }));
    process.env.MDKG_PARSE_WORKERS = '0';
    const here = await parseEntries(jobs);
    process.env.MDKG_PARSE_WORKERS = '2';
    const progress: number[] = [];
    const pooled = await parseEntries(jobs, (done) => progress.push(done));
    expect(pooled).toEqual(here);
    expect(progress.at(-1)).toBe(jobs.length);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(here.filter((e) => 'failed' in e || !e.usable).map((e) => e.path)).toEqual(['broken.md', 'remote.md']);
  }, 60_000);

  it('loads the same graph with workers as without', async () => {
    const files = Object.fromEntries([...documents()].map(([path, text]) => [`tools/${path}`, text]));
    const dir = await tempDir(files);
    const lines = (kg: Awaited<ReturnType<typeof loadGraph>>): string[] =>
      kg.store.getQuads(null, null, null, null).map((q) => `${q.subject.value} ${q.predicate.value} ${q.object.value} ${q.graph.value}`);
    process.env.MDKG_PARSE_WORKERS = '0';
    const alone = await loadGraph(dir, { cache: false });
    process.env.MDKG_PARSE_WORKERS = '2';
    const pooled = await loadGraph(dir, { cache: false });
    expect(pooled.stats.parsed).toBe(Object.keys(files).length);
    expect(lines(pooled)).toEqual(lines(alone));
    expect(pooled.diagnostics).toEqual(alone.diagnostics);
  }, 60_000);
});

describe('a job that reads its file (a file nothing is known of)', () => {
  // [name, files, the job's file, maxBytes, what parseEntry gives]
  const CASES: Array<[string, Record<string, string>, string, number, Record<string, unknown>]> = [
    ['a document', { 'a.md': '---\nid: concept:a\n---\n# A\n' }, 'a.md', 1 << 20, { iri: 'https://w3id.org/mdkg/concept/a', usable: true }],
    [
      'too large: unread, its size as its hash',
      { 'big.md': 'x'.repeat(100) },
      'big.md',
      10,
      {
        hash: 'size:100',
        usable: false,
        diagnostics: [
          { code: 'MDKG_FILE_TOO_LARGE', severity: 'error', message: 'document is 100 bytes, over the limit of 10', file: 'big.md', line: 1, column: 1 },
        ],
      },
    ],
    ['gone since the scan', {}, 'gone.md', 1 << 20, { failed: { code: 'MDKG_FILE_READ', severity: 'error', file: 'gone.md' } }],
    ['a link since the scan', { 'target.md': '# T\n' }, 'link.md', 1 << 20, { failed: { code: 'MDKG_PATH_ESCAPE', severity: 'warning', file: 'link.md' } }],
  ];
  it.each(CASES)('%s', async (_name, files, path, maxBytes, expected) => {
    const dir = await tempDir(files);
    if (path === 'link.md') symlinkSync(join(dir, 'target.md'), join(dir, 'link.md'));
    const entry = await parseEntry({ path, absolute: join(dir, path), maxBytes, racyMs: 0 });
    expect(entry).toMatchObject(expected);
    if (!('failed' in entry) && entry.usable) expect(entry.hash).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('a cold load with files too large, read by workers, says what reading them here says', async () => {
    const files = Object.fromEntries([...documents()].map(([path, text]) => [`tools/${path}`, text]));
    files['huge.md'] = `---\nid: concept:huge\n---\n${'x'.repeat(300_000)}\n`;
    const dir = await tempDir(files);
    process.env.MDKG_PARSE_WORKERS = '0';
    const alone = await loadGraph(dir, { cache: false, maxBytes: 200_000 });
    process.env.MDKG_PARSE_WORKERS = '2';
    const pooled = await loadGraph(dir, { cache: false, maxBytes: 200_000 });
    expect(pooled.stats).toEqual({ ...alone.stats, ms: pooled.stats.ms });
    expect(pooled.diagnostics).toEqual(alone.diagnostics);
    expect(pooled.diagnostics.filter((d) => d.code === 'MDKG_FILE_TOO_LARGE').map((d) => d.file)).toEqual(['huge.md']);
    expect(pooled.store.size).toBe(alone.store.size);
  }, 60_000);
});
