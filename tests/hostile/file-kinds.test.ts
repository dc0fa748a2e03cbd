// Files: never follow what should not be followed, never block. Every reader of input files meets
// FIFOs, devices, links and oversized files and answers at once with a coded diagnostic or error.
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, open, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CACHE_FILE } from '../../src/graph/cache.js';
import { describe, expect, it } from 'vitest';
import { readDataset } from '../../src/bench/dataset.js';
import { loadConfig } from '../../src/config.js';
import { isMdkgError } from '../../src/errors.js';
import { generateTools } from '../../src/generate/generate-tools.js';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import { tempDir } from '../helpers/temp-dir.js';

const DOC = '---\nid: concept:a\ntype: Concept\ntitle: A\n---\n# A\n';
const fifo = (path: string): void => void execFileSync('mkfifo', [path]);
async function sparse(path: string, bytes: number): Promise<void> {
  const handle = await open(path, 'w');
  await handle.truncate(bytes);
  await handle.close();
}

/** Each way to put something that is not a regular file (or is too big) where a file is read. */
const KINDS: ReadonlyArray<[string, (path: string, outside: string) => Promise<void>]> = [
  ['a FIFO', async (p) => fifo(p)],
  ['a link to /dev/zero', async (p) => symlink('/dev/zero', p)],
  ['a link to /dev/stdin', async (p) => symlink('/dev/stdin', p)],
  [
    'a link to a FIFO',
    async (p, outside) => {
      fifo(join(outside, 'pipe'));
      await symlink(join(outside, 'pipe'), p);
    },
  ],
  ['a folder', async (p) => mkdir(p)],
  ['a 1 GiB sparse file', async (p) => sparse(p, 1024 ** 3)],
];

async function code(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'ok';
  } catch (error) {
    return isMdkgError(error) ? error.code : `raw ${(error as Error).message}`;
  }
}

describe.each(KINDS)('%s', (_, make) => {
  it('as .mdkgignore: a warning, and the documents still load', async () => {
    const dir = await tempDir({ 'a.md': DOC });
    await make(join(dir, '.mdkgignore'), await tempDir());
    const kg = await loadGraph(dir, { cache: false });
    expect(kg.documents().map((d) => d.path)).toEqual(['a.md']);
    expect(kg.diagnostics.map((d) => `${d.file} ${d.severity}`)).toEqual(['.mdkgignore warning']);
  }, 10_000);

  it('as the parse cache file: a warning, and the documents still load', async () => {
    const dir = await tempDir({ 'a.md': DOC });
    await mkdir(join(dir, '.mdkg'));
    await make(join(dir, '.mdkg', CACHE_FILE), await tempDir());
    const kg = await loadGraph(dir);
    expect(kg.documents().map((d) => d.path)).toEqual(['a.md']);
    expect(kg.diagnostics.every((d) => d.severity === 'warning')).toBe(true);
  }, 10_000);

  it('as dataset.json and as queries.jsonl: MDKG_DATASET_INVALID (MDKG_PATH_ESCAPE for a link leaving the folder)', async () => {
    for (const name of ['dataset.json', 'queries.jsonl']) {
      const dir = await tempDir({ 'tools.json': '{"tools":[]}', 'queries.jsonl': '{"id":"q","query":"x","expected":["t"]}\n' });
      if (name === 'dataset.json') await make(join(dir, name), await tempDir());
      else {
        await writeFile(
          join(dir, 'dataset.json'),
          JSON.stringify({
            name: 'd',
            split: 'dev',
            license: 'MIT',
            origin: 'test',
            catalog: [{ type: 'mcp-tools', path: 'tools.json', source: 's' }],
            queries: 'q2.jsonl',
          }),
        );
        await make(join(dir, 'q2.jsonl'), await tempDir());
      }
      expect(['MDKG_DATASET_INVALID', 'MDKG_PATH_ESCAPE']).toContain(await code(readDataset(dir)));
    }
  }, 10_000);

  it('as a tool list: the source fails with a code, the run goes on', async () => {
    const dir = await tempDir({ 'ok.json': '{"tools":[{"name":"t","inputSchema":{"type":"object"}}]}' });
    await make(join(dir, 'bad.json'), await tempDir());
    const reports = await generateTools(
      [
        { id: 'bad', kind: 'mcp-tools', file: 'bad.json' },
        { id: 'ok', kind: 'mcp-tools', file: 'ok.json' },
      ],
      { outDir: join(dir, 'out'), cwd: dir },
    );
    expect(reports.map((r) => [r.source, r.ok])).toEqual([
      ['bad', false],
      ['ok', true],
    ]);
    expect(['MDKG_FILE_READ', 'MDKG_FILE_TOO_LARGE']).toContain(reports[0]!.diagnostics[0]!.code);
  }, 10_000);

  it('as the config file: MDKG_CONFIG_INVALID', async () => {
    const dir = await tempDir();
    await make(join(dir, 'mdkg.config.yaml'), await tempDir());
    expect(await code(loadConfig(dir))).toBe('MDKG_CONFIG_INVALID');
  }, 10_000);
});

