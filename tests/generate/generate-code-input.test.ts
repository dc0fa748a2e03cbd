// Issue 25 rows 11–13: generated output is never input (an output folder holding the folder indexed
// is refused, one inside it is not walked and said so, a generated document anywhere is skipped);
// generation writes only where loading reads (the loader's one rule, graph/scan.ts loadingSkips);
// every entry a run skips is named in its diagnostics, in `generate code` and reindex_codebase.
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import '../helpers/fast-check-seed.js';
import { reindexCodebase } from '../../src/code-search/reindex.js';
import { codeRunOptions } from '../../src/generate/code-run.js';
import { codeDocumentPath } from '../../src/generate/code-paths.js';
import { generateCode } from '../../src/generate/generate-code.js';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import { loadingSkips } from '../../src/graph/scan.js';
import { runCli } from '../helpers/cli.js';
import { makeSkippedEntries } from '../helpers/skipped-entries.js';
import { tempDir, tree } from '../helpers/temp-dir.js';

const SOURCES = {
  'src/a.ts': 'export function alpha(): number {\n  return 1;\n}\n',
  'src/lib/b.py': 'def beta():\n    pass\n',
  'graphs/readme.md': '# Graph\n',
};

const json = (stdout: string) => JSON.parse(stdout) as { files: number; added: string[]; diagnostics: unknown[]; counts: Record<string, number> };

describe('generated output is never input (row 11)', () => {
  it.each([
    ['the folder indexed itself', ['src', '--out', 'src']],
    ['a folder above it', ['src/lib', '--out', 'src']],
    ['the project folder', ['src', '--out', '.']],
    ['the project folder, indexing all of it', ['.', '--out', '.']],
  ])('refuses an output folder that is %s, and writes nothing', async (_what, args) => {
    const dir = await tempDir(SOURCES);
    const r = await runCli(['generate', 'code', ...args], dir);
    expect(r.code).toBe(2);
    const [out, indexed] = [join(dir, args[2] as string), join(dir, args[0] as string)];
    expect(r.stderr).toBe(
      `mdkg generate: MDKG_USAGE the output folder ${out} ${out === indexed ? 'is' : 'holds'} the folder indexed (${indexed}): its documents would be read back as sources on every run; write them elsewhere (the default is <graphs>/code)\n`,
    );
    expect([...(await tree(dir)).keys()].sort()).toEqual(Object.keys(SOURCES).sort());
  });

  // Every pair of folder indexed and output folder in a small tree: refused exactly when the output
  // folder is the folder indexed or above it; otherwise three runs find the same files (the sources
  // under the folder indexed and not under the output folder, which is never walked), and the
  // second and third write nothing.
  const STARTS = ['.', 'src', 'src/lib'];
  const OUTS = ['.', 'src', 'src/lib', 'src/gen', 'src/lib/gen', 'gen', 'graphs/code', 'graphs/x'];
  const under = (path: string, folder: string): boolean => folder === '.' || path.startsWith(`${folder}/`);
  const above = (out: string, start: string): boolean => out === start || under(start, out);
  it.each(STARTS.flatMap((start) => OUTS.map((out) => [start, out] as const)))(
    'indexing %s into %s: refused, or the same files on every run',
    async (start, out) => {
      const dir = await tempDir(SOURCES);
      const found = ['src/a.ts', 'src/lib/b.py'].filter((p) => under(p, start) && !under(p, out)).length;
      for (let run = 0; run < 3; run += 1) {
        const r = await runCli(['generate', 'code', start, '--out', out, '--json'], dir);
        if (above(out, start)) {
          expect([r.code, r.stdout, r.stderr.startsWith('mdkg generate: MDKG_USAGE the output folder')]).toEqual([2, '', true]);
          return;
        }
        expect(r.code).toBe(0);
        const report = json(r.stdout);
        expect(report.files).toBe(found);
        expect(report.counts).toMatchObject(run === 0 ? { added: found, updated: 0 } : { added: 0, updated: 0, removed: 0 });
      }
    },
  );

  it('an output folder inside the folder indexed is not walked, and said so: three runs, the same files', async () => {
    const dir = await tempDir(SOURCES);
    const note = {
      code: 'MDKG_GENERATED_INPUT',
      severity: 'info',
      message: 'the output folder lies inside the folder indexed: it is not read as sources',
      file: 'src/gen',
    };
    for (let run = 0; run < 3; run += 1) {
      const r = await runCli(['generate', 'code', '.', '--out', 'src/gen', '--json'], dir);
      expect(r.code).toBe(0);
      expect(json(r.stdout)).toMatchObject({ files: 2, diagnostics: [note] });
      expect([...(await tree(join(dir, 'src/gen'))).keys()].sort()).toEqual(['src/a.ts.md', 'src/lib/b.py.md']);
    }
  });

  it('a document mdkg generated is never read as a source, wherever it lies, on every run (state kept or not)', async () => {
    const dir = await tempDir(SOURCES);
    expect((await runCli(['generate', 'code', 'src'], dir)).code).toBe(0);
    // An earlier run's documents, moved among the sources (a former --out), one of them edited by hand.
    cpSync(join(dir, 'graphs/code/src'), join(dir, 'src/old'), { recursive: true });
    writeFileSync(join(dir, 'src/old/lib/b.py.md'), '\nedited\n', { flag: 'a' });
    writeFileSync(join(dir, 'src/notes.md'), '# Notes\n\nhand-written, read as text.\n');
    const notes = ['src/old/a.ts.md', 'src/old/lib/b.py.md'].map((file) => ({
      code: 'MDKG_GENERATED_INPUT',
      severity: 'info',
      message: 'a document mdkg generated: not read as a source',
      file,
    }));
    for (let run = 0; run < 3; run += 1) {
      const r = await runCli(['generate', 'code', 'src', '--json'], dir);
      expect(r.code).toBe(0);
      expect(json(r.stdout)).toMatchObject({ files: 3, diagnostics: notes });
      expect([...(await tree(join(dir, 'graphs/code'))).keys()].sort()).toEqual(['src/a.ts.md', 'src/lib/b.py.md', 'src/notes.md.md']);
    }
  });
});

