import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanMarkdown } from '../../src/graph/scan.js';
import { fingerprint, fingerprintSoon } from '../../src/search/fingerprint.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('fingerprint of the document files', () => {
  it.each([
    ['on this thread', 1_000_000],
    ['on a worker thread', 0],
  ])('%s: the same digest as taken here, and a new one after each kind of change', async (_, minFiles) => {
    const dir = await tempDir({ 'a.md': 'a', 'sub/b.md': 'b', 'sub/c.md': 'c' });
    const take = async () => fingerprintSoon(await scanMarkdown(dir, []), minFiles);
    const first = await take();
    expect(first.digest).toBe(fingerprint(await scanMarkdown(dir, [])).digest);
    expect(first.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(first.newest).toBeGreaterThan(0);
    expect(first.takenAt).toBeGreaterThanOrEqual(first.newest - 1000);
    const seen = new Set([first.digest]);
    for (const change of [() => writeFile(join(dir, 'sub/b.md'), 'B'), () => rm(join(dir, 'sub/c.md')), () => writeFile(join(dir, 'd.md'), 'd')]) {
      await change();
      const next = await take();
      expect(next.digest).toBe(fingerprint(await scanMarkdown(dir, [])).digest);
      expect(seen.has(next.digest)).toBe(false);
      seen.add(next.digest);
    }
  });

  it('of no files is the hash of nothing', async () => {
    expect((await fingerprintSoon([], 0)).digest).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