describe('links and folders in the graph folder', () => {
  it('a .mdkg link to a folder elsewhere: the cache is neither read nor written there', async () => {
    const outside = await tempDir();
    const dir = await tempDir({ 'a.md': DOC });
    await symlink(outside, join(dir, '.mdkg'));
    const kg = await loadGraph(dir);
    expect(kg.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([
      'MDKG_PATH_ESCAPE the cache folder is a symbolic link: the cache is neither read nor written',
    ]);
    expect(await readdir(outside)).toEqual([]);
  });

  it('dangling and looping links are reported, the rest loads', async () => {
    const dir = await tempDir({ 'a.md': DOC });
    await symlink(join(dir, 'nowhere.md'), join(dir, 'dangling.md'));
    await symlink(join(dir, 'loop1.md'), join(dir, 'loop2.md'));
    await symlink(join(dir, 'loop2.md'), join(dir, 'loop1.md'));
    const kg = await loadGraph(dir, { cache: false });
    expect(kg.documents().map((d) => d.path)).toEqual(['a.md']);
    expect(kg.diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual([
      'dangling.md MDKG_PATH_ESCAPE',
      'loop1.md MDKG_PATH_ESCAPE',
      'loop2.md MDKG_PATH_ESCAPE',
    ]);
  });

  it.skipIf(process.getuid?.() === 0)('an unreadable subfolder is a diagnostic; the rest loads (skipped as root, who reads anything)', async () => {
    const dir = await tempDir({ 'a.md': DOC, 'locked/b.md': DOC.replace('concept:a', 'concept:b') });
    await chmod(join(dir, 'locked'), 0o000);
    try {
      const kg = await loadGraph(dir, { cache: false });
      expect(kg.documents().map((d) => d.path)).toEqual(['a.md']);
      expect(kg.diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual(['locked MDKG_FILE_READ']);
    } finally {
      await chmod(join(dir, 'locked'), 0o755);
    }
  });

  it.each([
    ['an empty path', '', 'MDKG_USAGE'],
    ['a missing folder', '/nonexistent/mdkg-graphs', 'MDKG_NOT_FOUND'],
    ['/dev/null', '/dev/null', 'MDKG_USAGE'],
  ])('a graph root that is %s: %s', async (_, root, want) => {
    expect(await code(loadGraph(root))).toBe(want);
  });

  it('a graph root that is a file: MDKG_USAGE', async () => {
    const dir = await tempDir({ 'a.md': DOC });
    expect(await code(loadGraph(join(dir, 'a.md')))).toBe('MDKG_USAGE');
  });
});

describe('dataset paths stay inside the dataset folder', () => {
  it.each(['../../../../etc/passwd', '/etc/passwd', 'link.jsonl'])('queries %s: MDKG_PATH_ESCAPE, nothing quoted', async (queries) => {
    const dir = await tempDir({ 'tools.json': '{"tools":[]}' });
    await symlink('/etc/passwd', join(dir, 'link.jsonl'));
    await writeFile(
      join(dir, 'dataset.json'),
      JSON.stringify({ name: 'd', split: 'dev', license: 'MIT', origin: 'test', catalog: [{ type: 'mcp-tools', path: 'tools.json', source: 's' }], queries }),
    );
    let message = '';
    try {
      await readDataset(dir);
    } catch (error) {
      message = `${(error as { code: string }).code} ${(error as Error).message}`;
    }
    expect(message).toMatch(/^MDKG_PATH_ESCAPE .*the queries file must be inside the dataset folder$/);
    expect(message).not.toContain('root:');
  });
});
