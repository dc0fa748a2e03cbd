// Writes small static-embedding models in the model2vec format for tests: a WordPiece
// tokenizer.json, a model.safetensors matrix (float32 or float16) and a config.json.

/** A safetensors file with one tensor `embeddings` (`rows` x row length), optionally cut short by `cut` bytes. */
export function safetensors(rows: readonly (readonly number[])[], dtype: 'F32' | 'F16' = 'F32', cut = 0): Buffer {
  const d = rows[0]?.length ?? 0;
  const width = dtype === 'F32' ? 4 : 2;
  const data = Buffer.alloc(rows.length * d * width);
  for (const [i, row] of rows.entries())
    for (const [j, x] of row.entries()) {
      if (dtype === 'F32') data.writeFloatLE(x, (i * d + j) * 4);
      else data.writeUInt16LE(toHalf(x), (i * d + j) * 2);
    }
  const header = Buffer.from(
    JSON.stringify({ __metadata__: { format: 'pt' }, embeddings: { dtype, shape: [rows.length, d], data_offsets: [0, data.length] } }),
  );
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(header.length));
  const whole = Buffer.concat([length, header, data]);
  return whole.subarray(0, whole.length - cut);
}

/** Half precision of numbers a half holds exactly (small integers, halves). */
function toHalf(x: number): number {
  if (x === 0) return 0;
  const sign = x < 0 ? 0x8000 : 0;
  const a = Math.abs(x);
  const e = Math.floor(Math.log2(a));
  return sign | ((e + 15) << 10) | Math.round((a / 2 ** e - 1) * 1024);
}

/** A tokenizer.json with a WordPiece vocabulary (token -> its index in `vocab`). */
export function wordPieceTokenizer(vocab: readonly string[], type = 'WordPiece'): string {
  return JSON.stringify({
    normalizer: { type: 'BertNormalizer', lowercase: true },
    model: { type, unk_token: '[UNK]', continuing_subword_prefix: '##', vocab: Object.fromEntries(vocab.map((t, i) => [t, i])) },
  });
}
