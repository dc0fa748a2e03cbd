// search_code with vectors, on the small project of code-project.ts and a small static model whose
// words of one concept share a direction (helpers/code-static-model.ts): paraphrases that share no
// word with the code are found by vector, hybrid and auto; a named symbol stays first; a provider
// that fails leaves the lexical ranking with a diagnostic.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodeIndex, codeIndexOf } from '../../src/code-search/code-index.js';
import { searchCodeWithStrategy } from '../../src/code-search/code-strategies.js';
import { codeEmbeddingTexts, embedCode } from '../../src/code-search/code-vectors.js';
import { searchCode } from '../../src/code-search/search-code.js';
import type { CodeStrategy } from '../../src/code-search/types.js';
import type { KnowledgeGraph } from '../../src/graph/knowledge-graph.js';
import type { ToolVectors } from '../../src/search/vector/tool-vectors.js';
import { codeStaticProvider } from '../helpers/code-static-model.js';
import { codeProject } from '../helpers/code-project.js';
import { WordHashProvider } from '../helpers/word-hash-provider.js';

let dir: string;
let kg: KnowledgeGraph;
let index: CodeIndex;
let vectors: ToolVectors;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mdkg-code-strategies-'));
  kg = await codeProject(dir);
  index = codeIndexOf(kg.store);
  vectors = (await embedCode(index, await codeStaticProvider())).vectors!;
}, 30_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const ids = async (query: string, strategy: CodeStrategy, limit = 3): Promise<string[]> =>
  (await searchCodeWithStrategy(index, query, { strategy, vectors, limit })).hits.map((h) => h.id);

describe('code embedding texts', () => {
  it('are the qualified name in words, the kind, the doc comment, the signature and the path words', () => {
    const texts = codeEmbeddingTexts(index);
    const at = index.symbols.findIndex((s) => s.qualifiedName === 'SessionStore.signIn');
    expect(texts[at]).toBe(
      'session store sign in (method). Signs a user in after checking the password. signIn(user: string, password: string): boolean. in src auth session',
    );
  });
});

describe('searchCodeWithStrategy', () => {
  it.each([
    ['vector', 'scramble', 'src/util/crypto.ts#hashPassword'],
    ['hybrid', 'scramble', 'src/util/crypto.ts#hashPassword'],
    ['auto', 'scramble', 'src/util/crypto.ts#hashPassword'],
    ['vector', 'login', 'src/auth/session.ts#SessionStore.signIn'],
    ['auto', 'login', 'src/auth/session.ts#SessionStore.signIn'],
  ] as const)('%s finds %j (a word no symbol has) at %s', async (strategy, query, id) => {
    expect(searchCode(index, query).hits.map((h) => h.id)).not.toContain(id);
    expect((await ids(query, strategy))[0]).toBe(id);
  });

  it('says how it ranked, with the cosine and vector rank as evidence and a confidence in (0, 1)', async () => {
    const result = await searchCodeWithStrategy(index, 'scramble', { strategy: 'auto', vectors, limit: 1 });
    expect(result).toMatchObject({ strategy: 'auto', mode: 'auto:lexical-weak', diagnostics: [] });
    expect(result.hits[0]!.evidence).toEqual([{ source: 'vector', cosine: 1, rank: 1 }]);
    expect(result.hits[0]!.confidence).toBeGreaterThan(0);
    expect(result.hits[0]!.confidence).toBeLessThan(1);
  });

  it.each(['vector', 'hybrid', 'auto'] as const)('%s keeps a symbol the request names first (identifier-like: lexical first)', async (strategy) => {
    const result = await searchCodeWithStrategy(index, 'lookup', { strategy, vectors, limit: 2 });
    expect(result.hits[0]).toMatchObject({ id: 'src/auth/session.ts#SessionStore.lookup', confidence: 0.95 });
    expect(result.hits[0]!.evidence).toContainEqual({ source: 'symbol', rule: 'exact' });
  });

  it('goes lexical-first for an identifier-like request', async () => {
    expect((await searchCodeWithStrategy(index, 'crypto.ts', { strategy: 'auto', vectors })).mode).toBe('auto:identifier');
  });

  it('honours path and kind', async () => {
    expect(await ids('login', 'vector', 10)).toContain('tests/session.test.ts#signInTwice');
    const scoped = await searchCodeWithStrategy(index, 'login', { strategy: 'vector', vectors, path: 'src', kind: 'function', limit: 10 });
    expect(scoped.hits.map((h) => h.id)).toEqual(['src/util/crypto.ts#hashPassword']);
  });

  it('is the lexical search itself for strategy lexical', async () => {
    const lexical = searchCode(index, 'hash a password');
    expect(await searchCodeWithStrategy(index, 'hash a password', { strategy: 'lexical', vectors })).toEqual({
      ...lexical,
      strategy: 'lexical',
      mode: 'lexical',
    });
  });
});

