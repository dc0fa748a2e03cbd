import { describe, expect, it } from 'vitest';
import { deserialize, serialize } from 'node:v8';
import { decodePayload, encodePayload } from '../../src/graph/cache-layout.js';

type Entry = { path: string; spo: Uint32Array; graph: number };
const entries = (n: number): Entry[] => [
  { path: 'a.md', spo: Uint32Array.of(0, 1, 2, 0, 1, 3), graph: 0 },
  { path: 'b.md', spo: new Uint32Array(0), graph: -1 },
  { path: 'c.md', spo: Uint32Array.of(n - 1, 1, 2), graph: n - 1 },
];

/** The payload as a reader gets it: `prefix` bytes of header before it in the same buffer. */
function written(terms: string[], list: Entry[], prefix: number, claimed = prefix): Buffer {
  const parts = encodePayload(terms, list, () => claimed);
  const file = Buffer.concat([Buffer.alloc(prefix), ...parts]);
  return file.subarray(prefix);
}

describe('the parse cache payload (format 5)', () => {
  // [name, terms]: the codes' text is kept as latin1, UTF-8 or a string, and read back the same
  const TERMS: Array<[string, string[]]> = [
    ['ASCII (a latin1 section)', ['Nhttps://x/a', 'Nhttps://x/p', 'Shello', 'Tdt 1']],
    ['non-ASCII (a UTF-8 section)', ['Nhttps://x/é', 'Nhttps://x/p', 'S日本語 😀', 'Lfr café']],
    ['a lone surrogate (kept as a string)', ['Nhttps://x/a', 'Nhttps://x/p', 'S\ud800x', 'Shi']],
  ];
  it.each(TERMS)('%s: codes, triples and records read back as written', (_name, terms) => {
    for (const prefix of [0, 1, 2, 3, 101]) {
      const decoded = decodePayload<{ path: string }>(written(terms, entries(terms.length), prefix));
      if (typeof decoded === 'string') throw new Error(decoded);
      expect(Array.from({ length: decoded.codes.length }, (_, i) => decoded.codes.at(i))).toEqual(terms);
      expect(decoded.codes.decodeAll()).toEqual(terms);
      expect(decoded.codes.at(-1)).toBeUndefined();
      expect(decoded.codes.at(terms.length)).toBeUndefined();
      expect([...decoded.spo]).toEqual([0, 1, 2, 0, 1, 3, terms.length - 1, 1, 2]);
      expect([...decoded.spoEnds]).toEqual([6, 6, 9]);
      expect(decoded.entries).toEqual(entries(terms.length).map(({ spo: _spo, ...rest }) => rest));
      // The writer pads the ids to 4-aligned in the file: a view, not a copy.
      expect(decoded.spo.byteOffset % 4).toBe(0);
    }
  });

  it('ids that are not 4-aligned in the file (a header of another length) are copied, and read the same', () => {
    const terms = TERMS[0]![1];
    const decoded = decodePayload(written(terms, entries(terms.length), 1, 0));
    if (typeof decoded === 'string') throw new Error(decoded);
    expect([...decoded.spo]).toEqual([0, 1, 2, 0, 1, 3, 3, 1, 2]);
  });

  const terms = TERMS[0]![1];
  const meta = (p: Buffer): number => p.readUInt32LE(0);
  // [name, damage to a sound payload, the reason given]
  const DAMAGE: Array<[string, (p: Buffer) => Buffer, string]> = [
    ['empty', () => Buffer.alloc(0), 'no records'],
    [
      'records longer than the payload',
      (p) => {
        p.writeUInt32LE(p.length, 0);
        return p;
      },
      'records past the end',
    ],
    [
      'padding over 3',
      (p) => {
        p.writeUInt32LE(9, 4);
        return p;
      },
      'records past the end',
    ],
    [
      'records that are not V8 data',
      (p) => {
        p.fill(0xff, 8, 8 + meta(p));
        return p;
      },
      'unreadable records',
    ],
    ['cut in the text', (p) => p.subarray(0, p.length - 3), 'malformed terms'],
    [
      'an id outside the table',
      (p) => {
        p.writeUInt32LE(99, 8 + meta(p) + p.readUInt32LE(4));
        return p;
      },
      'malformed triples',
    ],
    [
      'a code of no known kind',
      (p) => {
        p.write('X', p.length - 'Nhttps://x/aNhttps://x/pShelloTdt 1'.length, 'latin1');
        return p;
      },
      'malformed terms',
    ],
    [
      'a datatype code without a space',
      (p) => {
        p.write('_', p.length - 2, 'latin1');
        return p;
      },
      'malformed terms',
    ],
    [
      'ids in another byte order (another machine’s file: a quiet miss for the reader)',
      (p) => {
        const records = serialize({ ...(deserialize(p.subarray(8, 8 + meta(p))) as object), order: 'XX' });
        const head = Buffer.alloc(8);
        head.writeUInt32LE(records.length, 0);
        return Buffer.concat([head, records, p.subarray(8 + meta(p) + p.readUInt32LE(4))]);
      },
      'another byte order',
    ],
    [
      'records of another shape',
      () => {
        const other = serialize({ nothing: true });
        const out = Buffer.concat([Buffer.alloc(8), other]);
        out.writeUInt32LE(other.length, 0);
        return out;
      },
      'malformed records',
    ],
  ];
  it.each(DAMAGE)('%s: refused with a reason', (_name, damage, reason) => {
    expect(decodePayload(damage(Buffer.from(written(terms, entries(terms.length), 0))))).toBe(reason);
  });
});
