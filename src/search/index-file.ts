// Reading the persisted search index (index-cache.ts) in two parts. The file is a signed file
// (graph/signed-file.ts: a header line with an HMAC of the whole payload) whose header names a
// `head`: the index proper (arrays, names, postings), then the tool records' JSON texts (6.7 of 14.7
// MB at 10,000 tools) of which a search reads a few dozen.
// - Opening keeps only the head in memory and runs the records through the MAC in small reads into
//   one reused buffer: the whole file is still verified before anything in it is used (a damaged
//   one is rebuilt, as before), but the records cost no fresh memory (on the VM measured, reading a
//   file into fresh memory and the first pass over it cost about 5 ms a MB; through a warm buffer,
//   under 1).
// - A record is read when first needed, from the same open file (a writer replaces the index by a
//   rename, so the open file keeps the bytes that were verified), in blocks of 16 records whose
//   sha256 the verified head lists: bytes changed in place after the check are refused
//   (MDKG_CACHE_CORRUPT), never used. The file is closed when the index is garbage-collected (or
//   the process ends).
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, read, readSync } from 'node:fs';
import { MdkgError } from '../errors.js';
import { checkSignedHeader, macMatches, type SignedFile, type SignedMiss, signedMac } from '../graph/signed-file.js';

/** The records' layout, as the head keeps it: record i is bytes offsets[i] to offsets[i + 1] after the head. */
export interface RecordLayout {
  offsets: Uint32Array;
  /** Records per block; block b's sha256 is hashes[32 b .. 32 b + 32]. */
  perBlock: number;
  hashes: Uint8Array;
}

export const RECORDS_PER_BLOCK = 16;
/** The most bytes asked of one read call. */
const READ_CHUNK = 64 * 1024 * 1024;

export function recordLayout(offsets: Uint32Array, bytes: Uint8Array, perBlock = RECORDS_PER_BLOCK): RecordLayout {
  const blocks = Math.ceil((offsets.length - 1) / perBlock);
  const hashes = new Uint8Array(blocks * 32);
  for (let b = 0; b < blocks; b += 1) {
    const from = offsets[b * perBlock]!;
    const to = offsets[Math.min((b + 1) * perBlock, offsets.length - 1)]!;
    hashes.set(createHash('sha256').update(bytes.subarray(from, to)).digest(), b * 32);
  }
  return { offsets, perBlock, hashes };
}

/** An index file opened: its header line and head in memory, the file still open (closed on a miss). */
export type RawIndexFile = { ok: true; fd: number; bytes: Buffer; size: number } | SignedMiss;

const readAt = (fd: number, buffer: Buffer, from: number, length: number, position: number): Promise<number> =>
  new Promise((resolve, reject) => read(fd, buffer, from, length, position, (error, n) => (error === null ? resolve(n) : reject(error))));

/** Opens `path` (a regular file, never through a link) and reads its header line and head; the big read runs on libuv's threads. */
export async function openIndexFile(path: string, kind: SignedFile): Promise<RawIndexFile> {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === 'ENOENT' ? { ok: false } : { ok: false, unreadable: (error as Error).message };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new Error('not a regular file');
    if (stat.size > kind.maxBytes) {
      closeSync(fd);
      return { ok: false, unreadable: `${stat.size} bytes, more than ${kind.maxBytes}`, tooLarge: { bytes: stat.size, maxBytes: kind.maxBytes } };
    }
    const first = Buffer.alloc(Math.min(stat.size, 4097));
    const got = readSync(fd, first, 0, first.length, 0);
    // The header first (the key is checked later): a file that is not one of ours, or whose size is
    // not the one its header states, is a miss before its head is allocated.
    const checked = checkSignedHeader(first.subarray(0, got), kind, undefined);
    if (!checked.ok || stat.size - checked.payloadStart !== checked.header.bytes) {
      closeSync(fd);
      return checked.ok ? { ok: false, damage: `truncated: ${stat.size - checked.payloadStart} of ${checked.header.bytes} bytes` } : checked;
    }
    const stated = checked.header.head;
    const head = typeof stated === 'number' && Number.isSafeInteger(stated) && stated >= 0 ? Math.min(stat.size, checked.payloadStart + stated) : stat.size;
    // Not zero-filled (every byte is read or the file is refused); the head starts 8-aligned in it
    // when the header line is padded (writeSignedBytes), so its arrays are viewed in place.
    const bytes = Buffer.allocUnsafeSlow(head);
    let length = Math.min(got, head);
    first.copy(bytes, 0, 0, length);
    while (length < head) {
      const n = await readAt(fd, bytes, length, Math.min(head - length, READ_CHUNK), length);
      if (n === 0) break;
      length += n;
    }
    return { ok: true, fd, bytes: bytes.subarray(0, length), size: stat.size };
  } catch (error) {
    closeSync(fd);
    return { ok: false, unreadable: (error as Error).message };
  }
}

