// The parse cache's payload (format 5): what a warm load must read is laid out so that it builds
// few objects. After two 4-byte numbers (the records' length, the padding after them) come the per-document records (V8-serialized, small), then
// every document's triples as one array of 32-bit term ids (the store's graphs are views into it,
// nothing copied when it is aligned), then the text of every term code, one after the other, which
// is decoded code by code only when the store first needs one (CachedCodes). Format 4 had one
// V8-serialized string per term and one array per document: deserializing and collecting them was
// most of a warm load.
import { endianness } from 'node:os';
import { deserialize, serialize } from 'node:v8';
import type { CodeList } from '../rdf/term-codec.js';
import { loneSurrogateAt } from '../util/well-formed.js';

/** One document's record; `graph` is where the table holds its IRI's code, or -1 (unusable). */
export type Record_<E> = E & { graph: number };

interface Meta<E> {
  /** Byte order of the ids (the writer's): a cache from another byte order is not read. */
  order: string;
  /** How the codes' text is kept: a latin1 (all ASCII) or UTF-8 section, or `text` (not well-formed UTF-16). */
  encoding: 'latin1' | 'utf8' | 'string';
  text?: string;
  /** End of each code in the text (bytes in a section, UTF-16 units in `text`). */
  termEnds: Uint32Array;
  /** Entry i's triples are ids spoEnds[i - 1] (0 for the first) to spoEnds[i]. */
  spoEnds: Uint32Array;
  entries: Record_<E>[];
}

/** Term codes read from the payload's text, each when first asked for. */
export class CachedCodes implements CodeList {
  readonly length: number;
  readonly #payload: Buffer;
  readonly #meta: Meta<unknown>;
  readonly #textAt: number;

  constructor(payload: Buffer, meta: Meta<unknown>, textAt: number) {
    this.#payload = payload;
    this.#meta = meta;
    this.#textAt = textAt;
    this.length = meta.termEnds.length;
  }

  at(index: number): string | undefined {
    const { termEnds, encoding, text } = this.#meta;
    const textAt = this.#textAt;
    if (!(index >= 0 && index < this.length)) return undefined;
    const start = index === 0 ? 0 : (termEnds[index - 1] as number);
    const end = termEnds[index] as number;
    if (text !== undefined) return text.slice(start, end);
    return this.#payload.toString(encoding === 'latin1' ? 'latin1' : 'utf8', textAt + start, textAt + end);
  }

