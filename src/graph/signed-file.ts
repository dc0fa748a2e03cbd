// A cache file that is never trusted unless this user wrote it: one JSON header line (format,
// version, key, payload length, HMAC with the user's secret, signer), then the payload: V8-serialized
// (the parse cache, cache.ts; the search index, search/index-cache.ts) or raw bytes (the vector cache).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import type { MdkgError } from '../errors.js';
import { readRegularFile } from '../util/read-file.js';
import { writeFileAtomic } from './atomic-write.js';
import { cacheSecret } from './cache-key.js';

interface Header {
  format: string;
  version: number;
  key: string;
  bytes: number;
  mac: string;
  signer: string;
}

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

const mac = (payload: Uint8Array): Buffer => createHmac('sha256', cacheSecret()).update(payload).digest();
/** Names the secret that signed a file (a hash of it), so another user's file is told apart. */
export const signerId = (): string => createHash('sha256').update(cacheSecret()).digest('hex').slice(0, 16);

/** Reads and verifies `path`: the raw payload, returned only after its HMAC verifies. */
export async function readSignedBytes(path: string, kind: SignedFile, key: string): Promise<{ ok: true; payload: Buffer } | SignedMiss> {
  let bytes: Buffer;
  try {
    bytes = await readRegularFile(path, { maxBytes: kind.maxBytes, follow: false });
  } catch (error) {
    if ((error as MdkgError).code === 'MDKG_NOT_FOUND') return { ok: false };
    return { ok: false, unreadable: (error as Error).message };
  }
  const newline = bytes.indexOf(0x0a);
  if (newline < 0 || newline > 4096) return { ok: false, damage: 'no header' };
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
  const payload = bytes.subarray(newline + 1);
  if (payload.length !== header.bytes) return { ok: false, damage: `truncated: ${payload.length} of ${header.bytes} bytes` };
  const expected = mac(payload);
  const stated = Buffer.from(typeof header.mac === 'string' ? header.mac : '', 'hex');
  if (stated.length !== expected.length || !timingSafeEqual(stated, expected)) return { ok: false, damage: 'checksum mismatch: changed since it was written' };
  return { ok: true, payload };
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

/** How many bytes precede a payload of `bytes` bytes in the file (its header line), to align what follows. */
export function signedHeaderBytes(kind: SignedFile, key: string, bytes: number): number {
  const header: Header = { format: kind.format, version: kind.version, key, bytes, mac: '0'.repeat(64), signer: signerId() };
  return Buffer.byteLength(`${JSON.stringify(header)}\n`);
}

/** Writes raw `payload` (one buffer, or parts in order) atomically (a reader sees the old file or the new one, never half of one). */
export async function writeSignedBytes(path: string, kind: SignedFile, key: string, payload: Uint8Array | readonly Uint8Array[]): Promise<void> {
  const parts = payload instanceof Uint8Array ? [payload] : payload;
  const hmac = createHmac('sha256', cacheSecret());
  let length = 0;
  for (const part of parts) {
    hmac.update(part);
    length += part.length;
  }
  const header: Header = { format: kind.format, version: kind.version, key, bytes: length, mac: hmac.digest('hex'), signer: signerId() };
  // Header and payload as two chunks: a copy of a 50 MB payload into one buffer was a third of the write.
  await writeFileAtomic(path, [Buffer.from(`${JSON.stringify(header)}\n`), ...parts]);
}

/** Writes `value` V8-serialized, atomically. */
export async function writeSignedFile(path: string, kind: SignedFile, key: string, value: unknown): Promise<void> {
  await writeSignedBytes(path, kind, key, serialize(value));
}
