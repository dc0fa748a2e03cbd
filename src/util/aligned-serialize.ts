// V8 serialization with the typed arrays kept apart, each at an 8-byte aligned offset after the rest,
// so that reading back views them where they lie instead of copying them. Node's own serializer
// writes a typed array's bytes inline, wherever the stream happens to be: read back, any array not
// aligned for its element size is copied into a new buffer (at 10,000 tools, 6 of the search index's
// 9 arrays, about 8 MB, plus the garbage collection and page faults of the copies).
//
// Layout: the skeleton's byte length (u32, little-endian), 4 bytes of padding, the skeleton (V8
// serialized; each typed array written as its type, offset and byte length), padding to a multiple
// of 8, then the arrays' bytes, each starting at a multiple of 8. Views share the input buffer: it
// must not be changed while they are in use. A Buffer comes back as a Uint8Array; a DataView is refused.
import { DefaultDeserializer, DefaultSerializer } from 'node:v8';

type TypedArrayConstructor =
  | Int8ArrayConstructor
  | Uint8ArrayConstructor
  | Uint8ClampedArrayConstructor
  | Int16ArrayConstructor
  | Uint16ArrayConstructor
  | Int32ArrayConstructor
  | Uint32ArrayConstructor
  | Float32ArrayConstructor
  | Float64ArrayConstructor
  | BigInt64ArrayConstructor
  | BigUint64ArrayConstructor;

const TYPES: readonly TypedArrayConstructor[] = [
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
];

const align8 = (n: number): number => Math.ceil(n / 8) * 8;

function typeIndex(view: ArrayBufferView): number {
  if (view instanceof DataView) return -1;
  for (let i = TYPES.length - 1; i >= 0; i -= 1) if (view instanceof TYPES[i]!) return i;
  return -1;
}

class BlobSerializer extends DefaultSerializer {
  readonly blobs: { view: ArrayBufferView; offset: number }[] = [];
  /** Where the next array starts, from the start of the arrays. */
  end = 0;

  // Called by V8 for each typed array (`_setTreatArrayBufferViewsAsHostObjects`, set by DefaultSerializer).
  _writeHostObject(view: ArrayBufferView): void {
    const type = typeIndex(view);
    if (type < 0) throw new TypeError(`cannot serialize ${Object.prototype.toString.call(view)}`);
    this.writeUint32(type);
    this.writeUint32(this.end);
    this.writeUint32(view.byteLength);
    this.blobs.push({ view, offset: this.end });
    this.end = align8(this.end + view.byteLength);
  }
}

class BlobDeserializer extends DefaultDeserializer {
  readonly #region: Uint8Array;

  constructor(skeleton: Buffer, region: Uint8Array) {
    super(skeleton);
    this.#region = region;
  }

  _readHostObject(): ArrayBufferView {
    const Type = TYPES[this.readUint32()];
    const offset = this.readUint32();
    const byteLength = this.readUint32();
    if (Type === undefined || offset + byteLength > this.#region.length || byteLength % Type.BYTES_PER_ELEMENT !== 0) throw new RangeError('bad array');
    const at = this.#region.byteOffset + offset;
    const length = byteLength / Type.BYTES_PER_ELEMENT;
    // In place when aligned (always, for a buffer that starts 8-aligned); else a copy.
    if (at % Type.BYTES_PER_ELEMENT === 0) return new Type(this.#region.buffer as ArrayBuffer, at, length);
    const copy = new Uint8Array(byteLength);
    copy.set(this.#region.subarray(offset, offset + byteLength));
    return new Type(copy.buffer, 0, length);
  }
}

export function serializeAligned(value: unknown): Buffer {
  const serializer = new BlobSerializer();
  serializer.writeHeader();
  serializer.writeValue(value);
  const skeleton = serializer.releaseBuffer();
  const start = align8(8 + skeleton.length);
  const out = Buffer.alloc(start + serializer.end);
  out.writeUInt32LE(skeleton.length, 0);
  out.set(skeleton, 8);
  for (const { view, offset } of serializer.blobs) out.set(new Uint8Array(view.buffer, view.byteOffset, view.byteLength), start + offset);
  return out;
}

/** The value back; its typed arrays are views over `bytes` when `bytes` starts 8-aligned. Throws on malformed input. */
export function deserializeAligned(bytes: Buffer): unknown {
  if (bytes.length < 8) throw new RangeError('too short');
  const length = bytes.readUInt32LE(0);
  if (8 + length > bytes.length) throw new RangeError('bad skeleton length');
  const deserializer = new BlobDeserializer(bytes.subarray(8, 8 + length), bytes.subarray(Math.min(bytes.length, align8(8 + length))));
  deserializer.readHeader();
  return deserializer.readValue();
}
