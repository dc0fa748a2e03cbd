// Issue 25 row 10: the text of get_file_structure and get_repo_map has exactly one line per entry,
// whatever the file, folder and symbol names hold (line feeds, carriage returns, tabs, C0/C1
// controls, bidi overrides, line separators): every name goes through escapeForTerminal.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import '../helpers/fast-check-seed.js';
import { type CodeCatalog, CodeIndex, type CodeSymbolRecord } from '../../src/code-search/code-index.js';
import { fileStructure, renderStructure, type StructureFolder } from '../../src/code-search/file-structure.js';
import { repoMap } from '../../src/code-search/repo-map.js';
import { TERMINAL_UNSAFE } from '../../src/util/terminal-text.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

/** Strings drawn mostly from the characters that could forge a line, mixed with plain ones. */
const HOSTILE = ['\n', '\r', '\t', '\u0000', '\u001b', '\u0085', '\u009b', '\u2028', '\u2029', '\u202e', '\u2066', '\ufeff', '\u200b', 'a', 'é', ' ', '.'];
const name = fc.oneof(
  fc.string({ unit: fc.constantFrom(...HOSTILE), minLength: 1, maxLength: 8 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }),
);
/** A file path: 1–3 segments, none empty, none holding `/`. */
const path = fc
  .array(
    name.map((n) => n.replaceAll('/', '_')),
    { minLength: 1, maxLength: 3 },
  )
  .map((parts) => parts.join('/'));
const symbol = fc.record({ name, kind: fc.constantFrom('function', 'class', 'method'), signature: fc.oneof(fc.constant(''), name) });

function catalogOf(files: { path: string; symbols: { name: string; kind: string; signature: string }[] }[]): CodeCatalog {
  const symbols: CodeSymbolRecord[] = [];
  const records = files.map((f, i) => {
    const own = f.symbols.map((s, j) => {
      symbols.push({
        iri: `urn:s:${i}:${j}`,
        file: i,
        name: s.name,
        qualifiedName: s.name,
        kind: s.kind,
        signature: s.signature,
        doc: '',
        startLine: j + 1,
        endLine: j + 1,
        parent: -1,
        calls: [],
      });
      return symbols.length - 1;
    });
    return { iri: `urn:f:${i}`, path: f.path, language: 'typescript', lines: 10, symbols: own, imports: [] };
  });
  return { files: records, symbols, fileCalls: new Map() };
}

const files = fc.uniqueArray(fc.record({ path, symbols: fc.array(symbol, { maxLength: 3 }) }), { minLength: 1, maxLength: 6, selector: (f) => f.path });

function entries(folder: StructureFolder): number {
  return 1 + (folder.entries?.length ?? 0) + (folder.folders ?? []).reduce((n, f) => n + entries(f), 0);
}

const unsafeLine = new RegExp(TERMINAL_UNSAFE.source, 'u');

describe('code structure text', () => {
  it('get_file_structure: one line per folder and file, no unsafe character on any line', () => {
    fc.assert(
      fc.property(files, fc.integer({ min: 0, max: 4 }), (list, depth) => {
        const tree = fileStructure(new CodeIndex(catalogOf(list)), { depth })!;
        const text = renderStructure(tree);
        const lines = text.split('\n');
        expect(lines.pop()).toBe('');
        expect(lines).toHaveLength(entries(tree));
        for (const line of lines) expect(line).not.toMatch(unsafeLine);
      }),
      { numRuns: 300 },
    );
  });

  it('get_repo_map: one line per file and per symbol listed, no unsafe character on any line', () => {
    fc.assert(
      fc.property(files, (list) => {
        const map = repoMap(new CodeIndex(catalogOf(list)), { budgetTokens: 100_000 });
        const lines = map.text.split('\n');
        expect(lines.pop()).toBe('');
        expect(lines).toHaveLength(new Set(map.symbols.map((s) => s.file)).size + map.symbols.length);
        for (const line of lines) expect(line).not.toMatch(unsafeLine);
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    ['a line feed', 'a\nb.ts', 'a\\nb.ts'],
    ['a carriage return', 'a\rb.ts', 'a\\rb.ts'],
    ['an escape sequence', 'a\u001b[2Jb.ts', 'a\\x1b[2Jb.ts'],
    ['a bidi override', 'a\u202eb.ts', 'a\\u202eb.ts'],
    ['a C1 control', 'a\u009bb.ts', 'a\\x9bb.ts'],
    ['a line separator', 'a\u2028b.ts', 'a\\u2028b.ts'],
  ])('a file name with %s is one escaped line', (_what, file, shown) => {
    const index = new CodeIndex(catalogOf([{ path: `src/${file}`, symbols: [{ name: 'f\nx', kind: 'function', signature: '' }] }]));
    expect(renderStructure(fileStructure(index)!)).toBe(
      `./  1 files, 1 symbols\n  src/  1 files, 1 symbols\n    ${shown}  10 lines, 1 symbols: function f\\nx\n`,
    );
    expect(repoMap(index).text).toBe(`src/${shown}\n  1: function f\\nx\n`);
  });

  it('a signature over several lines is one line of the map', () => {
    const index = new CodeIndex(
      catalogOf([{ path: 'a.ts', symbols: [{ name: 'f', kind: 'function', signature: 'function f(\n  a: number,\n  b: string,\n)' }] }]),
    );
    expect(repoMap(index).text).toBe('a.ts\n  1: function f( a: number, b: string, )\n');
  });

  it('mdkg get-file-structure and get-repo-map on real files named with a line feed and an escape sequence', async () => {
    const dir = await tempDir({ 'src/x\nfake.ts': 'export function a() {}\n', 'src/y\u001b[2J.ts': 'export function b() {}\n', 'graphs/readme.md': '# G\n' });
    expect((await runCli(['generate', 'code', 'src'], dir)).code).toBe(0);
    expect((await runCli(['get-file-structure'], dir)).stdout).toBe(
      './  2 files, 2 symbols\n  src/  2 files, 2 symbols\n    x\\nfake.ts  1 lines, 1 symbols: function a\n    y\\x1b[2J.ts  1 lines, 1 symbols: function b\n',
    );
    expect((await runCli(['get-repo-map'], dir)).stdout).toBe(
      'src/x\\nfake.ts\n  1: function a()\nsrc/y\\x1b[2J.ts\n  1: function b()\n(2 symbols, ~17 of 1024 tokens)\n',
    );
  });
});
