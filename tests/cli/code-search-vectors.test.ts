// `mdkg search-code --strategy ...` end to end on the code-project: a static model named by the
// config's embeddings section, the code vectors cached in <graphs>/.mdkg, lexical ranking with a
// warning when the provider is down, and a usage error for an unknown strategy.
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { codeStaticModelDir } from '../helpers/code-static-model.js';
import { codeProject } from '../helpers/code-project.js';
import { tempDir, writeFiles } from '../helpers/temp-dir.js';

type Json = { strategy?: string; mode?: string; hits: { id: string }[]; diagnostics: { code: string }[] };

async function project(embeddings?: string[]): Promise<string> {
  const dir = await tempDir();
  await codeProject(dir);
  if (embeddings !== undefined) await writeFiles(dir, { 'mdkg.config.yaml': ['graphs: graphs', 'embeddings:', ...embeddings.map((l) => `  ${l}`)].join('\n') });
  return dir;
}

describe('mdkg search-code with vectors', () => {
  it('uses the configured static model (default strategy auto) and caches the code vectors', async () => {
    const model = await codeStaticModelDir();
    const dir = await project(['provider: static', `path: ${JSON.stringify(model)}`]);
    const r = await runCli(['search-code', 'scramble', '--json', '--limit', '1'], dir);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Json;
    expect([out.strategy, out.mode, out.hits.map((h) => h.id), out.diagnostics]).toEqual([
      'auto',
      'auto:lexical-weak',
      ['src/util/crypto.ts#hashPassword'],
      [],
    ]);
    expect((await readdir(join(dir, 'graphs', '.mdkg'))).filter((f) => f.startsWith('code-vectors-'))).toHaveLength(1);
    // The first run embedded every symbol: a progress line on stderr (not a terminal: one line); the next run reads the cache, silently.
    expect(r.stderr).toMatch(/^embedding 0 of \d+ code symbols \(0%\)\n$/);
    expect((await runCli(['search-code', 'scramble', '--json', '--limit', '1'], dir)).stderr).toBe('');
    const lexical = JSON.parse((await runCli(['search-code', 'scramble', '--json', '--strategy', 'lexical'], dir)).stdout) as Json;
    expect([lexical.strategy, lexical.hits]).toEqual(['lexical', []]);
    await rm(model, { recursive: true, force: true });
  }, 30_000);

  it('ranks lexically with a warning when the embedding server is down, and exits 0', async () => {
    const dir = await project(['provider: openai-compatible', 'base_url: http://127.0.0.1:9', 'model: m', 'dimensions: 8', 'retries: 0']);
    const r = await runCli(['search-code', 'hash a password', '--json', '--limit', '1'], dir);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Json;
    expect([out.strategy, out.mode, out.hits.map((h) => h.id)]).toEqual(['auto', 'vector-fallback', ['src/util/crypto.ts#hashPassword']]);
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MDKG_EMBEDDINGS_UNAVAILABLE', 'MDKG_EMBEDDINGS_UNAVAILABLE']);
  }, 30_000);

  it('refuses an unknown strategy', async () => {
    const dir = await project();
    const r = await runCli(['search-code', 'x', '--strategy', 'semantic'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--strategy must be one of lexical, vector, hybrid, auto, got 'semantic'");
  }, 30_000);
});

describe('mdkg validate-symbol-relevance with embeddings', () => {
  it('counts the cosine of the configured model (the larger similarity)', async () => {
    const model = await codeStaticModelDir();
    const dir = await project(['provider: static', `path: ${JSON.stringify(model)}`]);
    const r = await runCli(['validate-symbol-relevance', 'scramble', 'hashPassword', '--json'], dir);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { results: { lexical: number; cosine: number; similarity: number; method: string; verdict: string }[] };
    expect(report.results.map((x) => [x.lexical, x.cosine, x.similarity, x.method, x.verdict])).toEqual([[0, 1, 1, 'lexical+vector', 'accepted']]);
  }, 30_000);
});
