// The code requests with embeddings (CLI commands and gateway meta-tools share them): search_code
// takes the context's strategy or the request's, get_similar_patterns blends the cosine into the
// shingle score, and a provider that cannot embed the symbols leaves both lexical with a diagnostic.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodeContext, searchCodeRequest, similarPatternsRequest } from '../../src/code-search/requests.js';
import { VECTOR_WEIGHT } from '../../src/code-search/similar-vectors.js';
import type { KnowledgeGraph } from '../../src/graph/knowledge-graph.js';
import type { EmbeddingProvider } from '../../src/search/vector/provider.js';
import { codeStaticProvider } from '../helpers/code-static-model.js';
import { codeProject } from '../helpers/code-project.js';
import { WordHashProvider } from '../helpers/word-hash-provider.js';

let dir: string;
let kg: KnowledgeGraph;
let provider: EmbeddingProvider;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mdkg-code-vector-requests-'));
  kg = await codeProject(dir);
  provider = await codeStaticProvider();
}, 30_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const ctx = (p: EmbeddingProvider, strategy?: CodeContext['strategy']): CodeContext => ({
  store: kg.store,
  root: dir,
  embeddings: { provider: p },
  ...(strategy === undefined ? {} : { strategy }),
});

describe('searchCodeRequest with embeddings', () => {
  it.each([
    ['the context strategy', 'auto', undefined, 'auto', 'src/util/crypto.ts#hashPassword'],
    ['the request strategy over the context one', 'lexical', 'vector', 'vector', 'src/util/crypto.ts#hashPassword'],
    ['lexical by default', undefined, undefined, undefined, undefined],
  ] as const)('%s', async (_name, given, asked, strategy, first) => {
    const result = await searchCodeRequest(ctx(provider, given), { query: 'scramble', ...(asked === undefined ? {} : { strategy: asked }) });
    expect([result.strategy, result.hits[0]?.id, result.diagnostics]).toEqual([strategy, first, []]);
  });

  it('ranks lexically, saying why, when the symbols cannot be embedded', async () => {
    const down = new WordHashProvider(8, 'down-8');
    down.mode = 'throw';
    const result = await searchCodeRequest(ctx(down, 'auto'), { query: 'hash a password', limit: 1 });
    expect(result.hits.map((h) => h.id)).toEqual(['src/util/crypto.ts#hashPassword']);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['MDKG_EMBEDDINGS_UNAVAILABLE', 'MDKG_EMBEDDINGS_UNAVAILABLE']);
  });
});

describe('similarPatternsRequest with embeddings', () => {
  const snippet = "function digest(value: string): string {\n  return value.split('').reverse().join('');\n}";

  it('is the shingle comparison without a vector strategy', async () => {
    const result = await similarPatternsRequest(ctx(provider), { code_snippet: snippet, limit: 1 });
    expect(result.hits[0]).toMatchObject({ id: 'src/util/crypto.ts#hashPassword' });
    expect(result.hits[0]!.cosine).toBeUndefined();
  });

  it('blends the cosine of the snippet words and the symbol text into the score', async () => {
    const plain = (await similarPatternsRequest(ctx(provider), { code_snippet: `// hash it\n${snippet}`, limit: 1 })).hits[0]!;
    const result = await similarPatternsRequest(ctx(provider, 'auto'), { code_snippet: `// hash it\n${snippet}`, limit: 1 });
    const hit = result.hits[0]!;
    expect(result.diagnostics).toEqual([]);
    expect([hit.id, hit.cosine]).toEqual(['src/util/crypto.ts#hashPassword', 1]);
    expect(hit.score).toBeCloseTo((1 - VECTOR_WEIGHT) * plain.score + VECTOR_WEIGHT, 3);
  });

  it('finds code by meaning alone when no shingle is shared', async () => {
    const result = await similarPatternsRequest(ctx(provider, 'auto'), { code_snippet: 'scramble', limit: 1 });
    expect(result.hits.map((h) => [h.id, h.jaccard, h.cosine])).toEqual([['src/util/crypto.ts#hashPassword', 0, 1]]);
  });

  it('compares by shingles only, saying why, when the snippet cannot be embedded', async () => {
    const flaky = new WordHashProvider(8, 'flaky-8');
    const warm = await similarPatternsRequest(ctx(flaky, 'auto'), { code_snippet: snippet, limit: 1 });
    expect(warm.diagnostics).toEqual([]);
    flaky.mode = 'throw';
    const result = await similarPatternsRequest(ctx(flaky, 'auto'), { code_snippet: snippet, limit: 1 });
    expect(result.hits[0]).toMatchObject({ id: 'src/util/crypto.ts#hashPassword' });
    expect(result.hits[0]!.cosine).toBeUndefined();
    expect(result.diagnostics.map((d) => d.code)).toEqual(['MDKG_EMBEDDINGS_FAILED']);
  });
});
