// search-code from the CLI with the persisted code index (code-index-cache.ts): the first call
// writes <graphs>/.mdkg/code-index.bin, a warm call prints the same, a tampered file is rebuilt
// with a warning, and --no-cache neither reads nor writes it.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_INDEX_FILE } from '../../src/code-search/code-index-cache.js';
import { runCli } from '../helpers/cli.js';
import { codeProject } from '../helpers/code-project.js';

let dir: string;
let file: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mdkg-cli-code-index-'));
  await codeProject(dir);
  file = join(dir, 'graphs', '.mdkg', CODE_INDEX_FILE);
}, 30_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const ask = () => runCli(['search-code', 'session', 'store', 'lookup', '--json'], dir);

describe('search-code with the persisted code index', () => {
  it('writes the index on the first call and answers the same from it', async () => {
    const uncached = await runCli(['search-code', 'session', 'store', 'lookup', '--json', '--no-cache'], dir);
    expect(existsSync(file)).toBe(false);
    const cold = await ask();
    expect(existsSync(file)).toBe(true);
    const warm = await ask();
    expect(cold).toEqual(uncached);
    expect(warm).toEqual(cold);
    expect(warm.code).toBe(0);
  });

  it('rebuilds a tampered index with MDKG_CACHE_CORRUPT on stderr and the same answer', async () => {
    const before = await ask();
    const bytes = await readFile(file);
    bytes[bytes.length - 3] = bytes[bytes.length - 3]! ^ 0x55;
    await writeFile(file, bytes);
    const r = await runCli(['search-code', 'session', 'store', 'lookup'], dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('MDKG_CACHE_CORRUPT');
    expect(r.stderr).toContain(`code index ${CODE_INDEX_FILE} is corrupt`);
    expect(await ask()).toEqual(before);
  });
});
