import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KnowledgeGraph } from '../../src/graph/knowledge-graph.js';
import { ToolIndex } from '../../src/search/tool-index.js';
import { QuadStore } from '../../src/rdf/quad-store.js';
import { DEFAULT_RERANK, RERANK_FEATURES, type RerankFeatures } from '../../src/search/params/rerank-model.js';
import { rerankScore } from '../../src/search/rank/rerank.js';
import { confidence } from '../../src/search/result/calibrate.js';
import { DEFAULT_CALIBRATION, type ConfidenceFeatures } from '../../src/search/params/calibration-model.js';
import type { SearchHit } from '../../src/search/types.js';

let index: ToolIndex;
beforeAll(async () => {
  const kg = await KnowledgeGraph.load('graphs', { cache: false });
  index = ToolIndex.build(kg);
});

const top = async (query: string, strategy?: 'bm25' | 'full'): Promise<string | undefined> =>
  (await index.search(query, strategy === undefined ? {} : { strategy })).hits[0]?.id;

describe('ToolIndex on the bundled graphs/tools', () => {
  it('indexes the tools of the three reference servers with their edges', () => {
    expect(index.size).toBe(36);
    expect(index.edgeCount).toBeGreaterThan(10);
  });

  it.each([
    ['read', 'find files matching a pattern', 'tool:filesystem/search_files', 'read', []],
    ['read', 'show me the whole knowledge graph', 'tool:memory/read_graph', 'read', []],
    ['write', 'create a new directory', 'tool:filesystem/create_directory', 'write', []],
    ['write', 'add observations to an entity', 'tool:memory/add_observations', 'write', []],
    ['delete', 'delete entities from the knowledge graph', 'tool:memory/delete_entities', 'delete', []],
    ['delete', 'erase the relations', 'tool:memory/delete_relations', 'delete', []],
  ])('a %s request ranks the matching tool first: %s', async (_kind, query, expected, intent, codes) => {
    const result = await index.search(query);
    expect(result.intent).toBe(intent);
    expect(result.hits[0]?.id).toBe(expected);
    expect(result.diagnostics.map((d) => d.code)).toEqual(codes);
  });

  it.each(['read_text_file', 'list_directory_with_sizes', 'get-tiny-image', 'create_relations', 'move_file'])(
    'the exact name %s ranks its tool first',
    async (name) => {
      expect((await top(name))?.endsWith(`/${name}`)).toBe(true);
    },
  );

  it.each([
    ['creat directry', 'tool:filesystem/create_directory'],
    ['serch files', 'tool:filesystem/search_files'],
    ['delete entitie', 'tool:memory/delete_entities'],
  ])('a typo query still finds its tool: %s', async (query, expected) => {
    const result = await index.search(query);
    expect(result.hits[0]?.id).toBe(expected);
  });

  it('explains the typo correction in the evidence', async () => {
    const result = await index.search('creat directry', { explain: true });
    const fuzzy = result.hits[0]!.evidence.find((e) => e.source === 'fuzzy');
    expect(fuzzy?.corrected?.[0]?.from).toBe('directry');
    expect(result.mode).toBe('lexical+fuzzy+reranked');
    expect(Object.keys(result.hits[0]!.features?.rerank ?? {}).sort()).toEqual([...RERANK_FEATURES].sort());
  });

  it('explains the exact features the confidence was computed from (what calibration is fitted on)', async () => {
    const result = await index.search('write text to a file', { explain: true });
    let above = 1;
    for (const hit of result.hits) {
      const features = hit.features!.confidence as unknown as ConfidenceFeatures;
      const calibrated = Math.round(confidence(features, DEFAULT_CALIBRATION) * 1e4) / 1e4;
      // Capped at the hit above (confidence never increases down the list); the value itself kept.
      expect([hit.confidence, hit.features!.calibrated ?? hit.confidence]).toEqual([Math.min(calibrated, above), calibrated]);
      above = hit.confidence;
    }
  });

  it('gives a nonsense request no confident answer', async () => {
    const result = await index.search('xyzzy plugh frobnicate');
    expect(result.hits.every((h) => h.confidence < 0.3)).toBe(true);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['MDKG_LOW_CONFIDENCE']);
  });

  it('returns the tool facts, evidence and a SPARQL query reproducing them', async () => {
    const kg = await KnowledgeGraph.load('graphs', { cache: false });
    const result = await index.search('read a text file', { limit: 3 });
    expect(result.hits).toHaveLength(3);
    const hit = result.hits[0]!;
    expect(hit).toMatchObject({ id: 'tool:filesystem/read_text_file', name: 'read_text_file', source: 'filesystem', required: ['path'] });
    expect(hit.annotations.readOnlyHint).toBe(true);
    expect(hit.confidence).toBeGreaterThan(0.5);
    expect(hit.confidence).toBeLessThan(1);
    expect(hit.evidence.find((e) => e.source === 'bm25')?.matched?.map((m) => m.term)).toEqual(['read', 'text', 'file']);
    const q = await kg.query(result.sparql);
    expect(q.kind === 'bindings' && q.rows.map((r) => r.tool?.value).includes(hit.iri)).toBe(true);
  });

  it('orders results by fused score without re-ranking and gives confidences in (0, 1)', async () => {
    const result = await index.search('list files in a directory', { limit: 10, rerank: false });
    expect(result.mode).toBe('lexical');
    const scores = result.hits.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const h of result.hits) expect(h.confidence > 0 && h.confidence < 1).toBe(true);
  });

  it('does not match or take the intent from negated words', async () => {
    const result = await index.search('read the file, do not delete it', { limit: 10 });
    expect(result.mode).toContain('negation');
    expect(result.intent).toBe('read');
    expect(result.hits[0]?.id).toBe('tool:filesystem/read_file');
    expect(result.hits.some((h) => h.annotations.destructiveHint === true && h.name.startsWith('delete'))).toBe(false);
  });

  it('puts the best tool of every step of a multi-step request near the top', async () => {
    const query = 'create a new directory, then write a file into it, and delete the old entities';
    const result = await index.search(query, { limit: 5 });
    expect(result.mode).toContain('clauses:3');
    const ids = result.hits.slice(0, 3).map((h) => h.id);
    expect(new Set(ids)).toEqual(new Set(['tool:filesystem/write_file', 'tool:filesystem/create_directory', 'tool:memory/delete_entities']));
    const whole = await index.search(query, { limit: 5, clauses: false });
    expect(whole.mode).not.toContain('clauses');
    expect(whole.hits[0]?.id).toBe(result.hits[0]?.id);
  });

  it('re-ranks the fused candidates by the learned model (strategy full only)', async () => {
    const fused = await index.search('list files in a directory', { limit: 20, rerank: false, explain: true });
    const reranked = await index.search('list files in a directory', { limit: 20, explain: true });
    expect(reranked.mode).toBe('lexical+reranked');
    expect(new Set(reranked.hits.map((h) => h.id))).toEqual(new Set(fused.hits.map((h) => h.id)));
    const model = (h: SearchHit): number => rerankScore(h.features?.rerank as RerankFeatures, DEFAULT_RERANK);
    const scores = reranked.hits.slice(0, DEFAULT_RERANK.depth).map(model);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const bm25Only = await index.search('list files in a directory', { limit: 20, strategy: 'bm25' });
    expect(bm25Only.mode).toBe('lexical');
  });
});

