// `mdkg search --strategy auto|vector|hybrid` end to end: the config's embeddings section, the
// vector cache in <graphs>/.mdkg, and lexical ranking with a warning when vectors are off.
import { cp, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, runCli } from '../helpers/cli.js';
import { safetensors, wordPieceTokenizer } from '../helpers/static-model.js';
import { tempDir, writeFiles } from '../helpers/temp-dir.js';
import { USE_LITE_INSTALLED } from '../helpers/use-lite.js';

const installed = USE_LITE_INSTALLED;

/** A project folder: a copy of the bundled graphs and, when given, a config. */
async function project(config?: string): Promise<string> {
  const dir = await tempDir(config === undefined ? {} : { 'mdkg.config.yaml': config });
  await cp(join(REPO, 'graphs'), join(dir, 'graphs'), { recursive: true });
  return dir;
}

type Json = { strategy: string; mode: string; hits: { name: string; evidence: { source: string; cosine?: number }[] }[]; diagnostics: { code: string }[] };

describe('mdkg search with vectors', () => {
  it('ranks lexically with a warning when the embedding server is down, and exits 0', async () => {
    const dir = await project(
      ['embeddings:', '  provider: openai-compatible', '  base_url: http://127.0.0.1:9', '  model: m', '  dimensions: 8', '  retries: 0'].join('\n'),
    );
    const { code, stdout } = await runCli(['search', 'list a directory', '--json', '--limit', '2'], dir);
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as Json;
    // The configured default is auto; without vectors it is the lexical ranking.
    expect(result.strategy).toBe('auto');
    expect(result.mode).toBe('lexical+reranked+vector-fallback');
    expect(result.hits.map((h) => h.name)).toEqual(['list_directory', 'list_directory_with_sizes']);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['MDKG_EMBEDDINGS_UNAVAILABLE', 'MDKG_EMBEDDINGS_UNAVAILABLE']);
  });

  it('embeds with a static model from a folder named relative to the config', async () => {
    // A model written for this test: "total" and "sum" share a direction, "disk" and "file" another.
    const vocab = ['[UNK]', 'sum', 'total', 'file', 'disk', 'directory'];
    const rows = [
      [0, 0, 0],
      [1, 0, 0],
      [1, 0, 0],
      [0, 1, 0],
      [0, 1, 0],
      [0, 0, 1],
    ];
    const dir = await project('embeddings:\n  provider: static\n  path: models/tiny\n  strategy: vector\n');
    await writeFiles(dir, {
      'models/tiny/tokenizer.json': wordPieceTokenizer(vocab),
      'models/tiny/model.safetensors': safetensors(rows),
      'models/tiny/config.json': '{"normalize": true}',
    });
    const { code, stdout } = await runCli(['search', 'the total', '--json', '--limit', '1'], dir);
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as Json;
    expect(result.strategy).toBe('vector');
    expect(result.hits[0]?.name).toBe('get-sum');
    expect(result.hits[0]?.evidence.find((e) => e.source === 'vector')?.cosine).toBeGreaterThan(0.5);
    expect((await readdir(join(dir, 'graphs', '.mdkg'))).filter((f) => f.startsWith('vectors-'))).toHaveLength(1);
  });

  it('refuses an invalid embeddings section', async () => {
    const dir = await project('embeddings:\n  provider: use-lite\n  model: x\n');
    const { code, stderr } = await runCli(['search', 'list a directory'], dir);
    expect(code).toBe(1);
    expect(stderr).toContain('MDKG_CONFIG_INVALID');
    expect(stderr).toContain("'embeddings.model' is for provider openai-compatible, not use-lite");
  });

  it.skipIf(!installed)('embeds the tools once with use-lite, caches the vectors, and shows the cosine', async () => {
    const dir = await project();
    const first = await runCli(['search', 'what is the total of 3 and 4', '--strategy', 'auto', '--json', '--limit', '3'], dir);
    expect(first.code).toBe(0);
    const result = JSON.parse(first.stdout) as Json;
    expect(result.hits[0]?.name).toBe('get-sum');
    expect(result.hits[0]?.evidence.find((e) => e.source === 'vector')?.cosine).toBeGreaterThan(0.3);
    expect((await readdir(join(dir, 'graphs', '.mdkg'))).filter((f) => f.startsWith('vectors-'))).toHaveLength(1);
    const again = await runCli(['search', 'what is the total of 3 and 4', '--strategy', 'auto', '--json', '--limit', '3'], dir);
    expect(JSON.parse(again.stdout)).toEqual(result);
    const table = await runCli(['search', 'what is the total of 3 and 4', '--strategy', 'vector', '--limit', '1'], dir);
    expect(table.stdout).toMatch(/tool:everything\/get-sum .* cosine 0\.\d\d/);
    expect(table.stdout).toContain('strategy: vector · mode: vector');
  });
});

describe('mdkg bench --vector-cache', () => {
  it('keeps the vectors in the folder given and embeds nothing again on the next run, with the same results', async () => {
    // Every word maps to [UNK] or "file": a model written for this test, enough to give each tool a vector.
    const dir = await project('embeddings:\n  provider: static\n  path: models/tiny\n');
    await writeFiles(dir, {
      'models/tiny/tokenizer.json': wordPieceTokenizer(['[UNK]', 'file']),
      'models/tiny/model.safetensors': safetensors([
        [0, 1],
        [1, 0],
      ]),
      'models/tiny/config.json': '{"normalize": true}',
    });
    const tiny = join(REPO, 'tests', 'fixtures', 'bench', 'tiny');
    const run = () => runCli(['bench', tiny, '--strategy', 'vector', '--vector-cache', 'vectors', '--quiet', '--json', '-'], dir);
    const first = await run();
    expect(first.code).toBe(0);
    const files = (await readdir(join(dir, 'vectors'))).filter((f) => f.startsWith('vectors-'));
    expect(files).toHaveLength(1);
    const written = (await stat(join(dir, 'vectors', files[0]!))).mtimeMs;
    const second = await run();
    expect(second.code).toBe(0);
    expect((await stat(join(dir, 'vectors', files[0]!))).mtimeMs).toBe(written);
    const hits = (out: string) =>
      (JSON.parse(out) as { datasets: { runs: { queries: { hits: { id: string }[] }[] }[] }[] }).datasets[0]?.runs[0]?.queries.map((q) =>
        q.hits.map((h) => h.id),
      );
    expect(hits(second.stdout)).toEqual(hits(first.stdout));
    expect(hits(first.stdout)?.length).toBeGreaterThan(0);
  });
});
