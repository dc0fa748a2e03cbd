import { beforeAll, describe, expect, it } from 'vitest';
import { KnowledgeGraph } from '../../src/graph/knowledge-graph.js';
import { STOP_WORDS } from '../../src/lexicon/stem.js';
import { attachVectors } from '../../src/search/attach-vectors.js';
import { terms } from '../../src/search/text/tokenize.js';
import { ToolIndex } from '../../src/search/tool-index.js';
import type { SearchResult, Strategy } from '../../src/search/types.js';
import { identifierLike } from '../../src/search/vector-rank.js';
import { UseLiteProvider } from '../../src/search/vector/use-lite.js';
import { WordHashProvider } from '../helpers/word-hash-provider.js';
import { USE_LITE_INSTALLED } from '../helpers/use-lite.js';

let kg: KnowledgeGraph;
let plain: ToolIndex;
let withTexts: ToolIndex;
beforeAll(async () => {
  kg = await KnowledgeGraph.load('graphs', { cache: false });
  plain = ToolIndex.build(kg);
  withTexts = ToolIndex.build(kg, { vectorTexts: true });
});

const ids = (r: SearchResult): string[] => r.hits.map((h) => h.name);
/** A result without the fields a vector strategy may set differently from the lexical one. */
const lexicalPart = (r: SearchResult): unknown => ({ ...r, strategy: undefined, mode: undefined, diagnostics: undefined });

async function hashed(provider = new WordHashProvider(), timeout_ms?: number): Promise<ToolIndex> {
  const out = await attachVectors(withTexts, timeout_ms === undefined ? undefined : { provider: 'use-lite', timeout_ms }, { provider });
  expect(out.diagnostics).toEqual([]);
  return out.index;
}

const REQUESTS = ['find files matching a pattern', 'remove an entity from memory', 'read_file', 'add two numbers'];

describe('the lexical strategies are unchanged', () => {
  it.each(REQUESTS)('full with vectors attached, and lexical, give what full gave without vectors: %s', async (request) => {
    const index = await hashed();
    const before = await plain.search(request, { explain: true });
    expect(JSON.stringify(await index.search(request, { explain: true }))).toBe(JSON.stringify(before));
    const lexical = await index.search(request, { strategy: 'lexical', explain: true });
    expect(lexical.strategy).toBe('lexical');
    expect(JSON.stringify({ ...lexical, strategy: 'full' })).toBe(JSON.stringify(before));
  });

  it('builds the same index with and without embedding texts', async () => {
    expect(plain.embeddingTexts()).toBeUndefined();
    expect(withTexts.embeddingTexts()).toHaveLength(36);
    expect(withTexts.embeddingTexts()?.[0]).toBe('echo: Echo Tool. Echoes back the input string. parameters: message');
    expect(JSON.stringify(await withTexts.search('list a directory'))).toBe(JSON.stringify(await plain.search('list a directory')));
  });
});

describe('vector strategies degrade to the lexical ranking', () => {
  it.each<Strategy>(['vector', 'hybrid', 'auto'])('without vectors (%s)', async (strategy) => {
    const full = await plain.search('list a directory');
    const r = await plain.search('list a directory', { strategy });
    expect(r.strategy).toBe(strategy);
    expect(lexicalPart(r)).toEqual(lexicalPart(full));
    expect(r.mode).toBe('lexical+reranked+vector-fallback');
    expect(r.diagnostics.map((d) => d.code)).toEqual(['MDKG_EMBEDDINGS_UNAVAILABLE']);
  });

  it.each<['throw' | 'nan' | 'short' | 'none' | 'hang', string, string]>([
    ['throw', 'the test provider is down', 'MDKG_EMBEDDINGS_FAILED'],
    ['nan', 'non-finite value at 0', 'MDKG_EMBEDDINGS_FAILED'],
    ['short', 'has 63 dimensions, expected 64', 'MDKG_EMBEDDINGS_FAILED'],
    ['none', 'returned 0 vectors for 1 texts', 'MDKG_EMBEDDINGS_FAILED'],
    ['hang', 'embedding the request: timed out', 'MDKG_EMBEDDINGS_TIMEOUT'],
  ])('when embedding the request fails (%s)', async (mode, message, code) => {
    const provider = new WordHashProvider();
    const index = await hashed(provider, 30);
    provider.mode = mode;
    const full = await plain.search('remove an entity from memory');
    for (const strategy of ['vector', 'hybrid', 'auto'] as const) {
      const r = await index.search('remove an entity from memory', { strategy });
      expect(lexicalPart(r)).toEqual(lexicalPart(full));
      expect(r.diagnostics.slice(1)).toEqual(full.diagnostics);
      expect(r.diagnostics[0]).toMatchObject({ code, severity: 'warning' });
      expect(r.diagnostics[0]?.message).toContain(message);
    }
  });

  it('when the tools could not be embedded: the index keeps no vectors', async () => {
    const provider = new WordHashProvider();
    provider.mode = 'throw';
    const out = await attachVectors(withTexts, undefined, { provider });
    expect(out.index.hasVectors).toBe(false);
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MDKG_EMBEDDINGS_UNAVAILABLE']);
    expect((await attachVectors(plain, undefined, { provider: new WordHashProvider() })).diagnostics[0]?.message).toContain('without embedding texts');
  });
});

