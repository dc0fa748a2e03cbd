// The persisted embeddings of one model: `<cache>/vectors-<model hash>.bin`, a JSON header line,
// then one record per text: the sha256 of the text (32 bytes) and its vector (float32,
// little-endian). Keyed by text hash and model id, so a rebuild embeds only the texts that changed.
// Like the search index (index-cache.ts) the payload is signed with this user's cache secret: a
// truncated, edited or foreign file is detected and ignored (then rewritten), never trusted.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { type Diagnostic, MdkgError } from '../../errors.js';
import { readSignedBytes, type SignedFile, tooLargeMiss, writeSignedBytes } from '../../graph/signed-file.js';

export const VECTOR_CACHE_VERSION = 1;
const HASH_BYTES = 32;
/** The largest vector cache file read or written (1 GiB: 170,000 texts of 1,536 dimensions); a larger one is ignored unread and rebuilt. */
export const MAX_VECTOR_CACHE_BYTES = 1024 * 1024 * 1024;
/** Format `mdkg-vectors`. */
const KIND: SignedFile = { format: 'mdkg-vectors', version: VECTOR_CACHE_VERSION, maxBytes: MAX_VECTOR_CACHE_BYTES };
/** The key of a cache file: its model and dimensions (another model's vectors are never mixed in). */
const keyOf = (modelId: string, dimensions: number): string => `${modelId}\n${dimensions}`;

/** sha256 of an embedding text, hex. */
export const textHash = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The cache file of a model in a cache folder (`name`: `vectors` for tools, `code-vectors` for code symbols). */
export function vectorCacheFile(cacheDir: string, modelId: string, name = 'vectors'): string {
  return join(cacheDir, `${name}-${createHash('sha256').update(modelId).digest('hex').slice(0, 16)}.bin`);
}

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
  const read = await readSignedBytes(file, KIND, keyOf(modelId, dimensions));
  if (!read.ok) {
    const tooLarge = tooLargeMiss(read, 'vector cache', file);
    if (tooLarge !== undefined) return { vectors: empty, diagnostic: tooLarge };
    if (read.unreadable !== undefined)
      return { vectors: empty, diagnostic: { code: 'MDKG_FILE_READ', severity: 'warning', message: `vector cache not read: ${read.unreadable}`, file } };
    return read.damage === undefined ? { vectors: empty } : corrupt(read.damage);
  }
  const { payload } = read;
  const record = HASH_BYTES + dimensions * 4;
  if (payload.length % record !== 0) return corrupt(`truncated: ${payload.length} bytes is no whole number of ${record}-byte records`);
  const count = payload.length / record;
  const vectors = new Map<string, Float32Array>();
  for (let i = 0; i < count; i++) {
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
  // Never written when it would be refused on reading (the header line takes well under 1 KiB).
  if (vectors.size * record > MAX_VECTOR_CACHE_BYTES - 1024)
    throw new MdkgError(
      'MDKG_FILE_TOO_LARGE',
      `${vectors.size} vectors of ${dimensions} dimensions are over the vector cache's limit of ${MAX_VECTOR_CACHE_BYTES} bytes`,
      {
        file,
        bytes: vectors.size * record,
        maxBytes: MAX_VECTOR_CACHE_BYTES,
      },
    );
  const payload = Buffer.alloc(vectors.size * record);
  let i = 0;
  for (const [hash, v] of vectors) {
    if (v.length !== dimensions) throw new RangeError(`vector has ${v.length} dimensions, expected ${dimensions}`);
    const at = i * record;
    payload.write(hash, at, HASH_BYTES, 'hex');
    for (let j = 0; j < dimensions; j++) payload.writeFloatLE(v[j]!, at + HASH_BYTES + j * 4);
    i++;
  }
  await writeSignedBytes(file, KIND, keyOf(modelId, dimensions), payload);
}
