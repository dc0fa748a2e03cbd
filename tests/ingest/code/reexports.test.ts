// Use trees and re-exports: a Rust `use` tree is one import per leaf; `pub use` and JavaScript /
// TypeScript `export … from` make re-export symbols that call their target through the import;
// macros (`macro_rules!`, C function-like `#define`) are symbols.
import { describe, expect, it } from 'vitest';
import { parseFile } from '../../../src/ingest/code/parse-code.js';
import type { CodeModel } from '../../../src/ingest/code/types.js';

async function parse(file: string, text: string): Promise<CodeModel> {
  const model = await parseFile(file, text);
  if (model === undefined) throw new Error(`no grammar for ${file}`);
  return model;
}

const imports = (m: CodeModel): string[] =>
  m.imports.map((i) => `${i.module}: ${i.names.map((n) => (n.imported === n.local ? n.local : `${n.imported} as ${n.local}`)).join(', ')}`);
const symbols = (m: CodeModel): string[] => m.symbols.map((s) => `${s.kind} ${s.qualifiedName} | ${s.signature}${s.doc === undefined ? '' : ` | ${s.doc}`}`);
const targets = (m: CodeModel): string[] =>
  m.calls.flatMap((c) =>
    c.via?.rule === 'import' && c.from !== undefined ? [`${m.symbols[c.from]?.qualifiedName} -> ${c.via.module} ${c.via.imported}`] : [],
  );

describe('Rust use trees', () => {
  it.each([
    ['use std::collections::HashMap;', ['std::collections::HashMap: HashMap']],
    ['use crate::de::{from_str, Deserializer as De};', ['crate::de::from_str: from_str', 'crate::de::Deserializer: Deserializer as De']],
    ['use a::{b::{C, d::E}, f::*};', ['a::b::C: C', 'a::b::d::E: E', 'a::f::*: ']],
    ['use a::{self, B};', ['a: a', 'a::B: B']],
    ['use serde::de::*;', ['serde::de::*: ']],
    ['mod de;\nmod inline { }', ['mod de: ']],
  ])('%s', async (text, expected) => {
    expect(imports(await parse('src/lib.rs', text))).toEqual(expected);
  });
});

describe('Python imports of a package', () => {
  it('imports `from . import x` also as the module `.x`, binding nothing, so the file x.py is an import', async () => {
    const model = await parse('pkg/__init__.py', 'from . import core, types as t\nfrom .util import helper\n');
    expect(imports(model)).toEqual(['.: core, types as t', '.core: ', '.types: ', '.util: helper']);
  });
});

describe('re-exports', () => {
  it('makes a symbol of each name `pub use` exports, with its doc comment, pointing at its target', async () => {
    const model = await parse(
      'src/lib.rs',
      [
        '/// Parsing.',
        'pub use crate::de::{from_str, Deserializer as De};',
        'pub(crate) use self::map::Map;',
        'pub use serde::de::*;',
        'use crate::private::Hidden;',
        'mod inner {',
        '    pub use super::Thing;',
        '}',
        '',
      ].join('\n'),
    );
    expect(symbols(model)).toEqual([
      'module inner | mod inner',
      'reexport from_str | pub use crate::de::from_str | Parsing.',
      'reexport De | pub use crate::de::Deserializer as De | Parsing.',
      'reexport Map | pub(crate) use self::map::Map',
      'reexport inner.Thing | pub use super::Thing',
    ]);
    expect(targets(model)).toEqual([
      'from_str -> crate::de::from_str from_str',
      'De -> crate::de::Deserializer Deserializer',
      'Map -> self::map::Map Map',
      'inner.Thing -> super::Thing Thing',
    ]);
  });

  it('makes a symbol of each name `export … from` exports; `export * from` is an import only', async () => {
    const model = await parse(
      'src/index.ts',
      [
        '/** The parser. */',
        "export { Parser, check as validate } from './parser';",
        "export * from './all';",
        "export * as util from './util';",
        'export { local };',
        'const local = 1;',
        '',
      ].join('\n'),
    );
    expect(symbols(model)).toEqual([
      "reexport Parser | export { Parser } from './parser' | The parser.",
      "reexport validate | export { check as validate } from './parser' | The parser.",
      "reexport util | export * as util from './util'",
    ]);
    expect(targets(model)).toEqual(['Parser -> ./parser Parser', 'validate -> ./parser check', 'util -> ./util *']);
    // The modules are imports of the file (for its import edges), binding no name here.
    expect(imports(model)).toEqual(['./parser: ', './all: ', './util: ']);
  });
});

describe('macros', () => {
  it.each([
    [
      'src/macros.rs',
      '/// Builds a value.\n#[macro_export]\nmacro_rules! json {\n    ($t:tt) => { 1 };\n}\n',
      ['macro json | macro_rules! json | Builds a value.'],
    ],
    ['m.h', '/* Squares. */\n#define SQUARE(x) ((x) * (x))\n#define LIMIT 10\n', ['macro SQUARE | #define SQUARE(x) ((x) * (x)) | Squares.']],
  ])('%s', async (file, text, expected) => {
    expect(symbols(await parse(file, text))).toEqual(expected);
  });
});

describe('hostile use trees', () => {
  it('stops at 16 nested lists and 200 leaves a statement, without overflowing the stack', async () => {
    const deep = `use ${'a::{'.repeat(5000)}z${'}'.repeat(5000)};\n`;
    expect(imports(await parse('src/deep.rs', deep))).toEqual([]);
    const wide = `pub use m::{${Array.from({ length: 500 }, (_, i) => `n${i}`).join(', ')}};\n`;
    const model = await parse('src/wide.rs', wide);
    expect(model.imports).toHaveLength(200);
    expect(model.symbols.filter((s) => s.kind === 'reexport')).toHaveLength(200);
  });
});
