// Issue 25 row 3: a vector cache of exactly 2 GiB aborted Node (a read of 2^31 bytes), one just
// under allocated 2 GiB. Every cache kind checks its file's size against its documented cap before
// anything is allocated: over the cap is MDKG_FILE_TOO_LARGE naming size and cap, the cache is
// ignored and rebuilt; at or under it the header is checked from the first 4 KiB before the file is
// read whole. Sparse files (truncate) make the sizes cost no disk and, refused early, no memory.
import { readFileSync } from 'node:fs';
import { stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODE_VECTOR_CACHE } from '../../src/code-search/code-vectors.js';
import { MAX_CODE_STATE_BYTES } from '../../src/generate/code-state.js';
import { generateCode } from '../../src/generate/generate-code.js';
import { CACHE_FILE, CACHE_KIND } from '../../src/graph/cache.js';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import { type SignedFile, writeSignedBytes } from '../../src/graph/signed-file.js';
import { INDEX_FILE, MAX_INDEX_BYTES } from '../../src/search/index-cache.js';
import { openToolIndex } from '../../src/search/open-index.js';
import { embedTools } from '../../src/search/vector/tool-vectors.js';
import { loadStaticModel, MAX_MODEL_BYTES } from '../../src/search/vector/static-model.js';
import { MAX_VECTOR_CACHE_BYTES, vectorCacheFile } from '../../src/search/vector/vector-cache.js';
import { MAX_READ_BYTES, readRegularFile, readRegularFileSync } from '../../src/util/read-file.js';
import { wordPieceTokenizer } from '../helpers/static-model.js';
import { tempDir } from '../helpers/temp-dir.js';
import { WordHashProvider } from '../helpers/word-hash-provider.js';

const GiB = 1024 * 1024 * 1024;
const MiB = 1024 * 1024;
const MEMORY = join(import.meta.dirname, '..', '..', 'graphs', 'tools', 'memory');
const tools = (): Promise<string> =>
  tempDir(
    Object.fromEntries(
      ['create_entities', 'delete_entities', 'read_graph'].map((n) => [`tools/memory/${n}.md`, readFileSync(join(MEMORY, `${n}.md`), 'utf8')]),
    ),
  );
const TEXTS = ['read a file', 'write a file', 'list a folder'];

/** What a run after the cache file was resized reports: the cache codes, whether it rebuilt, the file's size after. */
interface Outcome {
  diagnostics: { code: string; message: string }[];
  rebuilt: boolean;
}

interface Kind {
  cap: number;
  /** What a file at or under the cap (its JSON or header followed by zeros) reports: nothing for a cache whose damage is quiet. */
  underCap?: 'quiet';
  /** A folder with a fresh, valid cache file; returns the folder and the file. */
  setup: () => Promise<{ dir: string; file: string }>;
  run: (dir: string) => Promise<Outcome>;
}

const cacheCodes = (ds: readonly { code: string; message: string }[]) =>
  ds
    .filter((d) => d.code === 'MDKG_FILE_TOO_LARGE' || d.code === 'MDKG_CACHE_CORRUPT' || d.code === 'MDKG_FILE_READ')
    .map(({ code, message }) => ({ code, message }));

const vectors = (cacheName: string): Kind => ({
  cap: MAX_VECTOR_CACHE_BYTES,
  setup: async () => {
    const dir = await tempDir();
    const provider = new WordHashProvider();
    await embedTools(TEXTS, provider, { cacheDir: dir, cacheName });
    return { dir, file: vectorCacheFile(dir, provider.modelId, cacheName) };
  },
  run: async (dir) => {
    const out = await embedTools(TEXTS, new WordHashProvider(), { cacheDir: dir, cacheName });
    return { diagnostics: cacheCodes(out.diagnostics), rebuilt: out.stats.embedded === TEXTS.length && out.vectors !== undefined };
  },
});

const KINDS: Record<string, Kind> = {
  'graph cache': {
    cap: CACHE_KIND.maxBytes,
    setup: async () => {
      const dir = await tools();
      await loadGraph(dir, { racyMs: 0 });
      return { dir, file: join(dir, '.mdkg', CACHE_FILE) };
    },
    run: async (dir) => {
      const kg = await loadGraph(dir, { racyMs: 0 });
      return { diagnostics: cacheCodes(kg.diagnostics), rebuilt: kg.stats.parsed === 3 && kg.store.size > 0 };
    },
  },
  'search index': {
    cap: MAX_INDEX_BYTES,
    setup: async () => {
      const dir = await tools();
      await openToolIndex(dir, { racyMs: 0 });
      return { dir, file: join(dir, '.mdkg', INDEX_FILE) };
    },
    run: async (dir) => {
      const opened = await openToolIndex(dir, { racyMs: 0 });
      const hits = (await opened.index.search('delete entities from the knowledge graph', { limit: 1 })).hits.map((h) => h.id);
      return { diagnostics: cacheCodes(opened.diagnostics), rebuilt: !opened.warm && hits[0] === 'tool:memory/delete_entities' };
    },
  },
  'code state': {
    cap: MAX_CODE_STATE_BYTES,
    underCap: 'quiet',
    setup: async () => {
      const dir = await tempDir({ 'src/a.ts': 'export function a(): number {\n  return 1;\n}\n', 'src/b.ts': 'export const b = 2;\n' });
      const file = join(dir, '.mdkg', 'code-state.json');
      // The clock a minute ahead: every file time is old enough to be trusted.
      const options = { root: dir, outDir: join(dir, 'graphs', 'code'), statePath: file, now: Date.now() + 60_000 };
      await generateCode(options);
      await generateCode(options);
      return { dir, file };
    },
    run: async (dir) => {
      const file = join(dir, '.mdkg', 'code-state.json');
      const report = await generateCode({ root: dir, outDir: join(dir, 'graphs', 'code'), statePath: file, now: Date.now() + 60_000 });
      return { diagnostics: cacheCodes(report.diagnostics), rebuilt: report.files === 2 && report.parsed === 2 };
    },
  },
  'tool vectors': vectors('vectors'),
  'code vectors': vectors(CODE_VECTOR_CACHE),
};

