// Over 300 lines: one table of expected symbols per language fixture, read as data.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languageFor } from '../../../src/ingest/code/languages.js';
import { parseCode, parseFile } from '../../../src/ingest/code/parse-code.js';
import type { CodeModel } from '../../../src/ingest/code/types.js';

const FIXTURES = new URL('../../fixtures/code/', import.meta.url);
/** Fixtures end in `.txt` so that the type checker and linter leave them alone. */
const fixture = (file: string): string => readFileSync(new URL(`${file}.txt`, FIXTURES), 'utf8');

async function parse(file: string, text = fixture(file)): Promise<CodeModel> {
  const model = await parseFile(file, text);
  if (model === undefined) throw new Error(`no grammar for ${file}`);
  return model;
}

type Row = [kind: string, qualifiedName: string, start: number, end: number, parent: string | undefined];

/** Per language: every symbol with its boundaries and parent, resolved calls, imports and syntax error lines. */
const CASES: Array<{ file: string; symbols: Row[]; calls: string[]; imports: string[]; syntaxLines: number[] }> = [
  {
    file: 'Sample.cs',
    symbols: [
      ['module', 'Demo', 3, 27, undefined],
      ['class', 'Demo.Sample', 6, 20, 'Demo'],
      ['method', 'Demo.Sample.Sample', 9, 9, 'Demo.Sample'],
      ['method', 'Demo.Sample.Run', 11, 15, 'Demo.Sample'],
      ['method', 'Demo.Sample.Helper', 17, 17, 'Demo.Sample'],
      ['class', 'Demo.Sample.Nested', 19, 19, 'Demo.Sample'],
      ['method', 'Demo.Sample.Nested.Deep', 19, 19, 'Demo.Sample.Nested'],
      ['interface', 'Demo.IShape', 22, 22, 'Demo'],
      ['method', 'Demo.IShape.Area', 22, 22, 'Demo.IShape'],
      ['enum', 'Demo.Color', 24, 24, 'Demo'],
      ['struct', 'Demo.Point', 26, 26, 'Demo'],
    ],
    calls: ['Demo.Sample.Run -> Helper (same-file)'],
    imports: ['System: System'],
    syntaxLines: [],
  },
  {
    file: 'Sample.java',
    symbols: [
      ['class', 'Sample', 6, 21, undefined],
      ['class', 'Sample.Inner', 9, 11, 'Sample'],
      ['method', 'Sample.Inner.deep', 10, 10, 'Sample.Inner'],
      ['method', 'Sample.toString', 13, 16, 'Sample'],
      ['method', 'Sample.helper', 18, 20, 'Sample'],
      ['interface', 'Shape', 23, 23, undefined],
      ['method', 'Shape.area', 23, 23, 'Shape'],
      ['enum', 'Color', 25, 25, undefined],
    ],
    calls: ['Sample.toString -> helper (same-file)'],
    imports: ['java.util.List: List'],
    syntaxLines: [],
  },
  {
    file: 'broken.ts',
    symbols: [
      ['function', 'fine', 1, 3, undefined],
      ['function', 'broken', 5, 10, undefined],
      ['class', 'broken.Still', 8, 10, 'broken'],
      ['method', 'broken.Still.method', 9, 9, 'broken.Still'],
    ],
    calls: [],
    imports: [],
    syntaxLines: [5, 10],
  },
  {
    file: 'sample.c',
    symbols: [
      ['function', 'add', 4, 6, undefined],
      ['function', 'main', 8, 11, undefined],
    ],
    calls: ['main -> add (same-file)'],
    imports: ['stdio.h'],
    syntaxLines: [],
  },
  {
    file: 'sample.cpp',
    symbols: [
      ['module', 'demo', 4, 23, undefined],
      ['class', 'demo.Widget', 7, 11, 'demo'],
      ['method', 'demo.Widget.size', 9, 9, 'demo.Widget'],
      ['method', 'demo.Widget.grow', 10, 10, 'demo.Widget'],
      ['struct', 'demo.Point', 13, 15, 'demo'],
      ['method', 'demo.Widget.size', 17, 17, 'demo.Widget'],
      ['function', 'demo.helper', 19, 19, 'demo'],
      ['function', 'demo.pointer_result', 21, 21, 'demo'],
    ],
    calls: ['demo.Widget.grow -> helper (same-file)'],
    imports: ['vector', 'util.h'],
    syntaxLines: [],
  },
  {
    file: 'sample.go',
    symbols: [
      ['struct', 'Server', 9, 11, undefined],
      ['interface', 'Handler', 13, 15, undefined],
      ['method', 'Server.Start', 18, 21, 'Server'],
      ['function', 'helper', 23, 25, undefined],
    ],
    calls: ['Server.Start -> helper (same-file)'],
    imports: ['fmt', 'strings'],
    syntaxLines: [],
  },
  {
    file: 'sample.js',
    symbols: [
      ['class', 'Widget', 7, 18, undefined],
      ['method', 'Widget.render', 13, 15, 'Widget'],
      ['method', 'Widget.handle', 17, 17, 'Widget'],
      ['function', 'generate', 20, 22, undefined],
      ['function', 'arrow', 24, 24, undefined],
    ],
    calls: ['Widget.render -> named (import)', 'Widget.handle -> render (same-file)', 'arrow -> def (import)'],
    imports: ['./util.js: default as def, named'],
    syntaxLines: [],
  },
  {
    file: 'sample.php',
    symbols: [
      ['class', 'Sample', 8, 20, undefined],
      ['method', 'Sample.run', 11, 14, 'Sample'],
      ['method', 'Sample.helper', 16, 19, 'Sample'],
      ['interface', 'Shape', 22, 25, undefined],
      ['method', 'Shape.area', 24, 24, 'Shape'],
      ['trait', 'Greets', 27, 30, undefined],
      ['method', 'Greets.greet', 29, 29, 'Greets'],
      ['function', 'top_level', 32, 35, undefined],
    ],
    calls: ['Sample.run -> helper (same-file)'],
    imports: ['App\\Util\\Helper: Helper'],
    syntaxLines: [],
  },
  {
    file: 'sample.py',
    symbols: [
      ['class', 'Outer', 6, 16, undefined],
      ['class', 'Outer.Inner', 9, 11, 'Outer'],
      ['method', 'Outer.Inner.deep', 10, 11, 'Outer.Inner'],
      ['method', 'Outer.name', 14, 16, 'Outer'],
      ['function', 'top', 19, 21, undefined],
      ['function', 'top_two', 24, 25, undefined],
    ],
    calls: ['Outer.name -> help (import)', 'top -> Outer (same-file)', 'top -> top_two (same-file)'],
    imports: ['os: * as os', '.util: helper as help'],
    syntaxLines: [],
  },
  {
    file: 'sample.rb',
    symbols: [
      ['module', 'Demo', 5, 22, undefined],
      ['class', 'Demo.Sample', 7, 21, 'Demo'],
      ['method', 'Demo.Sample.run', 8, 10, 'Demo.Sample'],
      ['method', 'Demo.Sample.build', 12, 14, 'Demo.Sample'],
      ['method', 'Demo.Sample.helper', 18, 20, 'Demo.Sample'],
      ['function', 'top_level', 24, 26, undefined],
    ],
    calls: ['Demo.Sample.run -> helper (same-file)'],
    imports: ['json', 'util'],
    syntaxLines: [],
  },
  {
    file: 'sample.rs',
    symbols: [
      ['struct', 'Point', 5, 7, undefined],
      ['method', 'Point.new', 11, 14, 'Point'],
      ['trait', 'Shape', 17, 19, undefined],
      ['method', 'Shape.area', 18, 18, 'Shape'],
      ['enum', 'Color', 21, 23, undefined],
      ['function', 'helper', 25, 25, undefined],
      ['module', 'inner', 27, 29, undefined],
      ['function', 'inner.nested', 28, 28, 'inner'],
    ],
    calls: ['Point.new -> helper (same-file)'],
    imports: ['std::collections::HashMap: HashMap'],
    syntaxLines: [],
  },
  {
    file: 'sample.ts',
    symbols: [
      ['class', 'Service', 6, 23, undefined],
      ['method', 'Service.run', 9, 11, 'Service'],
      ['method', 'Service.inner', 13, 20, 'Service'],
      ['class', 'Service.inner.Nested', 14, 18, 'Service.inner'],
      ['method', 'Service.inner.Nested.deep', 15, 17, 'Service.inner.Nested'],
      ['method', 'Service.make', 22, 22, 'Service'],
      ['function', 'overload', 25, 25, undefined],
      ['function', 'overload', 26, 26, undefined],
      ['function', 'overload', 27, 29, undefined],
      ['function', 'addOne', 32, 32, undefined],
      ['interface', 'Shape', 34, 36, undefined],
      ['method', 'Shape.area', 35, 35, 'Shape'],
      ['type', 'Id', 38, 38, undefined],
      ['enum', 'Color', 40, 43, undefined],
      ['class', 'Base', 45, 47, undefined],
      ['method', 'Base.name', 46, 46, 'Base'],
    ],
    calls: ['Service.run -> help (import)', 'Service.run -> inner (same-file)', 'Service.inner -> deep (same-file)', 'overload -> other (import)'],
    imports: ['./util.js: helper as help, other', 'node:fs: * as fs'],
    syntaxLines: [],
  },
  {
    file: 'sample.tsx',
    symbols: [
      ['function', 'Button', 4, 6, undefined],
      ['function', 'handle', 8, 8, undefined],
    ],
    calls: ['Button -> handle (same-file)'],
    imports: ['react: default as React'],
    syntaxLines: [],
  },
];

