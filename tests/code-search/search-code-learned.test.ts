// Learned pairs feed search_code: a symbol whose pair's term the request has ranks with the best
// word match, with the pair as evidence; without pairs the ranking is unchanged.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchCodeRequest } from '../../src/code-search/requests.js';
import type { KnowledgeGraph } from '../../src/graph/knowledge-graph.js';
import { learnPair } from '../../src/learned/learn-pair.js';
import { codeProject } from '../helpers/code-project.js';

let dir: string;
let kg: KnowledgeGraph;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mdkg-code-learned-'));
  kg = await codeProject(dir);
}, 30_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const ids = async (query: string): Promise<string[]> => (await searchCodeRequest({ store: kg.store, root: dir }, { query, limit: 3 })).hits.map((h) => h.id);

describe('search_code with learned pairs', () => {
  it('ranks the target of a matching pair first, with the pair as evidence, and nothing else moves without one', async () => {
    const before = await ids('scramble the secret');
    const other = await ids('sign a user in');
    expect(before[0]).not.toBe('src/util/crypto.ts#hashPassword');
    learnPair(kg.store, join(dir, 'graphs'), {
      term: 'scramble the secret',
      target: 'code:src/util/crypto.ts#hashPassword',
      code_evidence: 'crypto.ts:2 hashPassword',
    });
    await kg.refresh();
    const result = await searchCodeRequest({ store: kg.store, root: dir }, { query: 'scramble the secret', limit: 3 });
    expect(result.hits[0]?.id).toBe('src/util/crypto.ts#hashPassword');
    expect(result.hits[0]?.evidence).toContainEqual({ source: 'learned', pair: { term: 'scramble the secret', how: 'exact', weight: 1 } });
    // a request without the term ranks as before
    expect(await ids('sign a user in')).toEqual(other);
    expect(
      (await searchCodeRequest({ store: kg.store, root: dir }, { query: 'sign a user in' })).hits.some((h) => h.evidence.some((e) => e.source === 'learned')),
    ).toBe(false);
  });

  it('leaves out an expired pair', async () => {
    const result = await searchCodeRequest({ store: kg.store, root: dir, learnedTtlDays: 0 }, { query: 'scramble the secret', limit: 3 });
    expect(result.hits.some((h) => h.evidence.some((e) => e.source === 'learned'))).toBe(false);
  });
});
