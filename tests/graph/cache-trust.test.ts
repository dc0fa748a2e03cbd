// The cache cannot change what the reviewed Markdown says: a cache edited by hand, its checksum
// recomputed, or one that came from elsewhere, is not signed with this user's secret.
import { createHash, createHmac } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheSecret } from '../../src/graph/cache-key.js';
import { CACHE_FILE } from '../../src/graph/cache.js';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import { tempDir } from '../helpers/temp-dir.js';

const DOC = '---\nid: concept:a\ntype: Concept\ntitle: Alpha\n---\n# Alpha\n';

async function forge(dir: string, sign: (body: string) => string, signer?: string): Promise<void> {
  const file = join(dir, '.mdkg', CACHE_FILE);
  const text = await readFile(file, 'utf8');
  const newline = text.indexOf('\n');
  const body = text.slice(newline + 1).replace('Alpha', 'Evil!');
  const header = { ...JSON.parse(text.slice(0, newline)), checksum: sign(body), ...(signer === undefined ? {} : { signer }) };
  await writeFile(file, `${JSON.stringify(header)}\n${body}`);
}

describe('cache trust', () => {
  it.each([
    ['a plain SHA-256 checksum', (body: string) => createHash('sha256').update(body).digest('hex'), undefined, ['MDKG_CACHE_CORRUPT']],
    ['an HMAC with another secret', (body: string) => createHmac('sha256', Buffer.alloc(32, 7)).update(body).digest('hex'), undefined, ['MDKG_CACHE_CORRUPT']],
    ["another signer named in the header (another user's cache)", (body: string) => createHash('sha256').update(body).digest('hex'), 'someone-else', []],
  ])('an edited cache with %s is not served', async (_, sign, signer, codes) => {
    const dir = await tempDir({ 'a.md': DOC });
    await loadGraph(dir);
    await forge(dir, sign, signer);
    const kg = await loadGraph(dir);
    expect(kg.stats).toMatchObject({ parsed: 1, reused: 0 });
    expect(kg.documents()[0]?.title).toBe('Alpha');
    expect(kg.diagnostics.map((d) => d.code)).toEqual(codes);
  });

  it("a cache signed with this user's secret is reused (the control)", async () => {
    const dir = await tempDir({ 'a.md': DOC });
    await loadGraph(dir);
    const kg = await loadGraph(dir);
    expect(kg.stats).toMatchObject({ parsed: 0, reused: 1 });
    expect(cacheSecret().length).toBeGreaterThanOrEqual(32);
  });
});