const sizes = (cap: number): [string, number][] => [
  ['cap - 1', cap - 1],
  ['cap', cap],
  ['cap + 1', cap + 1],
  ['2^31 - 1', 2 ** 31 - 1],
  ['2^31', 2 ** 31],
  ['2^31 + 1', 2 ** 31 + 1],
];

const CASES = Object.entries(KINDS).flatMap(([name, kind]) => sizes(kind.cap).map(([label, size]) => [name, label, size, kind] as const));

describe('every cache kind checks its size against its cap before allocating', () => {
  it('documents the caps', () => {
    expect([CACHE_KIND.maxBytes, MAX_INDEX_BYTES, MAX_VECTOR_CACHE_BYTES, MAX_CODE_STATE_BYTES, MAX_READ_BYTES]).toEqual([512 * MiB, GiB, GiB, 256 * MiB, GiB]);
  });

  it.each(CASES)('%s of %s bytes (%d): over the cap a coded warning; ignored and rebuilt, never a crash', async (_name, _label, size, kind) => {
    const { dir, file } = await kind.setup();
    await truncate(file, size);
    const outcome = await kind.run(dir);
    // Over the cap: refused from its size. At or under: its header states another length (the
    // file was extended with zeros), found from the first 4 KiB.
    const tooLarge =
      kind.underCap === 'quiet' ? `${size} bytes; at most ${kind.cap} are read` : `is ${size} bytes, over its limit of ${kind.cap}: ignored unread and rebuilt`;
    const expected =
      size > kind.cap
        ? [{ code: 'MDKG_FILE_TOO_LARGE', message: expect.stringContaining(tooLarge) }]
        : kind.underCap === 'quiet'
          ? []
          : [{ code: 'MDKG_CACHE_CORRUPT', message: expect.stringMatching(/truncated: \d+ of \d+ bytes/) }];
    expect(outcome).toEqual({ diagnostics: expected, rebuilt: true });
    // Rewritten from what was rebuilt: a small, valid file the next run uses quietly.
    expect((await stat(file)).size).toBeLessThan(MiB);
    expect(await kind.run(dir)).toMatchObject({ diagnostics: [] });
  });
});

describe('no read allocates more than MAX_READ_BYTES, whatever cap its caller asks for', () => {
  /** Reads a sparse file of `size` bytes with no cap of its own; `peek` ends an accepted read before it allocates. */
  const read = async (sync: boolean, size: number): Promise<unknown> => {
    const dir = await tempDir();
    const file = join(dir, 'big.bin');
    await writeFile(file, '');
    await truncate(file, size);
    const peek = (_first: Buffer, seen: number): never => {
      throw Object.assign(new Error('accepted'), { seen });
    };
    const options = { maxBytes: Number.MAX_SAFE_INTEGER, peek };
    try {
      return sync ? readRegularFileSync(file, options) : await readRegularFile(file, options);
    } catch (error) {
      return error;
    }
  };

  it.each([
    ['MAX_READ_BYTES - 1', MAX_READ_BYTES - 1],
    ['MAX_READ_BYTES', MAX_READ_BYTES],
    ['MAX_READ_BYTES + 1', MAX_READ_BYTES + 1],
    ['2^31 - 1', 2 ** 31 - 1],
    ['2^31', 2 ** 31],
    ['2^31 + 1', 2 ** 31 + 1],
  ])('a file of %s bytes', async (_label, size) => {
    for (const sync of [true, false]) {
      const outcome = await read(sync, size);
      if (size > MAX_READ_BYTES) expect(outcome).toMatchObject({ code: 'MDKG_FILE_TOO_LARGE', details: { bytes: size, maxBytes: MAX_READ_BYTES } });
      else expect(outcome).toMatchObject({ message: 'accepted', seen: size });
    }
  });

  it.each([
    ['MAX_MODEL_BYTES + 1', MAX_MODEL_BYTES + 1],
    ['2^31', 2 ** 31],
    ['2^31 + 1', 2 ** 31 + 1],
  ])('a static model whose weights are %s bytes is unavailable, unread', async (_label, size) => {
    const dir = await tempDir({ 'tokenizer.json': wordPieceTokenizer(['[UNK]', 'file']), 'model.safetensors': '' });
    await truncate(join(dir, 'model.safetensors'), size);
    await expect(loadStaticModel(dir)).rejects.toMatchObject({
      code: 'MDKG_EMBEDDINGS_UNAVAILABLE',
      message: expect.stringContaining(`model.safetensors has ${size} bytes; at most ${MAX_READ_BYTES} are read`),
    });
  });

  it('writes no signed file a reader would refuse', async () => {
    const dir = await tempDir();
    const kind: SignedFile = { format: 'mdkg-test', version: 1, maxBytes: 300 };
    const file = join(dir, 'x.bin');
    await expect(writeSignedBytes(file, kind, 'k', new Uint8Array(300))).rejects.toMatchObject({ code: 'MDKG_FILE_TOO_LARGE', details: { maxBytes: 300 } });
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    await writeSignedBytes(file, kind, 'k', new Uint8Array(10));
    expect((await stat(file)).size).toBeLessThanOrEqual(300);
  });
});
