// The README's library example compiles against the real public API (src/index.ts): every ts code
// block of "## Library API" is type-checked with the project's compiler and settings, imports of
// 'mdkg' pointed at src/index.ts. A control file with a known type error goes through the same run,
// so a check that compiles nothing (a wrong include, 'mdkg' resolving to any) fails too. The example
// is not run: it writes graphs/.mdkg/ and graphs/tools and reads a petstore.json the repo lacks.
// TypeScript 7 (the native compiler) has no ts.createProgram, so its own tsc is run instead.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const INDEX = JSON.stringify(join(ROOT, 'src', 'index.js'));

/** The ```ts blocks between "## Library API" and the next "## " heading. */
function libraryBlocks(readme: string): string[] {
  const start = readme.indexOf('\n## Library API\n');
  expect(start).toBeGreaterThan(-1);
  const next = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, next === -1 ? undefined : next);
  return [...section.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

/** `from 'mdkg'` / `from "mdkg"` (and `import('mdkg')`) pointed at src/index.ts. */
function pointAtSource(code: string): string {
  return code.replace(/(\bfrom\s*|\bimport\s*\(\s*)(['"])mdkg\2/g, (_m, lead: string) => `${lead}${INDEX}`);
}

describe('README', () => {
  it('the library example type-checks against src/index.ts', async () => {
    const blocks = libraryBlocks(await readFile(join(ROOT, 'README.md'), 'utf8'));
    expect(blocks).not.toEqual([]);
    expect(blocks.some((code) => /\bfrom\s*['"]mdkg['"]/.test(code))).toBe(true);
    const files = blocks.map((code, i) => [`example-${i + 1}.mts`, pointAtSource(code)] as const);
    for (const [, code] of files) expect(code).not.toMatch(/['"]mdkg['"]/);

    const dir = await mkdtemp(join(tmpdir(), 'mdkg-readme-'));
    try {
      for (const [name, code] of files) await writeFile(join(dir, name), code);
      // the control: loadGraph takes a folder path, not a number (TS2345 at line 2, column 17)
      await writeFile(join(dir, 'control.mts'), `import { loadGraph } from ${INDEX};\nawait loadGraph(42);\n`);
      const config = {
        extends: join(ROOT, 'tsconfig.json'),
        // noUnusedLocals off: the example names results it does not use again
        compilerOptions: { noEmit: true, rootDir: '/', typeRoots: [join(ROOT, 'node_modules', '@types')], noUnusedLocals: false },
        include: [...files.map(([name]) => join(dir, name)), join(dir, 'control.mts'), join(ROOT, 'src', 'lexicon', 'wink-porter2-stemmer.d.ts')],
      };
      await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(config));
      const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json', '--pretty', 'false'], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 60_000,
      });
      const output = `${tsc.stdout}${tsc.stderr}`.trim();
      const errors = output.split('\n').filter((line) => /^\S+\(\d+,\d+\): error TS\d+/.test(line));
      // every line of the output is a diagnostic, and the only one is the control's
      expect(output.split('\n'), output).toEqual(errors);
      expect(
        errors.map((line) => /^(\S+)\((\d+,\d+)\): error (TS\d+)/.exec(line)!.slice(1)),
        output,
      ).toEqual([['control.mts', '2,17', 'TS2345']]);
      expect(tsc.status).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
