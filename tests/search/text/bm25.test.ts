import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bm25Index } from '../../../src/search/text/bm25.js';

const docs = (...texts: Array<Record<string, string>>): Map<string, string[]>[] => texts.map((t) => new Map(Object.entries(t).map(([k, v]) => [k, [v]])));

describe('Bm25Index', () => {
  it('matches hand-computed BM25 scores (one field, b = 0.75, k1 = 1.2)', () => {
    const index = Bm25Index.build(docs({ text: 'alpha beta' }, { text: 'alpha' }), { k1: 1.2, fields: { text: { weight: 1, b: 0.75 } } });
    const idfAlpha = Math.log(1 + 0.5 / 2.5);
    // avg length 1.5: doc0 (2 terms) tf' = 1 / (0.25 + 0.75 * 2 / 1.5) = 0.8; doc1 tf' = 1 / 0.75
    const expected0 = (idfAlpha * 0.8 * 2.2) / (1.2 + 0.8);
    const expected1 = (idfAlpha * (4 / 3) * 2.2) / (1.2 + 4 / 3);
    const hits = index.search(new Map([['alpha', 1]]), 10);
    expect(hits.map((h) => h.doc)).toEqual([1, 0]);
    expect(hits[0]!.score).toBeCloseTo(expected1, 6);
    expect(hits[1]!.score).toBeCloseTo(expected0, 6);
    const beta = index.search(new Map([['beta', 1]]), 10);
    expect(beta).toHaveLength(1);
    expect(beta[0]!.score).toBeCloseTo((Math.log(2) * 0.8 * 2.2) / 2.0, 6);
  });

  it('weights fields (BM25F): a name match outranks the same word in a description', () => {
    const index = Bm25Index.build(docs({ name: 'archive', description: 'keeps things' }, { name: 'store', description: 'archive things' }), {
      k1: 1.2,
      fields: { name: { weight: 3, b: 0 }, description: { weight: 1, b: 0 } },
    });
    const hits = index.search(
      new Map([
        ['archiv', 1],
        ['archive', 1],
      ]),
      10,
    );
    expect(hits.map((h) => h.doc)).toEqual([0, 1]);
    expect(index.fieldsOf(index.has('archiv') ? 'archiv' : 'archive', 0)).toEqual(['name']);
    expect(index.fieldsOf(index.has('archiv') ? 'archiv' : 'archive', 1)).toEqual(['description']);
  });

  it('ignores unknown terms and fields with zero weight, respects the limit, and is reusable', () => {
    const index = Bm25Index.build(docs({ a: 'red', b: 'blue' }, { a: 'red red', b: 'red' }, { a: 'green' }), {
      k1: 1.2,
      fields: { a: { weight: 1, b: 0.5 }, b: { weight: 0, b: 0.5 } },
    });
    expect(index.fieldKeys).toEqual(['a']);
    expect(index.search(new Map([['purple', 1]]), 10)).toEqual([]);
    expect(index.search(new Map([['blue', 1]]), 10)).toEqual([]);
    const first = index.search(new Map([['red', 1]]), 1);
    expect(first.map((h) => h.doc)).toEqual([1]);
    // the scratch buffer is reset between searches
    expect(index.search(new Map([['red', 1]]), 1)).toEqual(first);
    expect(index.documentFrequency('red')).toBe(2);
  });

  it('builds an empty index', () => {
    const index = Bm25Index.build([], { k1: 1.2, fields: { a: { weight: 1, b: 0.5 } } });
    expect(index.size).toBe(0);
    expect(index.search(new Map([['x', 1]]), 5)).toEqual([]);
  });

  // The best `limit` are selected with a bounded heap: the same list as sorting every match and
  // cutting it (score descending, then document), ties and limits at every size.
  it.each<[string, number]>([
    ['limit 1', 1],
    ['limit 3 (within ties)', 3],
    ['limit 7', 7],
    ['limit 40 (more than the matches)', 40],
  ])('selects the best matches as a full sort would: %s', (_, limit) => {
    // Three score levels, many ties: tf of 'w' cycles 1, 2, 3 over 30 documents of equal length.
    const texts = Array.from({ length: 30 }, (_, i) => ({ a: `${'w '.repeat((i % 3) + 1)}${'x '.repeat(3 - (i % 3))}`.trim() }));
    const index = Bm25Index.build(docs(...texts), { k1: 1.2, fields: { a: { weight: 1, b: 0 } } });
    const all = index.search(new Map([['w', 1]]), 100);
    expect(all).toHaveLength(30);
    const sorted = [...all].sort((x, y) => y.score - x.score || x.doc - y.doc);
    expect(all).toEqual(sorted);
    expect(index.search(new Map([['w', 1]]), limit)).toEqual(sorted.slice(0, limit));
    expect(all.slice(0, 3).map((h) => h.doc)).toEqual([2, 5, 8]);
  });
});

describe('Bm25Index.buildSliced', () => {
  const params = { k1: 1.2, coord: 0.5, fields: { name: { weight: 3, b: 0.3 }, text: { weight: 1, b: 0.75 }, off: { weight: 0, b: 0.5 } } };
  const word = fc.stringMatching(/^[a-z]{1,6}$/);
  const text = fc.array(word, { maxLength: 12 }).map((ws) => ws.join(' '));
  const doc = fc.record({ name: text, text, off: text }).map((d) => new Map(Object.entries(d).map(([k, v]) => [k, v === '' ? [] : [v]])));

  it('builds the same index as build, paused after every step (property; past the steps of documents and of terms)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(doc, { maxLength: 120 }), async (ds) => {
        let pauses = 0;
        const sliced = await Bm25Index.buildSliced(ds, params, { sliceMs: 0, pause: async () => void (pauses += 1) });
        expect(sliced.state()).toEqual(Bm25Index.build(ds, params).state());
        expect(pauses).toBe(Math.floor(ds.length / 32) * 3 + Math.floor(sliced.vocabularySize / 256));
      }),
      { numRuns: 60 },
    );
  });
});
