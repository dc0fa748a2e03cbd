import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonChunks } from '../../src/util/json-chunks.js';

const text = (value: unknown): string => [...jsonChunks(value)].join('');

describe('jsonChunks', () => {
  it('writes exactly what JSON.stringify(value, null, 2) writes, for any JSON-like value', () => {
    const leaf = fc.oneof(
      fc.string(),
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.constant(Number.NaN),
      fc.date({ noInvalidDate: true }),
    );
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node')), fc.dictionary(fc.string(), tie('node'))),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        expect(text(v)).toBe(JSON.stringify(v, null, 2) ?? '');
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ['empty containers', { a: [], b: {}, c: [[]] }],
    ['dropped keys first, last and alone', { u: undefined, a: 1, f: () => 1, z: undefined }],
    ['only dropped keys', { u: undefined }],
    ['undefined in arrays', [undefined, 1, () => 2]],
    ['toJSON', { d: new Date(0), t: { toJSON: (k: string) => `key ${k}` } }],
    ['top-level primitive', 'x'],
  ])('%s', (_, v) => {
    expect(text(v)).toBe(JSON.stringify(v, null, 2));
  });

  it('keeps chunks bounded for a value whose text is larger than the chunk size', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ id: `q${i}`, hits: [{ rank: 1, confidence: 0.5 }] }));
    const chunks = [...jsonChunks({ rows })];
    expect(chunks.length).toBeGreaterThan(10);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(70_000);
    expect(JSON.parse(chunks.join(''))).toEqual({ rows });
  });
});