/**
 * The head's payload, after the whole payload's HMAC verifies (the records streamed through it);
 * the file stays open for `RecordFile`. On a miss the file is closed.
 */
export function verifyIndexFile(
  raw: RawIndexFile,
  kind: SignedFile,
  key: string,
): { ok: true; head: Buffer; fd: number; tailStart: number; tailLength: number } | SignedMiss {
  if (!raw.ok) return raw;
  const miss = (m: SignedMiss): SignedMiss => {
    closeSync(raw.fd);
    return m;
  };
  const checked = checkSignedHeader(raw.bytes, kind, key);
  if (!checked.ok) return miss(checked);
  const { header, payloadStart } = checked;
  if (raw.size - payloadStart !== header.bytes) return miss({ ok: false, damage: `truncated: ${raw.size - payloadStart} of ${header.bytes} bytes` });
  const headLength = raw.bytes.length - payloadStart;
  const head = raw.bytes.subarray(payloadStart);
  const mac = signedMac().update(head);
  const chunk = Buffer.allocUnsafe(Math.min(256 * 1024, Math.max(1, header.bytes - headLength)));
  for (let at = payloadStart + headLength; at < raw.size; ) {
    const n = readSync(raw.fd, chunk, 0, Math.min(chunk.length, raw.size - at), at);
    if (n === 0) return miss({ ok: false, damage: 'truncated while read' });
    mac.update(chunk.subarray(0, n));
    at += n;
  }
  if (!macMatches(header.mac, mac.digest())) return miss({ ok: false, damage: 'checksum mismatch: changed since it was written' });
  return { ok: true, head, fd: raw.fd, tailStart: payloadStart + headLength, tailLength: header.bytes - headLength };
}

const closer = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // Already closed with the process.
  }
});

const utf8 = new TextDecoder();

/** The records' texts, read from the open index file block by block when first needed. */
export class RecordFile {
  readonly #fd: number;
  readonly #start: number;
  readonly #layout: RecordLayout;
  readonly #blocks: (Buffer | undefined)[];

  constructor(fd: number, tailStart: number, tailLength: number, layout: RecordLayout) {
    const { offsets, perBlock, hashes } = layout;
    if (offsets.at(-1) !== tailLength || !(perBlock >= 1) || hashes.length !== Math.ceil((offsets.length - 1) / perBlock) * 32)
      throw new MdkgError('MDKG_CACHE_CORRUPT', 'search index records do not match their layout');
    this.#fd = fd;
    this.#start = tailStart;
    this.#layout = layout;
    this.#blocks = new Array(hashes.length / 32);
    closer.register(this, fd);
  }

  text(i: number): string {
    const { offsets, perBlock } = this.#layout;
    const b = Math.floor(i / perBlock);
    const block = (this.#blocks[b] ??= this.#read(b));
    const base = offsets[b * perBlock]!;
    return utf8.decode(block.subarray(offsets[i]! - base, offsets[i + 1]! - base));
  }

  #read(b: number): Buffer {
    const { offsets, perBlock, hashes } = this.#layout;
    const from = offsets[b * perBlock]!;
    const to = offsets[Math.min((b + 1) * perBlock, offsets.length - 1)]!;
    const block = Buffer.allocUnsafe(to - from);
    let length = 0;
    while (length < block.length) {
      const n = readSync(this.#fd, block, length, block.length - length, this.#start + from + length);
      if (n === 0) break;
      length += n;
    }
    const hash = createHash('sha256').update(block.subarray(0, length)).digest();
    if (length !== block.length || !hash.equals(hashes.subarray(b * 32, b * 32 + 32)))
      throw new MdkgError(
        'MDKG_CACHE_CORRUPT',
        'search index changed on disk while in use (a block of tool records does not match); run the command again to rebuild it',
      );
    return block;
  }
}
