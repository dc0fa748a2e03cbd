// The persisted embeddings of one model: `<cache>/vectors-<model hash>.bin`, a JSON header line,
// then one record per text: the sha256 of the text (32 bytes) and its vector (float32,
// little-endian). Keyed by text hash and model id, so a rebuild embeds only the texts that changed.
// Like the search index (index-cache.ts) the payload is signed with this user's cache secret: a
// truncated, edited or foreign file is detected and ignored (then rewritten), never trusted.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import type { Diagnostic, MdkgError } from '../../errors.js';
import { writeFileAtomic } from '../../graph/atomic-write.js';
import { cacheSecret } from '../../graph/cache-key.js';
import { readRegularFile } from '../../util/read-file.js';

const FORMAT = 'mdkg-vectors';
export const VECTOR_CACHE_VERSION = 1;
const HASH_BYTES = 32;
const MAX_BYTES = 2 * 1024 * 1024 * 1024;

interface Header {
  format: string;
  version: number;
  model: string;
  dimensions: number;
  count: number;
  bytes: number;
  mac: string;
  signer: string;
}

/** sha256 of an embedding text, hex. */
export const textHash = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The cache file of a model in a cache folder. */
export function vectorCacheFile(cacheDir: string, modelId: string): string {
  return join(cacheDir, `vectors-${createHash('sha256').update(modelId).digest('hex').slice(0, 16)}.bin`);
}

const mac = (payload: Uint8Array): Buffer => createHmac('sha256', cacheSecret()).update(payload).digest();
const signerId = (): string => createHash('sha256').update(cacheSecret()).digest('hex').slice(0, 16);

export interface CacheRead {
  vectors: Map<string, Float32Array>;
  diagnostic?: Diagnostic;
}

/** The cached vectors by text hash; empty when the file is missing, of another version, model or user, or damaged (then with a warning). */
export async function readVectorCache(file: string, modelId: string, dimensions: number): Promise<CacheRead> {
  const empty = new Map<string, Float32Array>();
  const corrupt = (why: string): CacheRead => ({
    vectors: empty,
    diagnostic: { code: 'MDKG_CACHE_CORRUPT', severity: 'warning', message: `vector cache is corrupt (${why}); re-embedding`, file },
  });
  let bytes: Buffer;
  try {
    bytes = await readRegularFile(file, { maxBytes: MAX_BYTES, follow: false });
  } catch (error) {
    if ((error as MdkgError).code === 'MDKG_NOT_FOUND') return { vectors: empty };
    return { vectors: empty, diagnostic: { code: 'MDKG_FILE_READ', severity: 'warning', message: `vector cache not read: ${(error as Error).message}`, file } };
  }
  const newline = bytes.indexOf(0x0a);
  if (newline < 0 || newline > 4096) return corrupt('no header');
  let header: Header;
  try {
    header = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as Header;
  } catch {
    return corrupt('unreadable header');
  }
  if (header === null || typeof header !== 'object' || header.format !== FORMAT) return corrupt('not an mdkg vector cache');
  if (header.version !== VECTOR_CACHE_VERSION || header.model !== modelId || header.dimensions !== dimensions || header.signer !== signerId())
    return { vectors: empty };
  const payload = bytes.subarray(newline + 1);
  const record = HASH_BYTES + dimensions * 4;
  if (payload.length !== header.bytes || !Number.isInteger(header.count) || header.count * record !== payload.length)
    return corrupt(`truncated: ${payload.length} of ${header.bytes} bytes`);
  const expected = mac(payload);
  const stated = Buffer.from(typeof header.mac === 'string' ? header.mac : '', 'hex');
  if (stated.length !== expected.length || !timingSafeEqual(stated, expected)) return corrupt('checksum mismatch: changed since it was written');
  const vectors = new Map<string, Float32Array>();
  for (let i = 0; i < header.count; i++) {
    const at = i * record;
    const v = new Float32Array(dimensions);
    const view = new DataView(payload.buffer, payload.byteOffset + at + HASH_BYTES, dimensions * 4);
    for (let j = 0; j < dimensions; j++) v[j] = view.getFloat32(j * 4, true);
    vectors.set(payload.subarray(at, at + HASH_BYTES).toString('hex'), v);
  }
  return { vectors };
}

/** Writes the vectors (by text hash) atomically: a reader sees the old file or the new one. */
export async function writeVectorCache(file: string, modelId: string, dimensions: number, vectors: ReadonlyMap<string, Float32Array>): Promise<void> {
  const record = HASH_BYTES + dimensions * 4;
  const payload = Buffer.alloc(vectors.size * record);
  let i = 0;
  for (const [hash, v] of vectors) {
    if (v.length !== dimensions) throw new RangeError(`vector has ${v.length} dimensions, expected ${dimensions}`);
    const at = i * record;
    payload.write(hash, at, HASH_BYTES, 'hex');
    for (let j = 0; j < dimensions; j++) payload.writeFloatLE(v[j]!, at + HASH_BYTES + j * 4);
    i++;
  }
  const header: Header = {
    format: FORMAT,
    version: VECTOR_CACHE_VERSION,
    model: modelId,
    dimensions,
    count: vectors.size,
    bytes: payload.length,
    mac: mac(payload).toString('hex'),
    signer: signerId(),
  };
  await writeFileAtomic(file, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), payload]));
}
