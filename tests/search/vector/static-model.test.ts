// The static (model2vec) provider, on a small model this test writes itself.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStaticModel, StaticProvider } from '../../../src/search/vector/static-model.js';
import { safetensors, wordPieceTokenizer } from '../../helpers/static-model.js';
import { tempDir } from '../../helpers/temp-dir.js';

const VOCAB = ['[UNK]', 'read', 'file', '##s', '!', 'write', 'folder', 'del', '##ete', 'cafe'];
/** Row i of the embeddings: [i, 1, -i / 2]. */
const row = (i: number): number[] => [i, 1, -i / 2];

const ROWS = VOCAB.map((_, i) => row(i));
const tokenizer = (type = 'WordPiece'): string => wordPieceTokenizer(VOCAB, type);

async function modelDir(files: Record<string, string | Buffer> = {}): Promise<string> {
  const dir = await tempDir({ 'config.json': JSON.stringify({ normalize: false }), 'tokenizer.json': tokenizer(), 'model.safetensors': safetensors(ROWS) });
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
    const provider = new StaticProvider(await loadStaticModel(await modelDir({ 'model.safetensors': safetensors(ROWS, 'F16') })));
    expect([...(await provider.embed(['file']))[0]!]).toEqual(row(2));
  });

  it.each([
    ['a truncated model', { 'model.safetensors': safetensors(ROWS, 'F32', 5) }, 'model.safetensors: the data does not match the shape'],
    ['too few rows', { 'model.safetensors': safetensors(ROWS.slice(0, 4)) }, 'the tokenizer has 10 tokens, the embeddings 4 rows'],
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
