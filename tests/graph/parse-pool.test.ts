import { afterEach, describe, expect, it } from 'vitest';
import { syntheticOpenApi } from '../../benchmarks/synthetic-openapi.js';
import { sourceDocuments } from '../../src/generate/source-documents.js';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import type { ParseJob } from '../../src/graph/parse-file.js';
import { parseEntries } from '../../src/graph/parse-pool.js';
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
    expect(here.filter((e) => !e.usable).map((e) => e.path)).toEqual(['broken.md', 'remote.md']);
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