describe('without vectors', () => {
  const lexicalIds = (query: string): string[] => searchCode(index, query).hits.map((h) => h.id);

  it.each(['vector', 'hybrid', 'auto'] as const)('%s ranks lexically with MDKG_EMBEDDINGS_UNAVAILABLE when there are none', async (strategy) => {
    const result = await searchCodeWithStrategy(index, 'hash a password', { strategy });
    expect(result.hits.map((h) => h.id)).toEqual(lexicalIds('hash a password'));
    expect(result.mode).toBe('vector-fallback');
    expect(result.diagnostics.map((d) => d.code)).toEqual(['MDKG_EMBEDDINGS_UNAVAILABLE']);
  });

  it.each(['throw', 'nan', 'short', 'none'] as const)('ranks lexically with MDKG_EMBEDDINGS_FAILED when the request embedding fails (%s)', async (mode) => {
    const provider = new WordHashProvider(16);
    const failing = (await embedCode(index, provider)).vectors!;
    provider.mode = mode;
    const result = await searchCodeWithStrategy(index, 'hash a password', { strategy: 'auto', vectors: failing });
    expect(result.hits.map((h) => h.id)).toEqual(lexicalIds('hash a password'));
    expect(result.diagnostics.map((d) => d.code)).toEqual(['MDKG_EMBEDDINGS_FAILED']);
  });

  it('ranks lexically with MDKG_EMBEDDINGS_TIMEOUT when the request embedding does not answer within its limit', async () => {
    const provider = new WordHashProvider(16);
    const hanging = (await embedCode(index, provider, { queryTimeoutMs: 100 })).vectors!;
    provider.mode = 'hang';
    const result = await searchCodeWithStrategy(index, 'hash a password', { strategy: 'auto', vectors: hanging });
    expect(result.hits.map((h) => h.id)).toEqual(lexicalIds('hash a password'));
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['MDKG_EMBEDDINGS_TIMEOUT', 'the request could not be embedded (embedding the request: timed out); ranked lexically (strategy auto)'],
    ]);
  });

  it('gives no vectors, with a diagnostic, when the symbols cannot be embedded', async () => {
    const provider = new WordHashProvider(16);
    provider.mode = 'throw';
    const out = await embedCode(index, provider);
    expect(out.vectors).toBeUndefined();
    expect(out.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['MDKG_EMBEDDINGS_UNAVAILABLE', 'the code symbols could not be embedded (MDKG_EMBEDDINGS_FAILED: the test provider is down); vectors are off'],
    ]);
  });
});

describe('the code vector cache', () => {
  it('embeds only what it has not seen, in a file of its own', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'mdkg-code-vectors-'));
    try {
      const provider = new WordHashProvider(16);
      const first = await embedCode(index, provider, { cacheDir });
      const again = await embedCode(index, provider, { cacheDir });
      expect([first.stats.embedded, again.stats.embedded, again.stats.cached]).toEqual([index.symbols.length, 0, index.symbols.length]);
      expect((await readdir(cacheDir)).map((f) => f.replace(/[0-9a-f]{16}/, 'H'))).toEqual(['code-vectors-H.bin']);
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  });
});
