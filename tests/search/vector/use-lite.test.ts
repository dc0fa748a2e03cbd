// The offline provider: real when its optional packages are installed (they are in this repository's
// lockfile; skipped where they are not), and its diagnostic when they are missing.
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadUseLite, USE_LITE_INSTALL, UseLiteProvider } from '../../../src/search/vector/use-lite.js';
import { normalize } from '../../../src/search/vector/cosine-index.js';
import { USE_LITE_INSTALLED } from '../../helpers/use-lite.js';

const installed = USE_LITE_INSTALLED;

const cosine = (a: Float32Array, b: Float32Array): number => {
  const x = normalize(a);
  const y = normalize(b);
  return x.reduce((s, v, i) => s + v * y[i]!, 0);
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('use-lite without its packages', () => {
  it('rejects with MDKG_EMBEDDINGS_UNAVAILABLE saying how to install them', async () => {
    const missing = Object.assign(new Error("Cannot find package '@energetic-ai/embeddings'"), { code: 'ERR_MODULE_NOT_FOUND' });
    const provider = new UseLiteProvider(() => loadUseLite(() => Promise.reject(missing)));
    const error = await provider.embed(['anything']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MDKG_EMBEDDINGS_UNAVAILABLE' });
    expect((error as Error).message).toBe(`the use-lite embedding provider needs its optional packages, which are not installed: ${USE_LITE_INSTALL}`);
  });

  it('reports a model that does not load, and tries again on the next call', async () => {
    let calls = 0;
    const provider = new UseLiteProvider(() =>
      loadUseLite((name) => {
        calls++;
        return Promise.resolve(name.endsWith('-en') ? { modelSource: null } : { initModel: () => Promise.reject(new Error('bad weights')) });
      }),
    );
    await expect(provider.embed(['a'])).rejects.toMatchObject({ code: 'MDKG_EMBEDDINGS_UNAVAILABLE', message: 'the use-lite model did not load: bad weights' });
    await expect(provider.embed(['a'])).rejects.toMatchObject({ code: 'MDKG_EMBEDDINGS_UNAVAILABLE' });
    expect(calls).toBe(4);
  });

  it('refuses what a broken model returns', async () => {
    const provider = new UseLiteProvider(() => Promise.resolve({ embed: (texts: string[]) => Promise.resolve(texts.map(() => [Number.NaN])) }));
    await expect(provider.embed(['a'])).rejects.toMatchObject({ code: 'MDKG_EMBEDDINGS_FAILED', message: 'use-lite: vector 0 has 1 dimensions, expected 512' });
  });
});

describe.skipIf(!installed)('use-lite (installed)', () => {
  it('embeds offline into 512 unit-length dimensions that put paraphrases closer than unrelated text', async () => {
    // Any connection attempt (fetch, http, a raw socket) goes through net.Socket.prototype.connect.
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const fetch = vi.spyOn(globalThis, 'fetch');
    const provider = new UseLiteProvider();
    const [a, b, c] = await provider.embed(['remove this file from the disk', 'delete a document from storage', 'what will the weather be like tomorrow']);
    expect(provider.loadMs).toBeGreaterThan(0);
    expect(a).toHaveLength(512);
    expect(Math.hypot(...a!)).toBeCloseTo(1, 3);
    expect(cosine(a!, b!)).toBeGreaterThan(cosine(a!, c!) + 0.2);
    expect(connect).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
    // More texts than one batch come back one per text, in order.
    const many = await provider.embed(Array.from({ length: 40 }, (_, i) => `text number ${i}`));
    expect(many).toHaveLength(40);
    expect(cosine(many[39]!, (await provider.embed(['text number 39']))[0]!)).toBeCloseTo(1, 4);
  });

  it('stops waiting at an aborted signal', async () => {
    const provider = new UseLiteProvider();
    await expect(provider.embed(['a'], AbortSignal.abort())).rejects.toMatchObject({ code: 'MDKG_EMBEDDINGS_FAILED' });
  });
});