describe('parseCode: symbols per language', () => {
  it.each(CASES)('$file', async ({ file, symbols, calls, imports, syntaxLines }) => {
    const model = await parse(file);
    const name = (i: number | undefined): string | undefined => (i === undefined ? undefined : model.symbols[i]?.qualifiedName);
    expect(model.symbols.map((s): Row => [s.kind, s.qualifiedName, s.startLine, s.endLine, name(s.parent)])).toEqual(symbols);
    expect(model.calls.filter((c) => c.via !== undefined).map((c) => `${name(c.from) ?? ''} -> ${c.name} (${c.via?.rule})`)).toEqual(calls);
    expect(
      model.imports.map(
        (i) =>
          `${i.module}${i.names.length > 0 ? `: ${i.names.map((n) => (n.imported === n.local ? n.local : `${n.imported} as ${n.local}`)).join(', ')}` : ''}`,
      ),
    ).toEqual(imports);
    expect(model.diagnostics.map((d) => d.line)).toEqual(syntaxLines);
  });
});

describe('parseCode: signatures, doc comments, decorators', () => {
  const cases: Array<{ file: string; symbol: string; signature: string; doc?: string; decorators?: string[] }> = [
    { file: 'sample.ts', symbol: 'Service', signature: 'class Service', doc: 'A service.', decorators: ['@Injectable()'] },
    { file: 'sample.ts', symbol: 'Service.run', signature: 'run(input: string): string', doc: 'Runs it.', decorators: ["@Log('x')"] },
    { file: 'sample.ts', symbol: 'Service.make', signature: 'static make = (n: number): Service =>' },
    { file: 'sample.ts', symbol: 'addOne', signature: 'const addOne = (n: number): number =>', doc: 'Adds one.' },
    { file: 'sample.ts', symbol: 'Id', signature: 'type Id = string | number' },
    { file: 'sample.py', symbol: 'Outer', signature: 'class Outer', doc: 'An outer class.', decorators: ['@dataclass'] },
    { file: 'sample.py', symbol: 'Outer.name', signature: 'def name(self)', decorators: ['@property'] },
    { file: 'sample.py', symbol: 'top', signature: 'def top(x)', doc: 'Top-level function.' },
    { file: 'Sample.java', symbol: 'Sample', signature: 'public class Sample', doc: 'A sample.', decorators: ['@Entity'] },
    { file: 'Sample.java', symbol: 'Sample.toString', signature: 'public String toString()', decorators: ['@Override'] },
    { file: 'sample.go', symbol: 'Server.Start', signature: 'func (s *Server) Start() error', doc: 'Start starts the server.' },
    { file: 'sample.go', symbol: 'Server', signature: 'type Server struct', doc: 'Server serves.' },
    { file: 'sample.rs', symbol: 'Point', signature: 'pub struct Point', doc: 'A point.', decorators: ['#[derive(Debug)]'] },
    { file: 'sample.rs', symbol: 'Point.new', signature: 'pub fn new(x: i32) -> Self', doc: 'Makes one.' },
    { file: 'Sample.cs', symbol: 'Demo.Sample.Run', signature: 'public string Run(int x)', decorators: ['[Obsolete]'] },
    { file: 'sample.cpp', symbol: 'demo.Widget.size', signature: 'int Widget::size() const' },
    { file: 'sample.c', symbol: 'add', signature: 'int add(int a, int b)', doc: 'Adds two numbers.' },
    { file: 'sample.rb', symbol: 'Demo', signature: 'module Demo', doc: 'A sample module.' },
    { file: 'sample.php', symbol: 'Sample', signature: 'class Sample', doc: 'A sample.', decorators: ['#[Attribute]'] },
    { file: 'sample.js', symbol: 'Widget.render', signature: 'render()', doc: 'Renders.' },
    { file: 'sample.tsx', symbol: 'Button', signature: 'function Button({ label }: { label: string })', doc: 'A component.' },
  ];
  it.each(cases)('$file $symbol', async ({ file, symbol, signature, doc, decorators }) => {
    // C++ declares a method in its class and may define it outside: two symbols of one name.
    const found = (await parse(file)).symbols.filter((s) => s.qualifiedName === symbol && s.signature === signature);
    expect(found).toHaveLength(1);
    expect(found[0]?.doc).toBe(doc);
    expect(found[0]?.decorators).toEqual(decorators ?? []);
  });
});

