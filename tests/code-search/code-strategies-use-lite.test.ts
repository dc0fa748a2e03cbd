// search_code with the real offline provider (use-lite, when its optional packages are installed;
// skipped where they are not): requests that share no content word with the code they mean, which
// the lexical ranking misses, are found by the vector strategies.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodeIndex, codeIndexOf } from '../../src/code-search/code-index.js';
import { searchCodeWithStrategy } from '../../src/code-search/code-strategies.js';
import { embedCode } from '../../src/code-search/code-vectors.js';
import { searchCode } from '../../src/code-search/search-code.js';
import type { ToolVectors } from '../../src/search/vector/tool-vectors.js';
import { UseLiteProvider } from '../../src/search/vector/use-lite.js';
import { codeProject } from '../helpers/code-project.js';
import { USE_LITE_INSTALLED } from '../helpers/use-lite.js';

describe.skipIf(!USE_LITE_INSTALLED)('search_code with use-lite (installed)', () => {
  let dir: string;
  let index: CodeIndex;
  let vectors: ToolVectors;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mdkg-code-use-lite-'));
    index = codeIndexOf((await codeProject(dir)).store);
    const embedded = await embedCode(index, new UseLiteProvider(), { queryTimeoutMs: 30_000 });
    expect(embedded.diagnostics).toEqual([]);
    vectors = embedded.vectors!;
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each([
    ['encrypt a passphrase', 'src/util/crypto.ts#hashPassword'],
    ['log into an account', 'src/auth/session.ts#SessionStore.signIn'],
  ])('%j: lexical misses %s, vector and auto find it first', async (query, id) => {
    expect(searchCode(index, query).hits.map((h) => h.id)).not.toContain(id);
    for (const strategy of ['vector', 'auto'] as const) {
      const result = await searchCodeWithStrategy(index, query, { strategy, vectors, limit: 3 });
      expect([strategy, result.hits[0]?.id]).toEqual([strategy, id]);
    }
  });
});
