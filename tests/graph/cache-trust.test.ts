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

/** Edits the cached title, then signs the payload with `sign` (and names `signer`, when given). */
async function forge(dir: string, sign: (body: Buffer) => string, signer?: string): Promise<void> {
  const file = join(dir, '.mdkg', CACHE_FILE);
  const bytes = await readFile(file);
  const newline = bytes.indexOf(0x0a);
  const body = Buffer.from(bytes.subarray(newline + 1));
  const at = body.indexOf('Alpha');
  expect(at).toBeGreaterThan(0);
  body.write('Evil!', at);
  const header = { ...JSON.parse(bytes.subarray(0, newline).toString('utf8')), mac: sign(body), ...(signer === undefined ? {} : { signer }) };
  await writeFile(file, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), body]));
}

describe('cache trust', () => {
  it.each([
    ['a plain SHA-256 checksum', (body: Buffer) => createHash('sha256').update(body).digest('hex'), undefined, ['MDKG_CACHE_CORRUPT']],
    ['an HMAC with another secret', (body: Buffer) => createHmac('sha256', Buffer.alloc(32, 7)).update(body).digest('hex'), undefined, ['MDKG_CACHE_CORRUPT']],
    ["another signer named in the header (another user's cache)", (body: Buffer) => createHash('sha256').update(body).digest('hex'), 'someone-else', []],
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