describe('generation writes only where loading reads (row 12)', () => {
  it('generate code node_modules/n3/src: the documents load, and code commands find them', async () => {
    const dir = await tempDir({ 'node_modules/n3/src/N3Lexer.js': 'export class N3Lexer {\n  tokenize() {}\n}\n', 'graphs/readme.md': '# Graph\n' });
    const r = await runCli(['generate', 'code', 'node_modules/n3/src', '--json'], dir);
    expect([r.code, json(r.stdout).added]).toEqual([0, ['%6Eode_modules/n3/src/N3Lexer.js.md']]);
    const found = await runCli(['search-by-symbol', 'N3Lexer', '--json'], dir);
    expect(found.code).toBe(0);
    expect((JSON.parse(found.stdout) as { hits: { file: string; qualifiedName: string }[] }).hits.map((h) => [h.file, h.qualifiedName])).toEqual([
      ['node_modules/n3/src/N3Lexer.js', 'N3Lexer'],
    ]);
    const structure = await runCli(['get-file-structure', 'node_modules/n3'], dir);
    expect(structure.stdout).toBe(
      'node_modules/n3/  1 files, 2 symbols\n  node_modules/n3/src/  1 files, 2 symbols\n    N3Lexer.js  3 lines, 2 symbols: class N3Lexer\n',
    );
  });

  it.each([
    [
      'an output folder in a hidden folder',
      {},
      ['src', '--out', 'graphs/.hidden'],
      "documents written to .hidden/src would never be loaded: loading never enters '.hidden' (hidden or node_modules)",
    ],
    [
      'an output folder named node_modules',
      {},
      ['src', '--out', 'graphs/node_modules'],
      "documents written to node_modules/src would never be loaded: loading never enters 'node_modules' (hidden or node_modules)",
    ],
    [
      'a folder .mdkgignore ignores',
      { 'graphs/.mdkgignore': 'code/src/\n' },
      ['src'],
      'documents written to code/src would never be loaded: .mdkgignore ignores code/src/',
    ],
    [
      'an output folder .mdkgignore ignores',
      { 'graphs/.mdkgignore': 'gen\n' },
      ['src', '--out', 'graphs/gen'],
      'documents written to gen/src would never be loaded: .mdkgignore ignores gen/',
    ],
  ])('refuses %s with MDKG_OUTPUT_NOT_LOADED, and writes nothing', async (_what, extra, args, message) => {
    const dir = await tempDir({ ...SOURCES, ...extra });
    const r = await runCli(['generate', 'code', ...args], dir);
    expect([r.code, r.stderr]).toEqual([1, `mdkg generate: MDKG_OUTPUT_NOT_LOADED ${message}\n`]);
    expect([...(await tree(dir)).keys()].sort()).toEqual(Object.keys({ ...SOURCES, ...extra }).sort());
  });

  it('a document .mdkgignore would hide is not written, with a warning naming its source', async () => {
    const dir = await tempDir({ ...SOURCES, 'graphs/.mdkgignore': '*.py.md\n' });
    const r = await runCli(['generate', 'code', '--json'], dir);
    expect(json(r.stdout)).toMatchObject({
      added: ['src/a.ts.md'],
      diagnostics: [
        { code: 'MDKG_OUTPUT_NOT_LOADED', severity: 'warning', message: 'no document written: .mdkgignore ignores code/src/lib/b.py.md', file: 'src/lib/b.py' },
      ],
    });
  });

  it('property: every code document path is one an empty graph folder loads, whatever the source path', async () => {
    const graphs = await tempDir();
    const skips = await loadingSkips(graphs);
    const segment = fc.oneof(
      fc.constantFrom('node_modules', '.git', '.mdkg', '.', '..', '...', 'con', 'NODE_MODULES', '.hidden', 'node_modules.ts'),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
    );
    const path = fc
      .array(
        segment.filter((s) => !s.includes('/')),
        { minLength: 1, maxLength: 4 },
      )
      .map((parts) => parts.join('/'));
    fc.assert(
      fc.property(path, (p) => {
        expect(skips(`code/${codeDocumentPath(p)}`)).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });
});

describe('every skipped entry is named (row 13)', () => {
  async function project(): Promise<{ dir: string; expected: unknown[] }> {
    const outside = await tempDir({ 'stolen.ts': 'export const secret = 1;\n' });
    const dir = await tempDir({ 'src/a.ts': 'export const a = 1;\n', 'graphs/readme.md': '# Graph\n' });
    const expected = [...makeSkippedEntries(dir, 'src', join(outside, 'stolen.ts')), ...makeSkippedEntries(dir, 'src/zz', join(outside, 'stolen.ts'))];
    return { dir, expected };
  }

  it('generate code: in the report, on every run (the second from the kept state)', async () => {
    const { dir, expected } = await project();
    const options = await codeRunOptions({ dir: join(dir, 'src'), projectDir: dir, graphsDir: join(dir, 'graphs') });
    for (let run = 0; run < 2; run += 1) {
      const report = await generateCode({ ...options, now: Date.now() + 60_000 });
      expect(report.diagnostics).toEqual(expected);
      expect(report.files).toBe(1);
    }
    expect(existsSync(join(dir, '.mdkg'))).toBe(true);
  });

  it('generate code on the command line: one line each on stderr, the run succeeds', async () => {
    const { dir, expected } = await project();
    const r = await runCli(['generate', 'code', 'src'], dir);
    expect(r.code).toBe(0);
    expect(r.stderr.split('\n').filter((l) => l !== '')).toHaveLength(expected.length);
    for (const d of expected as { code: string; file: string }[]) expect(r.stderr).toContain(d.code);
  });

  it("reindex_codebase: in its result's diagnostics", async () => {
    const { dir, expected } = await project();
    mkdirSync(join(dir, 'graphs'), { recursive: true });
    const kg = await loadGraph(join(dir, 'graphs'));
    const report = await reindexCodebase(kg, { projectDir: dir, graphsDir: kg.root, dir: join(dir, 'src') });
    expect(report.diagnostics).toEqual(expected);
    expect(report.files).toBe(1);
  });
});
