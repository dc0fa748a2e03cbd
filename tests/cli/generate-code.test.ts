import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const FILES = {
  '.gitignore': 'ignored/\n',
  'src/a.ts': '/** Greets. */\nexport function greet(name: string): string {\n  return name;\n}\n',
  'src/b.py': 'def f():\n    pass\n',
  'ignored/c.ts': 'export const x = 1;\n',
};

describe('mdkg generate code', () => {
  it('writes documents under graphs/code, reports counts as a table or JSON, and re-runs incrementally', async () => {
    const dir = await tempDir(FILES);
    const first = await runCli(['generate', 'code'], dir);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout.split('\n').slice(0, 3)).toEqual([
      'files  parsed  symbols  added  updated  removed  unchanged  kept',
      '-----  ------  -------  -----  -------  -------  ---------  ----',
      '2      2       2        2      0        0        0          0',
    ]);
    expect(readFileSync(join(dir, 'graphs/code/src/a.ts.md'), 'utf8')).toContain('    qualified_name: greet\n');
    await rm(join(dir, 'src/b.py'));
    const second = await runCli(['generate', 'code', 'src', '--json'], dir);
    const report = JSON.parse(second.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({ files: 1, parsed: 0, symbols: 1, counts: { added: 0, updated: 0, removed: 1, unchanged: 1 }, removed: ['src/b.py.md'] });
    expect(report.out).toBe(join(dir, 'graphs', 'code'));
  });

  it('takes --out, and paths relative to a folder outside the project', async () => {
    const project = await tempDir();
    const elsewhere = await tempDir({ 'lib/x.go': 'package x\n\nfunc X() {}\n' });
    const r = await runCli(['generate', 'code', elsewhere, '--out', 'docs-out', '--json'], project);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ files: 1, added: ['lib/x.go.md'] });
    expect(readFileSync(join(project, 'docs-out/lib/x.go.md'), 'utf8')).toContain('id: code:lib/x.go\n');
  });

  it.each([
    [['generate', 'code', 'a', 'b'], 'mdkg generate: MDKG_USAGE one folder at a time\n'],
    [['generate', 'code', '--source-id', 'x'], 'mdkg generate: MDKG_USAGE --source-id and --kind are for generate tools\n'],
    [['generate', 'nothing'], "mdkg generate: MDKG_USAGE what to generate: 'mdkg generate tools' or 'mdkg generate code' (see 'mdkg help generate')\n"],
  ])('refuses %j', async (argv, stderr) => {
    const r = await runCli(argv, await tempDir());
    expect([r.code, r.stderr]).toEqual([2, stderr]);
  });

  it('reports a missing folder with a coded error', async () => {
    const r = await runCli(['generate', 'code', 'missing'], await tempDir());
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^mdkg generate: .*MDKG_NOT_FOUND/);
  });
});

/** Modules a file imports statically (dynamic `import()` excluded), as repository paths. */
function staticImports(file: string): string[] {
  const code = readFileSync(join(REPO, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
  return [...code.matchAll(/^(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|^import\s*['"]([^'"]+)['"]/gm)]
    .filter((m) => !/^(import|export)\s+type\b/.test(m[0]))
    .map((m) => m[1] ?? m[2] ?? '')
    .map((s) => (s.startsWith('.') ? relative(REPO, resolve(REPO, dirname(file), s)).replace(/\.js$/, '.ts') : s));
}

describe('lazy loading', () => {
  it('neither mdkg --help nor generate tools loads tree-sitter: only a dynamic import reaches it', () => {
    const seen = new Set<string>();
    const stack = ['src/cli/main.ts', 'src/cli/commands/generate.ts'];
    while (stack.length > 0) {
      const file = stack.pop() ?? '';
      if (seen.has(file)) continue;
      seen.add(file);
      if (file.startsWith('src/')) stack.push(...staticImports(file).filter((s) => s.startsWith('src/') || s === 'web-tree-sitter'));
    }
    expect(seen.has('src/cli/commands/generate.ts')).toBe(true);
    expect([...seen].filter((f) => f === 'web-tree-sitter' || f.startsWith('src/ingest/code/') || f.startsWith('src/ingest/mcp/'))).toEqual([]);
  });
});
