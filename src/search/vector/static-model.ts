// The `static` provider: a static-embedding model in the model2vec format, read from a local
// folder the user supplies (nothing is downloaded): `model.safetensors` holds one vector per token
// (tensor `embeddings`, float32 or float16), `tokenizer.json` a WordPiece tokenizer (the Hugging
// Face tokenizers format), `config.json` whether vectors are normalized. A text's vector is the mean
// of its tokens' vectors (unknown tokens left out), normalized when the config says so. Pure
// JavaScript, no native code: thousands of texts per second.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { MdkgError } from '../../errors.js';
import { MAX_READ_BYTES, readRegularFile } from '../../util/read-file.js';
import type { EmbeddingProvider } from './provider.js';
import { type WordPiece, wordPieceFrom } from './word-piece.js';

/** The largest model.safetensors read (1 GiB, the most any read allocates); a larger one makes the model unavailable, unread. */
export const MAX_MODEL_BYTES = MAX_READ_BYTES;
const MAX_JSON_BYTES = 64 * 1024 * 1024;

export interface StaticModel {
  /** sha256 of the tokenizer and the weights: the model id, so another model never reuses cached vectors. */
  digest: string;
  tokenizer: WordPiece;
  matrix: Float32Array;
  dimensions: number;
  normalize: boolean;
}

const unavailable = (dir: string, why: string): MdkgError =>
  new MdkgError('MDKG_EMBEDDINGS_UNAVAILABLE', `the static model in ${dir} cannot be used: ${why}`, { file: dir });

/** Reads a model2vec folder; MDKG_EMBEDDINGS_UNAVAILABLE saying what is wrong. */
export async function loadStaticModel(dir: string): Promise<StaticModel> {
  const read = async (name: string, maxBytes: number): Promise<Buffer> => {
    try {
      return await readRegularFile(join(dir, name), { maxBytes, follow: true });
    } catch (error) {
      throw unavailable(dir, `${name}: ${(error as Error).message}`);
    }
  };
  const json = async (name: string): Promise<unknown> => {
    try {
      return JSON.parse((await read(name, MAX_JSON_BYTES)).toString('utf8')) as unknown;
    } catch (error) {
      if (error instanceof MdkgError) throw error;
      throw unavailable(dir, `${name} is not JSON`);
    }
  };
  const config = (await json('config.json').catch(() => ({}))) as { normalize?: unknown };
  const tokenizerBytes = await read('tokenizer.json', MAX_JSON_BYTES);
  let tokenizerJson: unknown;
  try {
    tokenizerJson = JSON.parse(tokenizerBytes.toString('utf8'));
  } catch {
    throw unavailable(dir, 'tokenizer.json is not JSON');
  }
  const tokenizer = wordPieceFrom(tokenizerJson, (why) => unavailable(dir, `tokenizer.json: ${why}`));
  const weights = await read('model.safetensors', MAX_MODEL_BYTES);
  const { matrix, rows, dimensions } = readEmbeddings(weights, (why) => unavailable(dir, `model.safetensors: ${why}`));
  if (rows < tokenizer.size) throw unavailable(dir, `the tokenizer has ${tokenizer.size} tokens, the embeddings ${rows} rows`);
  const digest = createHash('sha256')
    .update(tokenizerBytes)
    .update(weights)
    .update(String(config.normalize !== false))
    .digest('hex')
    .slice(0, 16);
  return { digest, tokenizer, matrix, dimensions, normalize: config.normalize !== false };
}

/** The `embeddings` tensor of a safetensors file: 8 bytes of header length, a JSON header, the data. */
export function readEmbeddings(bytes: Buffer, bad: (why: string) => Error): { matrix: Float32Array; rows: number; dimensions: number } {
  if (bytes.length < 8) throw bad('too short');
  const headerLength = Number(bytes.readBigUInt64LE(0));
  if (headerLength > bytes.length - 8 || headerLength > 100 * 1024 * 1024) throw bad('the header length is past the end');
  let header: Record<string, { dtype?: unknown; shape?: unknown; data_offsets?: unknown }>;
  try {
    header = JSON.parse(bytes.subarray(8, 8 + headerLength).toString('utf8')) as typeof header;
  } catch {
    throw bad('unreadable header');
  }
  const tensor = header.embeddings ?? Object.entries(header).find(([k]) => k !== '__metadata__')?.[1];
  if (tensor === undefined) throw bad('no embeddings tensor');
  const { dtype, shape, data_offsets: offsets } = tensor;
  if (!Array.isArray(shape) || shape.length !== 2 || !shape.every((n) => Number.isInteger(n) && n > 0)) throw bad('the tensor is not a matrix');
  const [rows, dimensions] = shape as [number, number];
  const width = dtype === 'F32' ? 4 : dtype === 'F16' ? 2 : 0;
  if (width === 0) throw bad(`unsupported dtype ${String(dtype)} (F32 or F16)`);
  if (!Array.isArray(offsets) || offsets.length !== 2) throw bad('no data offsets');
  const start = 8 + headerLength + Number(offsets[0]);
  const end = 8 + headerLength + Number(offsets[1]);
  if (!(start <= end && end <= bytes.length && end - start === rows * dimensions * width)) throw bad('the data does not match the shape (truncated?)');
  const matrix = new Float32Array(rows * dimensions);
  for (let i = 0; i < matrix.length; i++) matrix[i] = width === 4 ? bytes.readFloatLE(start + i * 4) : half(bytes.readUInt16LE(start + i * 2));
  if (!matrix.every(Number.isFinite)) throw bad('non-finite values');
  return { matrix, rows, dimensions };
}

/** An IEEE 754 half-precision number. */
function half(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 0x1f) return fraction === 0 ? sign * Number.POSITIVE_INFINITY : Number.NaN;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

export class StaticProvider implements EmbeddingProvider {
  readonly modelId: string;
  readonly dimensions: number;
  readonly #model: StaticModel;

  constructor(model: StaticModel) {
    this.#model = model;
    this.dimensions = model.dimensions;
    this.modelId = `static:${model.digest}`;
  }

  embed(texts: readonly string[]): Promise<Float32Array[]> {
    const { tokenizer, matrix, dimensions: d, normalize } = this.#model;
    return Promise.resolve(
      texts.map((text) => {
        const out = new Float32Array(d);
        const ids = tokenizer.encode(text);
        for (const id of ids) for (let j = 0, k = id * d; j < d; j++, k++) out[j]! += matrix[k]!;
        let norm = 0;
        for (let j = 0; j < d; j++) norm += out[j]! * out[j]!;
        const scale = ids.length === 0 || norm === 0 ? 0 : normalize ? 1 / Math.sqrt(norm) : 1 / ids.length;
        for (let j = 0; j < d; j++) out[j]! *= scale;
        return out;
      }),
    );
  }
}
