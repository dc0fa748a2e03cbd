// embedTools with a progress callback: the texts not in the cache are embedded in batches, the
// callback hears 0 first and the count after each batch, and the vectors are those of one call.
import { describe, expect, it } from 'vitest';
import { embedTools, PROGRESS_BATCH } from '../../../src/search/vector/tool-vectors.js';
import { WordHashProvider } from '../../helpers/word-hash-provider.js';

describe('embedTools progress', () => {
  it('reports each batch and gives the same vectors as one call', async () => {
    const texts = Array.from({ length: 2 * PROGRESS_BATCH + 22 }, (_, i) => `symbol ${i} does thing ${i % 7}`);
    const calls: [number, number][] = [];
    const batched = await embedTools(texts, new WordHashProvider(), { onProgress: (done, total) => calls.push([done, total]) });
    const whole = await embedTools(texts, new WordHashProvider());
    expect(calls).toEqual([
      [0, 150],
      [64, 150],
      [128, 150],
      [150, 150],
    ]);
    const query = new WordHashProvider();
    const [q] = await query.embed(['thing 3']);
    expect(batched.vectors!.index.search(q!, 20)).toEqual(whole.vectors!.index.search(q!, 20));
    expect(batched.stats.embedded).toBe(150);
  });
});