describe('confidence does not depend on the limit', () => {
  // Written for this test: a request per kind (clear, vague, multi-step, no answer).
  it.each(['make a folder', 'open something', 'read the notes file and then delete it', 'book a flight to Oslo'])('%j', async (request) => {
    const all = (await index.search(request, { limit: 10 })).hits.map((h) => [h.id, h.confidence]);
    for (const limit of [1, 2, 3, 5]) {
      const cut = await index.search(request, { limit });
      expect(cut.hits.map((h) => [h.id, h.confidence])).toEqual(all.slice(0, limit));
    }
  });
});

describe('ToolIndex bad input', () => {
  it.each([
    ['', 'MDKG_QUERY_EMPTY'],
    ['   \t ', 'MDKG_QUERY_EMPTY'],
  ])('an empty query (%j) gives %s and no hits', async (query, code) => {
    const result = await index.search(query);
    expect(result.hits).toEqual([]);
    expect(result.diagnostics.map((d) => d.code)).toEqual([code]);
  });

  it('truncates a very long query with a diagnostic and still answers', async () => {
    const result = await index.search(`read file ${'x'.repeat(50_000)}`);
    expect(result.diagnostics.map((d) => d.code)).toContain('MDKG_QUERY_TRUNCATED');
    expect(result.hits[0]?.id.startsWith('tool:filesystem/read')).toBe(true);
  });

  it('removes control characters with a diagnostic', async () => {
    const result = await index.search('create\u0000 a\u0007 directory');
    expect(result.diagnostics.map((d) => d.code)).toContain('MDKG_QUERY_CONTROL_CHARS');
    expect(result.hits[0]?.id).toBe('tool:filesystem/create_directory');
  });

  it('refuses an unknown strategy and a bad limit', async () => {
    await expect(index.search('x', { strategy: 'magic' as never })).rejects.toMatchObject({ code: 'MDKG_STRATEGY_UNKNOWN' });
    await expect(index.search('x', { limit: 0 })).rejects.toMatchObject({ code: 'MDKG_USAGE' });
    await expect(index.search('x', { limit: 1.5 })).rejects.toMatchObject({ code: 'MDKG_USAGE' });
  });

  it('refuses a malformed re-ranking model at build time', () => {
    expect(() => ToolIndex.build(new QuadStore(), { rerank: { depth: 0, weights: DEFAULT_RERANK.weights } })).toThrow(
      expect.objectContaining({ code: 'MDKG_CONFIG_INVALID' }),
    );
    expect(() => ToolIndex.build(new QuadStore(), { rerank: { depth: 5, weights: { ...DEFAULT_RERANK.weights, rrf: Number.POSITIVE_INFINITY } } })).toThrow(
      expect.objectContaining({ code: 'MDKG_CONFIG_INVALID' }),
    );
  });

  it('says the index is empty instead of returning a silent empty success', async () => {
    const empty = ToolIndex.build(new QuadStore());
    const result = await empty.search('read a file');
    expect(result.hits).toEqual([]);
    expect(result.diagnostics.map((d) => [d.code, d.severity])).toEqual([['MDKG_INDEX_EMPTY', 'error']]);
  });
});

