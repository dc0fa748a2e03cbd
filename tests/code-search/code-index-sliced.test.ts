import { join } from 'node:path';
import { DataFactory } from 'n3';
import { beforeAll, describe, expect, it } from 'vitest';
import { CodeIndex, codeIndexOf, codeIndexOfSliced } from '../../src/code-search/code-index.js';
import { PatternIndex } from '../../src/code-search/similar-patterns.js';
import { type KnowledgeGraph, loadGraph } from '../../src/graph/knowledge-graph.js';

// The repository's own code documents: about 400 files and 2,700 symbols, past every step size of
// a sliced build (32 files, 512 symbols, 32 documents, 256 terms).
let kg: KnowledgeGraph;
beforeAll(async () => {
  kg = await loadGraph(join(import.meta.dirname, '..', '..', 'graphs', 'code'), { cache: false });
}, 60_000);

/** What two code indexes are made of, for comparison. */
const parts = (index: CodeIndex): unknown => ({
  files: index.files,
  symbols: index.symbols,
  fileCalls: index.fileCalls,
  bm25: index.bm25.state(),
  fileField: index.fileField.state(),
  callers: index.callers,
  children: index.children,
  importers: index.importers,
  fileCallers: index.fileCallers,
  byName: index.byName,
  byFileName: index.byFileName,
});

describe('codeIndexOfSliced', () => {
  it('builds the same index as CodeIndex.build, pausing between its steps', async () => {
    expect(kg.store.size).toBeGreaterThan(10_000);
    let pauses = 0;
    const sliced = await CodeIndex.buildSliced(kg.store, undefined, { sliceMs: 0, pause: async () => void (pauses += 1) });
    const built = CodeIndex.build(kg.store);
    expect(built.symbols.length).toBeGreaterThan(1_000);
    expect(parts(sliced)).toEqual(parts(built));
    // The catalog's passes, then three passes of the symbols' postings (and the file field's): over 3 * symbols / 32.
    expect(pauses).toBeGreaterThan((3 * built.symbols.length) / 32);
  });

  it('serves callers during a build from that build, then from the memo codeIndexOf shares; a changed store builds anew', async () => {
    const { store } = await loadGraph(join(import.meta.dirname, '..', '..', 'graphs', 'code'), { cache: false });
    const first = codeIndexOfSliced(store);
    expect(codeIndexOfSliced(store)).toBe(first);
    const index = await first;
    expect(codeIndexOf(store)).toBe(index);
    expect(await codeIndexOfSliced(store)).toBe(index);
    const { namedNode, literal, quad } = DataFactory;
    store.addQuad(quad(namedNode('urn:x:a'), namedNode('urn:x:p'), literal('changed'), namedNode('urn:x:g')));
    const rebuilt = await codeIndexOfSliced(store);
    expect(rebuilt).not.toBe(index);
    expect(codeIndexOf(store)).toBe(rebuilt);
  });
});

describe('PatternIndex.build', () => {
  it('shingles the symbols of the repository in steps of 32, pausing between them', async () => {
    const index = CodeIndex.build(kg.store);
    let pauses = 0;
    const patterns = await PatternIndex.build(index, join(import.meta.dirname, '..', '..'), { sliceMs: 0, pause: async () => void (pauses += 1) });
    expect(patterns.diagnostics).toEqual([]);
    // Three passes over the symbols (shingles, their counts, each symbol's weight).
    expect(pauses).toBe(3 * Math.floor(index.symbols.length / 32));
    expect(patterns.similar('export function codeIndexOf(store: QuadStore): CodeIndex {', 1).hits[0]?.qualifiedName).toBe('codeIndexOf');
  });
});