describe('vector strategies with vectors', () => {
  it('vector ranks by cosine and shows it as evidence', async () => {
    const index = await hashed();
    const text = withTexts.embeddingTexts()![withTexts.tools().findIndex((t) => t.name === 'move_file')]!;
    const r = await index.search(text, { strategy: 'vector', limit: 5 });
    expect(r.mode).toBe('vector');
    expect(r.hits[0]?.name).toBe('move_file');
    expect(r.hits[0]?.evidence.find((e) => e.source === 'vector')).toEqual({ source: 'vector', rank: 1, score: 1, cosine: 1 });
    const cosines = r.hits.map((h) => h.evidence.find((e) => e.source === 'vector')?.cosine ?? Number.NaN);
    expect(cosines).toEqual([...cosines].sort((a, b) => b - a));
  });

  it.each([
    ['hybrid', 'remove an entity from memory', 'hybrid'],
    ['auto', 'read_file', 'auto:identifier'],
    ['auto', 'read the complete contents of a file from the file system', 'auto:lexical-sure'],
    ['auto', 'something vague about zebras', 'auto:lexical-weak'],
  ] as const)('%s on %j ranks in mode %s', async (strategy, request, mode) => {
    const index = await hashed();
    const r = await index.search(request, { strategy });
    expect(r.mode.split('+').at(-1)).toBe(mode);
    expect(r.diagnostics.filter((d) => d.code.startsWith('MDKG_EMBEDDINGS'))).toEqual([]);
  });

  it('auto puts a tool the request names first, even one no source listed', async () => {
    const index = await hashed();
    expect(ids(await index.search('then call get_file_info on it', { strategy: 'auto' }))[0]).toBe('get_file_info');
    expect(ids(await index.search('list allowed directories', { strategy: 'auto' }))[0]).toBe('list_allowed_directories');
    const r = await index.search('zebra quagga okapi toggle-subscriber-updates', { strategy: 'auto' });
    expect(r.hits[0]?.name).toBe('toggle-subscriber-updates');
  });
});

describe('identifierLike', () => {
  it.each([
    ['read_file', true],
    ['loadGraph', true],
    ['tool-index.ts', true],
    ['src/search/pipeline', true],
    ['std::vector', true],
    ['call getPetById now', true],
    ['read a file', false],
    ['read-only files', false],
    ['a tool-like thing', false],
    ['please run read_file on the config of this project', false],
    ['', false],
  ])('%j -> %s', (request, expected) => {
    expect(identifierLike(request)).toBe(expected);
  });
});

const installed = USE_LITE_INSTALLED;

describe.skipIf(!installed)('auto with use-lite finds paraphrased tools lexical search misses', () => {
  let index: ToolIndex;
  beforeAll(async () => {
    const out = await attachVectors(withTexts, undefined, { provider: new UseLiteProvider() });
    expect(out.diagnostics).toEqual([]);
    index = out.index;
  }, 60_000);

  // Written for this test: each shares no content word with its tool's embedding text (checked below).
  it.each([
    ['what is the total of 3 and 4', 'get-sum', 1],
    ['how big is that thing on disk', 'get_file_info', 1],
    ['jot down a remark about someone', 'add_observations', 1],
  ])('%j -> %s', async (request, tool, rank) => {
    const text = withTexts.embeddingTexts()![withTexts.tools().findIndex((t) => t.name === tool)]!;
    const content = (s: string): Set<string> => new Set(terms(s).filter((t) => !STOP_WORDS.has(t)));
    const toolTerms = content(text);
    expect([...content(request)].filter((t) => toolTerms.has(t))).toEqual([]);
    expect(ids(await index.search(request, { strategy: 'full' }))[0]).not.toBe(tool);
    const auto = await index.search(request, { strategy: 'auto' });
    expect(ids(auto).indexOf(tool) + 1).toBe(rank);
    expect(auto.hits[0]?.evidence.some((e) => e.source === 'vector' && (e.cosine ?? 0) > 0)).toBe(true);
  });
});

describe.skipIf(!installed)('confidence with vectors: the vector calibration (use-lite)', () => {
  let index: ToolIndex;
  beforeAll(async () => {
    const out = await attachVectors(withTexts, undefined, { provider: new UseLiteProvider() });
    index = out.index;
  }, 60_000);

  // Written for this test: requests no bundled tool answers whose one content word a tool's
  // description happens to use. The vector calibration doubts the tool that uses the word, whatever
  // lexical search alone says ("size" is a word of `list_directory_with_sizes`' name).
  it.each(['what size are my shoes', 'how long is the movie', 'who wrote this song'])('%j comes back under 0.5 with auto', async (request) => {
    const auto = await index.search(request, { strategy: 'auto' });
    expect(auto.hits[0]?.confidence).toBeLessThan(0.5);
    expect(auto.diagnostics.map((d) => d.code)).toContain('MDKG_LOW_CONFIDENCE');
  });

  it.each([
    ['delete entities from the knowledge graph', 'delete_entities'],
    ['read a file', 'read_file'],
  ])('%j keeps its tool first with confidence at least 0.5', async (request, tool) => {
    const auto = await index.search(request, { strategy: 'auto', explain: true });
    expect(auto.hits[0]?.name).toBe(tool);
    expect(auto.hits[0]?.confidence).toBeGreaterThanOrEqual(0.5);
    expect(Object.keys(auto.hits[0]?.features?.confidence ?? {})).toEqual(expect.arrayContaining(['cosine', 'cosineRelative']));
  });
});
