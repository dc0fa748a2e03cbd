// A cache file that is never trusted unless this user wrote it: one JSON header line (format,
// version, key, payload length, HMAC with the user's secret, signer), then the payload: V8-serialized
// (the parse cache, cache.ts; the search index, search/index-cache.ts) or raw bytes (the vector cache).
import { createHash, createHmac, type Hmac, timingSafeEqual } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import type { MdkgError } from '../errors.js';
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
  /** Largest file read; a larger one is damage. */
  maxBytes: number;
}

/** A hit, a quiet miss (no file; another version, key or signer), or damage with the reason. */
/** A miss says why when it is worth a warning: `damage` (the file is not sound) or `unreadable` (it could not be read). */
export type SignedMiss = { ok: false; damage?: string; unreadable?: string };
export type SignedRead = { ok: true; payload: unknown } | SignedMiss;

/** A MAC in progress with this user's secret (for a payload read in parts). */
export const signedMac = (): Hmac => createHmac('sha256', cacheSecret());
const mac = (payload: Uint8Array): Buffer => signedMac().update(payload).digest();
/** Names the secret that signed a file (a hash of it), so another user's file is told apart. */
export const signerId = (): string => createHash('sha256').update(cacheSecret()).digest('hex').slice(0, 16);

/** The bytes of a signed file, unchecked (a missing file is a quiet miss): check them with `verifySignedBytes`. */
export async function readSignedRaw(path: string, kind: SignedFile): Promise<{ ok: true; bytes: Buffer } | SignedMiss> {
  try {
    return { ok: true, bytes: await readRegularFile(path, { maxBytes: kind.maxBytes, follow: false }) };
  } catch (error) {
    if ((error as MdkgError).code === 'MDKG_NOT_FOUND') return { ok: false };
    return { ok: false, unreadable: (error as Error).message };
  }
}

/** The header line of a signed file's first bytes (at most 4 KiB), checked: this format, version, key and signer. */
export function checkSignedHeader(bytes: Buffer, kind: SignedFile, key: string): { ok: true; header: SignedHeader; payloadStart: number } | SignedMiss {
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
  if (header.version !== kind.version || header.key !== key || header.signer !== signerId()) return { ok: false };
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
  if (payload.length !== header.bytes) return { ok: false, damage: `truncated: ${payload.length} of ${header.bytes} bytes` };
  if (!macMatches(header.mac, mac(payload))) return { ok: false, damage: 'checksum mismatch: changed since it was written' };
  return { ok: true, payload };
}

/** Reads and verifies `path`: the raw payload, returned only after its HMAC verifies. */
export async function readSignedBytes(path: string, kind: SignedFile, key: string): Promise<{ ok: true; payload: Buffer } | SignedMiss> {
  const read = await readSignedRaw(path, kind);
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
  // Header and payload as separate chunks: a copy of a 50 MB payload into one buffer was a third of the write.
  await writeFileAtomic(path, [headerLine(header), ...parts]);
}

/** Writes `value` V8-serialized, atomically. */
export async function writeSignedFile(path: string, kind: SignedFile, key: string, value: unknown): Promise<void> {
  await writeSignedBytes(path, kind, key, serialize(value));
}