describe('parseCode: edge cases', () => {
  it('reports syntax errors with file and line, and keeps what the parser recovered', async () => {
    const model = await parse('broken.ts');
    expect(model.diagnostics[0]).toEqual({
      code: 'MDKG_CODE_SYNTAX',
      severity: 'warning',
      message: 'syntax error: missing ); symbols are what the parser recovered',
      file: 'broken.ts',
      line: 5,
      column: 33,
    });
    expect(model.symbols.map((s) => s.name)).toEqual(['fine', 'broken', 'Still', 'method']);
  });

  it('counts lines and cuts signatures in characters of text with non-ASCII letters', async () => {
    const text = `const s = "é😀";\nexport function naïve(ü: string): string {\n  return ü;\n}\n`;
    const [symbol] = (await parse('x.ts', text)).symbols;
    expect(symbol).toMatchObject({ name: 'naïve', signature: 'function naïve(ü: string): string', startLine: 2, endLine: 4 });
  });

  it('caps long signatures at 200 characters', async () => {
    const params = Array.from({ length: 60 }, (_, i) => `p${i}: number`).join(', ');
    const [symbol] = (await parse('x.ts', `function wide(${params}) {}\n`)).symbols;
    expect(symbol?.signature.length).toBeGreaterThan(190);
    expect(symbol?.signature.length).toBeLessThanOrEqual(200);
    expect(symbol?.signature.endsWith('…')).toBe(true);
  });

  it('reads a file over its time budget as blocks of lines (hostile nesting), and the parser still works after', async () => {
    const spec = languageFor('deep.ts');
    if (spec === undefined) throw new Error('no grammar');
    const text = `x = ${'('.repeat(20_000)}\n`;
    const model = await parseCode(text, spec, 'deep.ts', 1);
    expect(model.symbols.map((s) => [s.kind, s.name, s.startLine, s.endLine])).toEqual([['block', 'L1-L1', 1, 1]]);
    expect(model.diagnostics).toEqual([
      {
        code: 'MDKG_CODE_TIMEOUT',
        severity: 'warning',
        message: 'parsing took over 1 ms: the file is indexed as blocks of lines, without symbols',
        file: 'deep.ts',
      },
    ]);
    expect((await parse('sample.ts')).symbols).toHaveLength(CASES.find((c) => c.file === 'sample.ts')?.symbols.length ?? -1);
  });

  it('parses an empty file to nothing', async () => {
    const spec = languageFor('a.py');
    expect(spec?.id).toBe('python');
    if (spec === undefined) return;
    expect(await parseCode('', spec, 'a.py')).toEqual({ language: 'python', symbols: [], imports: [], calls: [], diagnostics: [] });
  });

  it.each([
    ['a.ts', 'typescript'],
    ['a.d.ts', 'typescript'],
    ['A.TSX', 'tsx'],
    ['a.mjs', 'javascript'],
    ['a.h', 'cpp'],
    ['a.cs', 'csharp'],
    ['a.md', undefined],
    ['Makefile', undefined],
    ['dir.ts/file', undefined],
  ])('languageFor(%s) is %s', (path, id) => {
    expect(languageFor(path)?.id).toBe(id);
  });
});
