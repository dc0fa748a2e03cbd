import { describe, expect, it } from 'vitest';
import { textBlocks, textLanguageFor } from '../../../src/ingest/code/blocks.js';
import { chunkSymbols, FOLD_UNDER_LINES, SPLIT_OVER_LINES } from '../../../src/ingest/code/chunks.js';
import { parseFile } from '../../../src/ingest/code/parse-code.js';
import type { CodeModel, CodeSymbol } from '../../../src/ingest/code/types.js';

/** A TypeScript method of exactly `lines` lines. */
function method(name: string, lines: number): string[] {
  if (lines === 1) return [`  ${name}(): void {}`];
  return [`  ${name}(): void {`, ...Array.from({ length: lines - 2 }, () => '    work();'), '  }'];
}

/** A TypeScript class of 2 + the methods' lines. */
const tsClass = (name: string, methods: Array<[string, number]>): string =>
  [`class ${name} {`, ...methods.flatMap(([m, n]) => method(m, n)), '}', ''].join('\n');

const repeat = (prefix: string, count: number, lines: number): Array<[string, number]> =>
  Array.from({ length: count }, (_, i) => [`${prefix}${i}`, lines] as [string, number]);

/** Each symbol as `qualified name lines unit`: unit is `own`, `split` or `in <qualified name>`. */
function units(model: CodeModel): string[] {
  return model.symbols.map((s) => {
    const into = s.foldedInto === undefined ? undefined : model.symbols[s.foldedInto]?.qualifiedName;
    return `${s.qualifiedName} ${s.startLine}-${s.endLine} ${into !== undefined ? `in ${into}` : s.split ? 'split' : 'own'}`;
  });
}

async function parse(file: string, text: string): Promise<CodeModel> {
  const model = await parseFile(file, text);
  if (model === undefined) throw new Error(`no grammar for ${file}`);
  return model;
}

const CASES: Array<{ rule: string; file: string; text: string; units: string[] }> = [
  {
    rule: 'a method under 5 lines folds into its class; one of 5 lines is its own unit',
    file: 'a.ts',
    text: tsClass('A', [
      ['four', 4],
      ['five', 5],
    ]),
    units: ['A 1-11 own', 'A.four 2-5 in A', 'A.five 6-10 own'],
  },
  {
    rule: 'a short function inside a short method folds into the nearest enclosing unit',
    file: 'nested.ts',
    text: 'class Small {\n  get x(): number { return 1; }\n  run(): void {\n    const f = () => 1;\n    f();\n  }\n}\n',
    units: ['Small 1-7 own', 'Small.x 2-2 in Small', 'Small.run 3-6 in Small', 'Small.run.f 4-4 in Small'],
  },
  {
    rule: 'top-level symbols under 5 lines stay units: there is no unit above them',
    file: 'top.ts',
    text: 'export function tiny(): number {\n  return 2;\n}\nconst one = (): number => 1;\ninterface Shape { area(): number; }\n',
    units: ['tiny 1-3 own', 'one 4-4 own', 'Shape 5-5 own', 'Shape.area 5-5 in Shape'],
  },
  {
    rule: 'a class over 100 lines with a member unit is split; its short members fold into it',
    file: 'big.ts',
    text: tsClass('Big', [['getter', 3], ...repeat('step', 3, 33)]),
    units: ['Big 1-104 split', 'Big.getter 2-4 in Big', 'Big.step0 5-37 own', 'Big.step1 38-70 own', 'Big.step2 71-103 own'],
  },
  {
    rule: 'a class of exactly 100 lines is not split',
    file: 'hundred.ts',
    text: tsClass('Hundred', repeat('step', 2, 49)),
    units: ['Hundred 1-100 own', 'Hundred.step0 2-50 own', 'Hundred.step1 51-99 own'],
  },
  {
    rule: 'a class over 100 lines whose members all fold is not split',
    file: 'getters.ts',
    text: tsClass('Getters', repeat('g', 33, 3)),
    units: ['Getters 1-101 own', ...Array.from({ length: 33 }, (_, i) => `Getters.g${i} ${2 + 3 * i}-${4 + 3 * i} in Getters`)],
  },
  {
    rule: 'Python: a two-line method folds, a five-line one does not',
    file: 'p.py',
    text: 'class P:\n    def a(self):\n        return 1\n\n    def b(self):\n        x = 1\n        y = 2\n        z = 3\n        return x + y + z\n',
    units: ['P 1-9 own', 'P.a 2-3 in P', 'P.b 5-9 own'],
  },
  {
    rule: 'Go: a short method folds into its receiver type, declared apart',
    file: 's.go',
    text: 'package s\n\ntype Server struct {\n\tname string\n}\n\nfunc (s *Server) Name() string { return s.name }\n',
    units: ['Server 3-5 own', 'Server.Name 7-7 in Server'],
  },
];

describe('chunking rules', () => {
  it('uses the thresholds of issue 14', () => {
    expect([FOLD_UNDER_LINES, SPLIT_OVER_LINES]).toEqual([5, 100]);
  });

  it.each(CASES)('$rule', async ({ file, text, units: expected }) => {
    expect(units(await parse(file, text))).toEqual(expected);
  });

  it('keeps every symbol findable: folding changes units, not names or parents', async () => {
    const model = await parse('a.ts', tsClass('A', [['tiny', 1]]));
    expect(model.symbols.map((s) => [s.kind, s.name, s.qualifiedName, s.parent])).toEqual([
      ['class', 'A', 'A', undefined],
      ['method', 'tiny', 'A.tiny', 0],
    ]);
  });

  it('is idempotent and never loops on a parent cycle', () => {
    const sym = (name: string, parent: number | undefined, end = 2): CodeSymbol => ({
      kind: 'method',
      name,
      qualifiedName: name,
      signature: '',
      startLine: 1,
      endLine: end,
      decorators: [],
      ...(parent === undefined ? {} : { parent }),
    });
    const cycle = [sym('a', 1), sym('b', 0)];
    chunkSymbols(cycle);
    chunkSymbols(cycle);
    expect(cycle.map((s) => s.foldedInto)).toEqual([undefined, undefined]);
  });
});

const BLOCK_CASES: Array<{ rule: string; file: string; lines: number; blocks: string[] }> = [
  { rule: 'Markdown', file: 'README.md', lines: 95, blocks: ['L1-L50', 'L41-L90', 'L81-L95'] },
  { rule: 'a language without a grammar (Kotlin)', file: 'Main.kt', lines: 130, blocks: ['L1-L50', 'L41-L90', 'L81-L130'] },
  { rule: 'a file of 50 lines or fewer is one block', file: 'notes.txt', lines: 50, blocks: ['L1-L50'] },
];

describe('50-line blocks with 10-line overlap', () => {
  it.each(BLOCK_CASES)('$rule', ({ file, lines, blocks }) => {
    const language = textLanguageFor(file);
    expect(language).toBeDefined();
    const text = Array.from({ length: lines }, (_, i) => `line ${i + 1}`).join('\n');
    const model = textBlocks(text, language ?? '');
    expect(model.symbols.map((s) => s.name)).toEqual(blocks);
    expect(model.symbols.every((s) => s.kind === 'block' && s.parent === undefined && s.foldedInto === undefined)).toBe(true);
  });
});
