// A cache file that is never trusted unless this user wrote it: one JSON header line (format,
// version, key, payload length, HMAC with the user's secret, signer), then the payload: V8-serialized
// (the parse cache, cache.ts; the search index, search/index-cache.ts) or raw bytes (the vector cache).
import { createHash, createHmac, type Hmac, timingSafeEqual } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import { type Diagnostic, MdkgError } from '../errors.js';
import { readRegularFile } from '../util/read-file.js';
import { writeFileAtomic } from './atomic-write.js';
import { cacheSecret } from './cache-key.js';

export interface SignedHeader {
  format: string;
  version: number;
  key: string;
  bytes: number;
  mac: string;
  signer: string;
  /** Payload bytes a reader keeps in memory; the rest it may only run through the MAC (search/index-file.ts). */
  head?: number;
}
type Header = SignedHeader;

export interface SignedFile {
  format: string;
  version: number;
  /** Largest file read (at most MAX_READ_BYTES, util/read-file.ts); a larger one is refused from its size, unread (`tooLarge`). */
  maxBytes: number;
}

/**
 * A quiet miss (no file; another version, key or signer), or one that says why when it is worth a
 * warning: `damage` (the file is not sound), `unreadable` (it could not be read), `tooLarge` (over
 * the kind's cap: never read).
 */
export type SignedMiss = { ok: false; damage?: string; unreadable?: string; tooLarge?: { bytes: number; maxBytes: number } };

/** Thrown from a peek at the header to end the read with that miss, before the file is read whole. */
class Refused extends Error {
  constructor(readonly miss: SignedMiss) {
    super('refused');
  }
}

/** A miss of a file of `size` bytes whose header is `checked`, or undefined when the sizes agree. */
function sizeMiss(checked: { header: SignedHeader; payloadStart: number }, size: number): SignedMiss | undefined {
  const bytes = size - checked.payloadStart;
  return bytes === checked.header.bytes ? undefined : { ok: false, damage: `truncated: ${bytes} of ${checked.header.bytes} bytes` };
}

/** The diagnostic of a miss over the kind's cap (MDKG_FILE_TOO_LARGE naming the size and the cap), else undefined. */
export function tooLargeMiss(miss: SignedMiss, what: string, file: string): Diagnostic | undefined {
  if (miss.tooLarge === undefined) return undefined;
  const { bytes, maxBytes } = miss.tooLarge;
  return {
    code: 'MDKG_FILE_TOO_LARGE',
    severity: 'warning',
    message: `${what} is ${bytes} bytes, over its limit of ${maxBytes}: ignored unread and rebuilt`,
    file,
  };
}
export type SignedRead = { ok: true; payload: unknown } | SignedMiss;

/** A MAC in progress with this user's secret (for a payload read in parts). */
export const signedMac = (): Hmac => createHmac('sha256', cacheSecret());
const mac = (payload: Uint8Array): Buffer => signedMac().update(payload).digest();
/** Names the secret that signed a file (a hash of it), so another user's file is told apart. */
export const signerId = (): string => createHash('sha256').update(cacheSecret()).digest('hex').slice(0, 16);

/**
 * The bytes of a signed file, their MAC unchecked (a missing file is a quiet miss): check them with
 * `verifySignedBytes`. The size is checked against the kind's cap and the header (format, version,
 * key when given, signer, stated length) before the file is read whole: a file that fails them
 * costs a 4 KiB read, whatever its size.
 */
export async function readSignedRaw(path: string, kind: SignedFile, key?: string): Promise<{ ok: true; bytes: Buffer } | SignedMiss> {
  const peek = (first: Buffer, size: number): void => {
    const checked = checkSignedHeader(first, kind, key);
    const miss = checked.ok ? sizeMiss(checked, size) : checked;
    if (miss !== undefined) throw new Refused(miss);
  };
  try {
    return { ok: true, bytes: await readRegularFile(path, { maxBytes: kind.maxBytes, follow: false, peek }) };
  } catch (error) {
    if (error instanceof Refused) return error.miss;
    const e = error as MdkgError;
    if (e.code === 'MDKG_NOT_FOUND') return { ok: false };
    if (e.code === 'MDKG_FILE_TOO_LARGE' && typeof e.details.bytes === 'number')
      return { ok: false, unreadable: e.message, tooLarge: { bytes: e.details.bytes, maxBytes: e.details.maxBytes as number } };
    return { ok: false, unreadable: e.message };
  }
}

