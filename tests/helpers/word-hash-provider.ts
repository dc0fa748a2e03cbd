// A real, deterministic embedding provider for tests: each lower-cased word adds 1 to the
// dimension its FNV-1a hash picks (a bag of words). Counts the texts it embedded; can be told to fail.
import { MdkgError } from '../../src/errors.js';
import type { EmbeddingProvider } from '../../src/search/vector/provider.js';

export class WordHashProvider implements EmbeddingProvider {
  readonly modelId: string;
  readonly dimensions: number;
  /** Every text embedded, in order. */
  readonly seen: string[] = [];
  /** `throw`: reject; `nan`: a NaN in every vector; `short`: one dimension too few; `none`: an empty list; `hang`: never answer. */
  mode: 'ok' | 'throw' | 'nan' | 'short' | 'none' | 'hang' = 'ok';

  constructor(dimensions = 64, modelId = `word-hash-${dimensions}`) {
    this.dimensions = dimensions;
    this.modelId = modelId;
  }

  embed(texts: readonly string[]): Promise<Float32Array[]> {
    if (this.mode === 'throw') return Promise.reject(new MdkgError('MDKG_EMBEDDINGS_FAILED', 'the test provider is down'));
    if (this.mode === 'none') return Promise.resolve([]);
    if (this.mode === 'hang') return new Promise(() => {});
    this.seen.push(...texts);
    return Promise.resolve(
      texts.map((text) => {
        const v = new Float32Array(this.mode === 'short' ? this.dimensions - 1 : this.dimensions);
        for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) v[hash(word) % v.length]! += 1;
        if (this.mode === 'nan') v[0] = Number.NaN;
        return v;
      }),
    );
  }
}

function hash(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
