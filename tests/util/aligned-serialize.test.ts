import { describe, expect, it } from 'vitest';
import { deserializeAligned, serializeAligned } from '../../src/util/aligned-serialize.js';

/** The bytes as a file read gives them: in a buffer of their own, starting at offset 0 (8-aligned). */
const asRead = (bytes: Buffer, at = 0): Buffer => {
  const buffer = Buffer.alloc(bytes.length + at);
  bytes.copy(buffer, at);
  return buffer.subarray(at);
};

describe('serializeAligned / deserializeAligned', () => {
  it.each<[string, unknown]>([
    ['no typed array', { a: 1, b: ['x', 'é'], c: null, d: new Map([['k', 2]]) }],
    [
      'one of each element size',
      { u8: Uint8Array.of(1, 2, 3), i16: Int16Array.of(-1, 2), u32: Uint32Array.of(7), f32: Float32Array.of(0.5), f64: Float64Array.of(Math.PI) },
    ],
    ['every kind', [Int8Array.of(-3), Uint8ClampedArray.of(255), Uint16Array.of(65535), Int32Array.of(-7), BigInt64Array.of(-5n), BigUint64Array.of(5n)]],
    ['empty arrays and odd lengths', { e: new Float64Array(0), odd: Uint8Array.of(1, 2, 3, 4, 5), after: Float64Array.of(1.5, 2.5) }],
    [
      'views at an offset into a larger buffer',
      { v: new Float64Array(new ArrayBuffer(64), 8, 3).fill(4), w: new Uint16Array(new ArrayBuffer(16), 2, 5).fill(9) },
    ],
    [
      'the same array twice',
      (() => {
        const a = Int32Array.of(1, 2);
        return { a, again: a };
      })(),
    ],
  ])('gives back the value: %s', (_, value) => {
    expect(deserializeAligned(asRead(serializeAligned(value)))).toEqual(value);
  });

  it('views the arrays where they lie when the bytes start 8-aligned, copies them when not', () => {
    const value = { d: Float64Array.of(1, 2, 3), i: Int32Array.of(4, 5) };
    const bytes = asRead(serializeAligned(value));
    const read = deserializeAligned(bytes) as typeof value;
    expect([read.d.buffer === bytes.buffer, read.i.buffer === bytes.buffer]).toEqual([true, true]);
    expect(read.d.byteOffset % 8).toBe(0);
    const shifted = asRead(serializeAligned(value), 3);
    const copied = deserializeAligned(shifted) as typeof value;
    expect(copied).toEqual(value);
    expect(copied.d.buffer === shifted.buffer).toBe(false);
  });

  it('gives a Buffer back as a Uint8Array, refuses a DataView', () => {
    expect(deserializeAligned(asRead(serializeAligned({ b: Buffer.from('hi') })))).toEqual({ b: Uint8Array.of(0x68, 0x69) });
    expect(() => serializeAligned({ v: new DataView(new ArrayBuffer(4)) })).toThrow(TypeError);
  });

  it.each<[string, (bytes: Buffer) => Buffer]>([
    ['too short for the length word', () => Buffer.alloc(4)],
    [
      'a skeleton longer than the bytes',
      (bytes) => {
        const b = Buffer.from(bytes);
        b.writeUInt32LE(bytes.length, 0);
        return b;
      },
    ],
    ['arrays cut off', (bytes) => bytes.subarray(0, bytes.length - 16)],
  ])('throws on malformed bytes: %s', (_, damage) => {
    const bytes = asRead(serializeAligned({ a: Float64Array.of(1, 2, 3, 4), s: 'text' }));
    expect(() => deserializeAligned(asRead(damage(bytes)))).toThrow();
  });
});