describe('ToolIndex on hand-written tool documents', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mdkg-search-'));
    mkdirSync(join(dir, 'tools'));
    const doc = (id: string, front: string): void =>
      writeFileSync(join(dir, 'tools', `${id}.md`), `---\nid: tool:shop/${id}\ntype: Tool\nname: ${id}\nsource: shop\n${front}---\n# ${id}\n`);
    doc('track_package', 'title: Track package\ndescription: Where a parcel is now.\naliases: [trace delivery]\nreadOnlyHint: true\n');
    doc(
      'cancel_order',
      'title: Cancel order\ndescription: Stops an order before it ships.\ndestructiveHint: true\nreadOnlyHint: false\nrequires: [tool:shop/get_order]\n',
    );
    doc('get_order', 'title: Get order\ndescription: One order by its number.\nreadOnlyHint: true\n');
    const state = (values: string): string => `parameters:\n  - id: "#param-state"\n    "@type": Parameter\n    name: state\n    enum: [${values}]\n`;
    doc('list_parcels', `title: List parcels\ndescription: Parcels of the shop.\nreadOnlyHint: true\n${state('queued, lost, delivered')}`);
    doc('list_invoices', `title: List invoices\ndescription: Invoices of the shop.\nreadOnlyHint: true\n${state('draft, paid')}`);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('ranks by alias and walks hand-written edges as extracted', async () => {
    const kg = await KnowledgeGraph.load(dir, { cache: false });
    const idx = ToolIndex.build(kg);
    expect((await idx.search('trace delivery')).hits[0]?.id).toBe('tool:shop/track_package');
    const result = await idx.search('cancel', { strategy: 'bm25+graph', limit: 3 });
    expect(result.hits[0]?.id).toBe('tool:shop/cancel_order');
    expect(result.hits[0]?.related).toEqual(['tool:shop/get_order']);
    const viaGraph = result.hits.find((h) => h.id === 'tool:shop/get_order')?.evidence.find((e) => e.source === 'graph');
    expect(viaGraph?.path).toEqual({ from: 'tool:shop/cancel_order', relations: ['requires'], confidence: 'extracted' });
  });

  it.each([
    ['which parcels got lost', 'tool:shop/list_parcels', 'lost'],
    ['the invoices already paid', 'tool:shop/list_invoices', 'paid'],
  ])("matches %j on a parameter's enum values (the words the tool accepts)", async (request, expected, value) => {
    const idx = ToolIndex.build(await KnowledgeGraph.load(dir, { cache: false }));
    const hit = (await idx.search(request, { strategy: 'bm25' })).hits[0];
    expect(hit?.id).toBe(expected);
    const bm25 = hit?.evidence.find((e) => e.source === 'bm25');
    expect(bm25?.source === 'bm25' ? (bm25.matched ?? []).filter((m) => m.fields.includes('parameter/mdkg:enumValue')).map((m) => m.term) : []).toEqual([
      value,
    ]);
  });
});

describe("issue 12's six everyday requests on the bundled graph", () => {
  it.each([
    ['make a folder', 'tool:filesystem/create_directory'],
    ['lsit the contnets of a foldr', 'tool:filesystem/list_directory'],
    ['add two numbers', 'tool:everything/get-sum'],
    // the change falls on the object; "between two entities" only says which relation
    ['remove a relation between two entities', 'tool:memory/delete_relations'],
    ['delete relations between entities', 'tool:memory/delete_relations'],
  ])('%j ranks %s first', async (request, expected) => {
    expect(await top(request)).toBe(expected);
  });

  it.each(['what time is it', 'send an email to bob'])('%j, which no tool answers, comes back below 0.5 and flagged', async (request) => {
    const result = await index.search(request);
    expect(result.hits[0]?.confidence ?? 0).toBeLessThan(0.5);
    expect(result.diagnostics.map((d) => d.code)).toContain('MDKG_LOW_CONFIDENCE');
  });

  it('a request only one tool matches has a decided order and explained features', async () => {
    const result = await index.search("echo 'hello'", { explain: true });
    expect(result.hits.map((h) => h.id)).toEqual(['tool:everything/echo']);
    expect(result.hits[0]?.features?.confidence.decisive).toBe(1);
    expect(result.hits[0]?.features?.rerank).toBeDefined();
  });
});