  /** Every code: ASCII text is decoded once and sliced (each code then costs a slice, not a decode). */
  decodeAll(): string[] {
    const { termEnds, encoding, text } = this.#meta;
    const all = text ?? (encoding === 'latin1' ? this.#payload.toString('latin1', this.#textAt) : undefined);
    if (all === undefined) return Array.from({ length: this.length }, (_, i) => this.at(i) as string);
    const out = new Array<string>(this.length);
    let start = 0;
    for (let i = 0; i < termEnds.length; i += 1) {
      const end = termEnds[i] as number;
      out[i] = all.slice(start, end);
      start = end;
    }
    return out;
  }
}

/** The codes' text: one latin1 section when all ASCII, UTF-8 when well formed, else a string kept as it is. */
function codeText(terms: readonly string[]): { encoding: Meta<unknown>['encoding']; bytes?: Buffer; text?: string; ends: Uint32Array } {
  const ends = new Uint32Array(terms.length);
  let units = 0;
  let bytes = 0;
  for (const [i, code] of terms.entries()) {
    ends[i] = units += code.length;
    bytes += Buffer.byteLength(code, 'utf8');
  }
  // As many UTF-8 bytes as UTF-16 units: all ASCII. Written code by code (measured twice as fast
  // as one join and one Buffer.from for 29 MB of codes).
  if (bytes === units) {
    const out = Buffer.allocUnsafe(units);
    let at = 0;
    for (const code of terms) at += out.write(code, at, 'latin1');
    return { encoding: 'latin1', bytes: out, ends };
  }
  const all = terms.join('');
  // UTF-8 cannot hold a lone surrogate (it would come back as U+FFFD).
  if (loneSurrogateAt(all) >= 0) return { encoding: 'string', text: all, ends };
  const out = Buffer.allocUnsafe(bytes);
  let at = 0;
  for (const [i, code] of terms.entries()) ends[i] = at += out.write(code, at, 'utf8');
  return { encoding: 'utf8', bytes: out, ends };
}

/**
 * The payload of `terms` and `entries` (each with its triples as ids into `terms`). `prefix` is how
 * many bytes precede the payload in the file: the ids are padded to start 4-aligned there.
 */
export function encodePayload<E extends object>(
  terms: readonly string[],
  entries: readonly (E & { spo: Uint32Array; graph: number })[],
  prefix: (payloadBytes: number) => number,
): Buffer[] {
  const text = codeText(terms);
  const spoEnds = new Uint32Array(entries.length);
  let count = 0;
  for (const [i, entry] of entries.entries()) spoEnds[i] = count += entry.spo.length;
  const records = entries.map(({ spo: _spo, ...rest }) => rest);
  const textBytes = text.bytes?.length ?? 0;
  const meta = serialize({
    order: endianness(),
    encoding: text.encoding,
    ...(text.text === undefined ? {} : { text: text.text }),
    termEnds: text.ends,
    spoEnds,
    entries: records,
  });
  let pad = 0;
  while (pad < 3 && (prefix(8 + meta.length + pad + count * 4 + textBytes) + 8 + meta.length + pad) % 4 !== 0) pad += 1;
  const spo = new Uint32Array(count);
  let at = 0;
  for (const entry of entries) {
    spo.set(entry.spo, at);
    at += entry.spo.length;
  }
  const head = Buffer.alloc(8);
  head.writeUInt32LE(meta.length, 0);
  head.writeUInt32LE(pad, 4);
  return [head, meta, Buffer.alloc(pad), Buffer.from(spo.buffer, spo.byteOffset, spo.byteLength), ...(text.bytes === undefined ? [] : [text.bytes])];
}

/** The payload's parts, checked for shape (not for the records' fields: the caller does), or why not. */
export function decodePayload<E>(payload: Buffer): { codes: CachedCodes; spo: Uint32Array; spoEnds: Uint32Array; entries: Record_<E>[] } | string {
  if (payload.length < 8) return 'no records';
  const metaLength = payload.readUInt32LE(0);
  const pad = payload.readUInt32LE(4);
  if (pad > 3 || metaLength > payload.length - 8 - pad) return 'records past the end';
  let meta: Meta<E>;
  try {
    meta = deserialize(payload.subarray(8, 8 + metaLength)) as Meta<E>;
  } catch {
    return 'unreadable records';
  }
  if (
    meta === null ||
    typeof meta !== 'object' ||
    !(meta.termEnds instanceof Uint32Array) ||
    !(meta.spoEnds instanceof Uint32Array) ||
    !Array.isArray(meta.entries)
  )
    return 'malformed records';
  if (meta.order !== endianness()) return 'another byte order';
  const { termEnds, spoEnds, encoding } = meta;
  const count = spoEnds.length === 0 ? 0 : (spoEnds[spoEnds.length - 1] as number);
  const spoAt = 8 + metaLength + pad;
  const textAt = spoAt + count * 4;
  if (spoEnds.length !== meta.entries.length || textAt > payload.length) return 'malformed layout';
  const textLength =
    encoding === 'string'
      ? typeof meta.text === 'string'
        ? meta.text.length
        : -1
      : encoding === 'latin1' || encoding === 'utf8'
        ? payload.length - textAt
        : -1;
  if (textLength < 0) return 'malformed text';
  for (let i = 1; i < spoEnds.length; i += 1) if ((spoEnds[i] as number) < (spoEnds[i - 1] as number)) return 'malformed triples';
  let previous = 0;
  for (let i = 0; i < termEnds.length; i += 1) {
    const end = termEnds[i] as number;
    if (end <= previous || end > textLength) return 'malformed terms';
    previous = end;
  }
  if (previous !== textLength) return 'malformed terms';
  const codes = new CachedCodes(payload, meta as Meta<unknown>, textAt);
  if (!wellFormedCodes(payload, meta as Meta<unknown>, textAt)) return 'malformed terms';
  const at = payload.byteOffset + spoAt;
  // A view when aligned (the writer pads for it), else one copy.
  const spo = at % 4 === 0 ? new Uint32Array(payload.buffer, at, count) : new Uint32Array(payload.buffer.slice(at, at + count * 4));
  let max = 0;
  for (let i = 0; i < spo.length; i += 1) if ((spo[i] as number) > max) max = spo[i] as number;
  if (spo.length > 0 && max >= termEnds.length) return 'malformed triples';
  return { codes, spo, spoEnds, entries: meta.entries };
}

/** Every code starts with a kind (N, B, S, L, T) and a language or datatype code holds a space. */
function wellFormedCodes(payload: Buffer, meta: Meta<unknown>, textAt: number): boolean {
  const { termEnds, text } = meta;
  let start = 0;
  for (let i = 0; i < termEnds.length; i += 1) {
    const end = termEnds[i] as number;
    const kind = text === undefined ? (payload[textAt + start] as number) : text.charCodeAt(start);
    if (kind === 76 /* L */ || kind === 84 /* T */) {
      const space = text === undefined ? payload.indexOf(0x20, textAt + start) - textAt : text.indexOf(' ', start);
      if (space < 0 || space >= end) return false;
    } else if (kind !== 78 /* N */ && kind !== 66 /* B */ && kind !== 83 /* S */) return false;
    start = end;
  }
  return true;
}
