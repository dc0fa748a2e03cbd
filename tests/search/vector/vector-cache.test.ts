import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { embedTools } from '../../../src/search/vector/tool-vectors.js';
import { readVectorCache, textHash, vectorCacheFile, writeVectorCache } from '../../../src/search/vector/vector-cache.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { WordHashProvider } from '../../helpers/word-hash-provider.js';

const TEXTS = ['read a file', 'write a file', 'list a folder'];

describe('vector cache', () => {
  it('round-trips vectors by text hash', async () => {
    const dir = await tempDir();
    const file = vectorCacheFile(dir, 'm');
    const vectors = new Map([
      [textHash('a'), Float32Array.from([1, -2.5, 3])],
      [textHash('b'), Float32Array.from([0, 0.125, -1e-3])],
    ]);
    await writeVectorCache(file, 'm', 3, vectors);
    const read = await readVectorCache(file, 'm', 3);
    expect(read.diagnostic).toBeUndefined();
    expect([...read.vectors.entries()].map(([h, v]) => [h, [...v]])).toEqual([...vectors.entries()].map(([h, v]) => [h, [...v]]));
  });

  it('names one file per model id', async () => {
    const dir = await tempDir();
    expect(vectorCacheFile(dir, 'a')).not.toBe(vectorCacheFile(dir, 'b'));
    expect(vectorCacheFile(dir, 'a')).toMatch(/vectors-[0-9a-f]{16}\.bin$/);
  });

  it('embeds only the texts it has no vector for', async () => {
    const cacheDir = await tempDir();
    const provider = new WordHashProvider();
    const first = await embedTools(TEXTS, provider, { cacheDir });
    expect(first.stats).toMatchObject({ texts: 3, cached: 0, embedded: 3 });
    expect(provider.seen).toEqual(TEXTS);
    const second = await embedTools(TEXTS, provider, { cacheDir });
    expect(second.stats).toMatchObject({ texts: 3, cached: 3, embedded: 0 });
    expect(provider.seen).toHaveLength(3);
    const changed = ['read a file', 'write a whole file', 'list a folder', 'read a file'];
    const third = await embedTools(changed, provider, { cacheDir });
    expect(third.stats).toMatchObject({ texts: 4, cached: 3, embedded: 1 });
    expect(provider.seen.slice(3)).toEqual(['write a whole file']);
    expect(third.diagnostics).toEqual([]);
    expect(third.vectors?.index.rows).toBe(4);
    // The file keeps this run's texts only.
    expect((await readVectorCache(vectorCacheFile(cacheDir, provider.modelId), provider.modelId, 64)).vectors.size).toBe(3);
  });

  it('does not mix models: another model id embeds everything again', async () => {
    const cacheDir = await tempDir();
    await embedTools(TEXTS, new WordHashProvider(64, 'one'), { cacheDir });
    const other = new WordHashProvider(64, 'two');
    expect((await embedTools(TEXTS, other, { cacheDir })).stats.embedded).toBe(3);
  });

  /** Damages the cache file of a fresh run and returns what the next run reports. */
  async function afterDamage(damage: (bytes: Buffer) => Buffer): Promise<{ embedded: number; codes: string[]; message: string | undefined }> {
    const cacheDir = await tempDir();
    const provider = new WordHashProvider();
    await embedTools(TEXTS, provider, { cacheDir });
    const file = vectorCacheFile(cacheDir, provider.modelId);
    await writeFile(file, damage(await readFile(file)));
    const again = await embedTools(TEXTS, provider, { cacheDir });
    // The damaged file was replaced by a good one.
    expect((await readVectorCache(file, provider.modelId, provider.dimensions)).vectors.size).toBe(3);
    return { embedded: again.stats.embedded, codes: again.diagnostics.map((d) => d.code), message: again.diagnostics[0]?.message };
  }

  const header = (bytes: Buffer): Record<string, unknown> => JSON.parse(bytes.subarray(0, bytes.indexOf(0x0a)).toString('utf8')) as Record<string, unknown>;
  const withHeader = (bytes: Buffer, change: Record<string, unknown>): Buffer =>
    Buffer.concat([Buffer.from(`${JSON.stringify({ ...header(bytes), ...change })}\n`), bytes.subarray(bytes.indexOf(0x0a) + 1)]);

  it.each<[string, (b: Buffer) => Buffer, string | undefined]>([
    ['truncated', (b) => b.subarray(0, b.length - 7), 'truncated'],
    ['a flipped byte', (b) => Buffer.from(b.map((x, i) => (i === b.length - 3 ? x ^ 0x40 : x))), 'checksum mismatch'],
    ['an edited length', (b) => withHeader(b, { bytes: 2 }), 'truncated'],
    ['no header line', () => Buffer.from('garbage'), 'no header'],
    ['an unreadable header', () => Buffer.from('{nope\n'), 'unreadable header'],
    ['another format', (b) => withHeader(b, { format: 'other' }), 'not an mdkg-vectors file'],
    ['another version', (b) => withHeader(b, { version: 0 }), undefined],
    ['another signer', (b) => withHeader(b, { signer: '0000000000000000' }), undefined],
  ])('detects %s, re-embeds and rewrites the file', async (_name, damage, why) => {
    const out = await afterDamage(damage);
    expect(out.embedded).toBe(3);
    if (why === undefined) expect(out.codes).toEqual([]);
    else {
      expect(out.codes).toEqual(['MDKG_CACHE_CORRUPT']);
      expect(out.message).toContain(why);
    }
  });

  it('works without a cache folder and reports an unwritable one', async () => {
    const provider = new WordHashProvider();
    expect((await embedTools(TEXTS, provider)).stats.embedded).toBe(3);
    const dir = await tempDir({ blocker: 'a file where the cache folder would be' });
    const out = await embedTools(TEXTS, provider, { cacheDir: `${dir}/blocker/sub` });
    expect(out.vectors?.index.rows).toBe(3);
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MDKG_FILE_READ', 'MDKG_FILE_WRITE']);
  });

  it.each<['throw' | 'nan' | 'short' | 'none', string]>([
    ['throw', 'the test provider is down'],
    ['nan', 'non-finite value at 0'],
    ['short', 'has 63 dimensions, expected 64'],
    ['none', 'returned 0 vectors for 3 texts'],
  ])('turns vectors off with a diagnostic when the provider fails (%s)', async (mode, message) => {
    const provider = new WordHashProvider();
    provider.mode = mode;
    const out = await embedTools(TEXTS, provider);
    expect(out.vectors).toBeUndefined();
    expect(out.diagnostics).toHaveLength(1);
    expect(out.diagnostics[0]).toMatchObject({ code: 'MDKG_EMBEDDINGS_UNAVAILABLE', severity: 'warning' });
    expect(out.diagnostics[0]?.message).toContain(message);
  });
});
