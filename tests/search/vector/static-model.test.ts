// The static (model2vec) provider, on a small model this test writes itself.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStaticModel, StaticProvider } from '../../../src/search/vector/static-model.js';
import { tempDir } from '../../helpers/temp-dir.js';

const VOCAB = ['[UNK]', 'read', 'file', '##s', '!', 'write', 'folder', 'del', '##ete', 'cafe'];
const D = 3;
/** Row i of the embeddings: [i, 1, -i / 2]. */
const row = (i: number): number[] => [i, 1, -i / 2];

/** A safetensors file with one tensor `embeddings` of VOCAB.length x D. */
function safetensors(dtype: 'F32' | 'F16', rows = VOCAB.length, cut = 0): Buffer {
  const width = dtype === 'F32' ? 4 : 2;
  const data = Buffer.alloc(rows * D * width);
  for (let i = 0; i < rows; i++)
    row(i).forEach((x, j) => {
      if (dtype === 'F32') data.writeFloatLE(x, (i * D + j) * 4);
      else data.writeUInt16LE(toHalf(x), (i * D + j) * 2);
    });
  const header = Buffer.from(JSON.stringify({ __metadata__: { format: 'pt' }, embeddings: { dtype, shape: [rows, D], data_offsets: [0, data.length] } }));
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(header.length));
  const whole = Buffer.concat([length, header, data]);
  return whole.subarray(0, whole.length - cut);
}

/** Half precision of small integers and halves (exact). */
function toHalf(x: number): number {
  if (x === 0) return 0;
  const sign = x < 0 ? 0x8000 : 0;
  const a = Math.abs(x);
  const e = Math.floor(Math.log2(a));
  return sign | ((e + 15) << 10) | Math.round((a / 2 ** e - 1) * 1024);
}

const tokenizer = (type = 'WordPiece'): string =>
  JSON.stringify({
    normalizer: { type: 'BertNormalizer', lowercase: true },
    model: { type, unk_token: '[UNK]', continuing_subword_prefix: '##', vocab: Object.fromEntries(VOCAB.map((t, i) => [t, i])) },
  });

async function modelDir(files: Record<string, string | Buffer> = {}): Promise<string> {
  const dir = await tempDir({ 'config.json': JSON.stringify({ normalize: false }), 'tokenizer.json': tokenizer(), 'model.safetensors': safetensors('F32') });
  for (const [name, content] of Object.entries(files)) await writeFile(join(dir, name), content);
  return dir;
}

const mean = (ids: number[]): number[] => [0, 1, 2].map((j) => ids.reduce((s, i) => s + row(i)[j]!, 0) / ids.length);

describe('static (model2vec) provider', () => {
  it.each([
    ['Read files!', [1, 2, 3, 4]],
    ['DELETE the folder', [7, 8, 6]],
    ['Café', [9]],
    ['write', [5]],
  ])('%j is the mean of its tokens %j', async (text, ids) => {
    const provider = new StaticProvider(await loadStaticModel(await modelDir()));
    const [v] = await provider.embed([text]);
    expect([...v!].map((x) => Math.round(x * 1e6) / 1e6)).toEqual(mean(ids));
  });

  it('normalizes when the config says so (the default), and gives zeros for unknown words only', async () => {
    const provider = new StaticProvider(await loadStaticModel(await modelDir({ 'config.json': '{}' })));
    const [v, none] = await provider.embed(['read', 'zebra quagga']);
    expect(Math.hypot(...v!)).toBeCloseTo(1, 6);
    expect([...none!]).toEqual([0, 0, 0]);
    expect(provider.dimensions).toBe(3);
    expect(provider.modelId).toMatch(/^static:[0-9a-f]{16}$/);
    expect(new StaticProvider(await loadStaticModel(await modelDir())).modelId).not.toBe(provider.modelId);
  });

  it('reads float16 weights', async () => {
    const provider = new StaticProvider(await loadStaticModel(await modelDir({ 'model.safetensors': safetensors('F16') })));
    expect([...(await provider.embed(['file']))[0]!]).toEqual(row(2));
  });

  it.each([
    ['a truncated model', { 'model.safetensors': safetensors('F32', VOCAB.length, 5) }, 'model.safetensors: the data does not match the shape'],
    ['too few rows', { 'model.safetensors': safetensors('F32', 4) }, 'the tokenizer has 10 tokens, the embeddings 4 rows'],
    ['a BPE tokenizer', { 'tokenizer.json': tokenizer('BPE') }, 'tokenizer.json: model type BPE is not supported (WordPiece only)'],
    ['a tokenizer that is not JSON', { 'tokenizer.json': '{' }, 'tokenizer.json is not JSON'],
    ['no model file', { 'model.safetensors': Buffer.alloc(0) }, 'model.safetensors: too short'],
  ])('refuses %s with MDKG_EMBEDDINGS_UNAVAILABLE', async (_name, files, message) => {
    const error = await loadStaticModel(await modelDir(files)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MDKG_EMBEDDINGS_UNAVAILABLE' });
    expect((error as Error).message).toContain(message);
  });

  it('reports a folder that does not exist', async () => {
    await expect(loadStaticModel(join(await tempDir(), 'nope'))).rejects.toMatchObject({ code: 'MDKG_EMBEDDINGS_UNAVAILABLE' });
  });
});
