// The general ranking rules on small synthetic code indexes: a term most symbol names carry weighs
// like a stop word, inline test code is recognised by its names, and the per-file cap reorders.
import { describe, expect, it } from 'vitest';
import { CodeIndex, type CodeSymbolRecord } from '../../src/code-search/code-index.js';
import { capPerFile, commonTermWeight, isInlineTest, nameShare } from '../../src/code-search/rank-rules.js';
import { CODE_RANK, searchCode } from '../../src/code-search/search-code.js';

type Sym = Pick<CodeSymbolRecord, 'name' | 'qualifiedName' | 'kind'> & { file: number; parent?: number; doc?: string };

function indexOf(paths: string[], symbols: Sym[]): CodeIndex {
  const syms: CodeSymbolRecord[] = symbols.map((s, i) => ({
    iri: `urn:s${i}`,
    file: s.file,
    name: s.name,
    qualifiedName: s.qualifiedName,
    kind: s.kind,
    signature: '',
    doc: s.doc ?? '',
    startLine: i + 1,
    endLine: i + 1,
    parent: s.parent ?? -1,
    calls: [],
  }));
  const files = paths.map((path, f) => ({
    iri: `urn:f${f}`,
    path,
    language: 'rust',
    lines: 100,
    symbols: syms.flatMap((s, i) => (s.file === f ? [i] : [])),
    imports: [],
  }));
  return new CodeIndex({ files, symbols: syms, fileCalls: new Map() });
}

// 60 symbols: 40 named zorp_* (the project's prefix), 20 plain; one of them parses a widget.
const project = indexOf(
  ['src/lib.rs', 'src/parse.rs'],
  [
    ...Array.from({ length: 40 }, (_, i): Sym => ({ file: 0, name: `zorp_thing${i}`, qualifiedName: `zorp_thing${i}`, kind: 'function', doc: 'zorp widget' })),
    ...Array.from({ length: 19 }, (_, i): Sym => ({ file: 1, name: `helper${i}`, qualifiedName: `helper${i}`, kind: 'function' })),
    { file: 1, name: 'parse_widget', qualifiedName: 'parse_widget', kind: 'function', doc: 'Parses a widget.' },
  ],
);

describe('common terms', () => {
  it.each([
    ['zorp', 40 / 60, 0.1],
    ['widget', 1 / 60, 1],
    ['absent', 0, 1],
  ])('%s: name share %d, weight %d', (term, share, weight) => {
    expect(nameShare(project, term)).toBeCloseTo(share, 6);
    expect(commonTermWeight(project, term, 1, CODE_RANK.commonTerms)).toBe(weight);
  });

  it('leaves small indexes alone', () => {
    const small = indexOf(['a.rs'], [{ file: 0, name: 'zorp', qualifiedName: 'zorp', kind: 'function' }]);
    expect(commonTermWeight(small, 'zorp', 1, CODE_RANK.commonTerms)).toBe(1);
  });

  it('ranks the symbol of the distinctive word first, not the project prefix', () => {
    expect(searchCode(project, 'parse a widget in zorp').hits[0]?.name).toBe('parse_widget');
  });
});

describe('isInlineTest', () => {
  const ix = indexOf(
    ['src/de.rs', 'click/testing.py', 'src/run.go'],
    [
      { file: 0, name: 'tests', qualifiedName: 'tests', kind: 'module' },
      { file: 0, name: 'roundtrip', qualifiedName: 'tests.roundtrip', kind: 'function', parent: 0 },
      { file: 0, name: 'from_str', qualifiedName: 'from_str', kind: 'function' },
      { file: 1, name: 'CliRunner', qualifiedName: 'CliRunner', kind: 'class' },
      { file: 2, name: 'test_run', qualifiedName: 'test_run', kind: 'function' },
      { file: 2, name: 'TestRun', qualifiedName: 'TestRun', kind: 'function' },
      { file: 2, name: 'Testify', qualifiedName: 'Testify', kind: 'function' },
      { file: 2, name: 'contest', qualifiedName: 'contest', kind: 'function' },
    ],
  );
  it.each([
    [0, true],
    [1, true],
    [2, false],
    [3, true],
    [4, true],
    [5, true],
    [6, false],
    [7, false],
  ])('symbol %d -> %s', (ref, expected) => {
    expect(isInlineTest(ix, ref)).toBe(expected);
  });

  it('ranks inline tests down, unless the request says test', () => {
    const both = indexOf(
      ['src/de.rs'],
      [
        { file: 0, name: 'tests', qualifiedName: 'tests', kind: 'module' },
        { file: 0, name: 'parse_number', qualifiedName: 'tests.parse_number', kind: 'function', parent: 0 },
        { file: 0, name: 'parse_number_fast', qualifiedName: 'parse_number_fast', kind: 'function' },
      ],
    );
    expect(searchCode(both, 'parse number').hits[0]?.qualifiedName).toBe('parse_number_fast');
    expect(searchCode(both, 'test parse number').hits[0]?.qualifiedName).toBe('tests.parse_number');
  });
});

describe('capPerFile', () => {
  it.each([
    [[0, 0, 0, 0, 1, 2], 2, 4, [0, 0, 1, 2, 0, 0]],
    [[0, 0, 0, 1], 3, 10, [0, 0, 0, 1]],
    [[0, 0, 0, 1], 0, 10, [0, 0, 0, 1]],
    [[0, 0, 0, 1, 1, 1, 2], 1, 2, [0, 1, 0, 0, 1, 1, 2]],
  ])('%j, cap %d, window %d -> %j', (files, cap, window, expected) => {
    const items = files.map((file, i) => ({ file, i }));
    expect(capPerFile(items, (x) => x.file, cap, window).map((x) => x.file)).toEqual(expected);
  });

  it('never holds back a pinned item', () => {
    const items = [0, 0, 0, 1].map((file, i) => ({ file, i }));
    expect(
      capPerFile(
        items,
        (x) => x.file,
        1,
        4,
        (x) => x.i === 2,
      ).map((x) => x.i),
    ).toEqual([0, 2, 3, 1]);
  });
});