/** The header line of a signed file's first bytes (at most 4 KiB), checked: this format, version, key (unless undefined) and signer. */
export function checkSignedHeader(
  bytes: Buffer,
  kind: SignedFile,
  key: string | undefined,
): { ok: true; header: SignedHeader; payloadStart: number } | SignedMiss {
  const newline = bytes.subarray(0, 4097).indexOf(0x0a);
  if (newline < 0) return { ok: false, damage: 'no header' };
  let header: Header;
  try {
    header = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as Header;
  } catch {
    return { ok: false, damage: 'unreadable header' };
  }
  if (header === null || typeof header !== 'object' || header.format !== kind.format) return { ok: false, damage: `not an ${kind.format} file` };
  // Another version or key is simply not this file; another signer (another user, another machine,
  // a file that came with a repository) is not ours to trust, and not damage either.
  if (header.version !== kind.version || (key !== undefined && header.key !== key) || header.signer !== signerId()) return { ok: false };
  if (typeof header.bytes !== 'number' || !Number.isSafeInteger(header.bytes) || header.bytes < 0) return { ok: false, damage: 'unreadable header' };
  return { ok: true, header, payloadStart: newline + 1 };
}

/** Whether `stated` (hex, from a header) is the MAC `computed`, compared in constant time. */
export function macMatches(stated: unknown, computed: Buffer): boolean {
  const bytes = Buffer.from(typeof stated === 'string' ? stated : '', 'hex');
  return bytes.length === computed.length && timingSafeEqual(bytes, computed);
}

/** The payload of a signed file's bytes, returned only after its HMAC verifies. */
export function verifySignedBytes(bytes: Buffer, kind: SignedFile, key: string): { ok: true; payload: Buffer } | SignedMiss {
  const checked = checkSignedHeader(bytes, kind, key);
  if (!checked.ok) return checked;
  const { header } = checked;
  const payload = bytes.subarray(checked.payloadStart);
  const miss = sizeMiss(checked, bytes.length);
  if (miss !== undefined) return miss;
  if (!macMatches(header.mac, mac(payload))) return { ok: false, damage: 'checksum mismatch: changed since it was written' };
  return { ok: true, payload };
}

/** Reads and verifies `path`: the raw payload, returned only after its HMAC verifies. */
export async function readSignedBytes(path: string, kind: SignedFile, key: string): Promise<{ ok: true; payload: Buffer } | SignedMiss> {
  const read = await readSignedRaw(path, kind, key);
  return read.ok ? verifySignedBytes(read.bytes, kind, key) : read;
}

/** Reads and verifies `path`: the payload is deserialized only after its HMAC verifies. */
export async function readSignedFile(path: string, kind: SignedFile, key: string): Promise<SignedRead> {
  const read = await readSignedBytes(path, kind, key);
  if (!read.ok) return read;
  try {
    return { ok: true, payload: deserialize(read.payload) };
  } catch {
    return { ok: false, damage: 'unreadable payload' };
  }
}

/**
 * The header line of a file, padded with spaces to a multiple of 8 bytes (newline included): the
 * payload then starts 8-aligned in the buffer it is read into, so typed arrays in it can be viewed
 * in place (search/index-file.ts, cache-layout.ts).
 */
function headerLine(header: Header): Buffer {
  const line = JSON.stringify(header);
  return Buffer.from(`${line}${' '.repeat((8 - ((Buffer.byteLength(line) + 1) % 8)) % 8)}\n`);
}

/** How many bytes precede a payload of `bytes` bytes in the file (its padded header line), to align what follows. */
export function signedHeaderBytes(kind: SignedFile, key: string, bytes: number, head?: number): number {
  const header: Header = { format: kind.format, version: kind.version, key, bytes, mac: '0'.repeat(64), signer: signerId() };
  if (head !== undefined) header.head = head;
  return headerLine(header).length;
}

/**
 * Writes raw `payload` (one buffer, or parts in order) atomically (a reader sees the old file or
 * the new one, never half of one); `head`: see SignedHeader.
 */
export async function writeSignedBytes(path: string, kind: SignedFile, key: string, payload: Uint8Array | readonly Uint8Array[], head?: number): Promise<void> {
  const parts = payload instanceof Uint8Array ? [payload] : payload;
  const hmac = signedMac();
  let length = 0;
  for (const part of parts) {
    hmac.update(part);
    length += part.length;
  }
  const header: Header = { format: kind.format, version: kind.version, key, bytes: length, mac: hmac.digest('hex'), signer: signerId() };
  if (head !== undefined) header.head = head;
  const line = headerLine(header);
  // A file a reader would refuse from its size is not written.
  if (line.length + length > kind.maxBytes)
    throw new MdkgError('MDKG_FILE_TOO_LARGE', `${path} would be ${line.length + length} bytes, over the limit of ${kind.maxBytes} for ${kind.format}`, {
      file: path,
      bytes: line.length + length,
      maxBytes: kind.maxBytes,
    });
  // Header and payload as separate chunks: a copy of a 50 MB payload into one buffer was a third of the write.
  await writeFileAtomic(path, [line, ...parts]);
}

/** Writes `value` V8-serialized, atomically. */
export async function writeSignedFile(path: string, kind: SignedFile, key: string, value: unknown): Promise<void> {
  await writeSignedBytes(path, kind, key, serialize(value));
}
