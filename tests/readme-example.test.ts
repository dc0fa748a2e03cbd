// The README's library example compiles against the real public API (src/index.ts): the code
// block of "## Library API" is type-checked with the project's compiler and settings.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

describe('README', () => {
  it('the library example type-checks against src/index.ts', async () => {
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Library API'));
    const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    expect(code).toContain("from 'mdkg'");
    const dir = await mkdtemp(join(tmpdir(), 'mdkg-readme-'));
    try {
      await writeFile(join(dir, 'example.mts'), code!.replaceAll("from 'mdkg'", `from ${JSON.stringify(join(ROOT, 'src', 'index.js'))}`));
      const config = {
        extends: join(ROOT, 'tsconfig.json'),
        compilerOptions: { noEmit: true, rootDir: '/', typeRoots: [join(ROOT, 'node_modules', '@types')], noUnusedLocals: false },
        include: [join(dir, 'example.mts'), join(ROOT, 'src', 'lexicon', 'wink-porter2-stemmer.d.ts')],
      };
      await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(config));
      const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(dir, 'tsconfig.json')], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(`${tsc.stdout}${tsc.stderr}`.trim()).toBe('');
      expect(tsc.status).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
