// Names users search for: a file's name without its extension, names with and without their sigil,
// and pointers (re-exports, `mod x;`) below what they point at, over a small generated project.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodeIndex, codeIndexOf } from '../../src/code-search/code-index.js';
import { searchCode } from '../../src/code-search/search-code.js';
import { bareName, lookupSymbols, plainQualified } from '../../src/code-search/symbol-query.js';
import { codeProject } from '../helpers/code-project.js';

const FILES: Readonly<Record<string, string>> = {
  'mdkg.config.yaml': 'graphs: graphs\n',
  'src/lib.rs': '/// Macros of the crate.\nmod macros;\n/// Parsing from text.\npub use crate::de::from_str;\npub mod de;\n',
  'src/macros.rs': '/// Builds a value from tokens.\n#[macro_export]\nmacro_rules! build {\n    ($t:tt) => { 1 };\n}\n',
  'src/de.rs': '/// Reads a value from a string.\npub fn from_str(s: &str) -> u8 {\n    0\n}\n',
  'src/raw.rs': '/// Matches a pattern.\npub fn r#match() {}\n',
  'src/types.ts': '/** The old type API. */\nexport function Type(): void {}\n/** The new type builder. */\nexport function $Type(): void {}\n',
  'src/index.ts': "/** The type API. */\nexport { Type as OldType } from './types';\n",
  'src/deco.py': 'def logged(f):\n    """Logs each call."""\n    return f\n',
  'src/reader.rs':
    '/// Reads items.\npub struct Reader<R> {\n    r: R,\n}\nimpl<R> Reader<R> {\n    /// Turns it into an iterator of items.\n    pub fn into_iter(self) -> u8 {\n        0\n    }\n}\n/// A free function of the same name.\npub fn into_iter() -> u8 {\n    1\n}\n',
};

let dir: string;
let index: CodeIndex;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mdkg-symbol-query-'));
  index = codeIndexOf((await codeProject(dir, FILES)).store);
}, 30_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const ids = (query: string, limit = 4): string[] => searchCode(index, query, { limit }).hits.map((h) => h.id);

describe('names users search for', () => {
  it.each([
    ['a file by its name without extension, its symbols before the `mod` line', 'macros', ['src/macros.rs', 'src/macros.rs#build', 'src/lib.rs#macros']],
    ['a definition before its re-export', 'from_str', ['src/de.rs#from_str', 'src/lib.rs#from_str']],
    ['the name written with its sigil first', '$Type', ['src/types.ts#$Type', 'src/types.ts#Type']],
    ['the bare name first, then the name with a sigil', 'Type', ['src/types.ts#Type', 'src/types.ts#$Type']],
    ['a Rust raw identifier by its bare word', 'match', ['src/raw.rs#r#match']],
    ['a decorator by its function', 'where is @logged', ['src/deco.py#logged']],
    // a qualified name written with another language's separator, without the generic arguments
    ['a Rust path to a method of a generic type', 'Reader::into_iter', ['src/reader.rs#Reader<R>.into_iter']],
    ['a dotted name without generic arguments', 'Reader.into_iter', ['src/reader.rs#Reader<R>.into_iter']],
    ['a Javadoc or Ruby member reference', 'Reader#into_iter', ['src/reader.rs#Reader<R>.into_iter']],
  ])('%s: %s', (_name, query, expected) => {
    expect(ids(query).slice(0, expected.length)).toEqual(expected);
  });

  it('links a re-export to its target and a module declaration to its file', () => {
    const reexport = index.symbols.findIndex((s) => s.kind === 'reexport' && s.name === 'from_str');
    expect(index.symbols[reexport]!.calls.map((t) => index.symbolId(t))).toEqual(['src/de.rs#from_str']);
    const oldType = index.symbols.findIndex((s) => s.kind === 'reexport' && s.name === 'OldType');
    expect(index.symbols[oldType]!.calls.map((t) => index.symbolId(t))).toEqual(['src/types.ts#Type']);
    const lib = index.files.find((f) => f.path === 'src/lib.rs')!;
    expect(lib.imports.map((f) => index.files[f]!.path).sort()).toEqual(['src/de.rs', 'src/macros.rs']);
  });

  it('search_by_symbol finds a name with a sigil by its bare name, after the exact one', () => {
    expect(lookupSymbols(index, 'Type', 'exact').map((m) => [index.symbolId(m.ref), m.rule])).toEqual([
      ['src/types.ts#Type', 'exact'],
      ['src/types.ts#$Type', 'sigil'],
    ]);
  });

  it.each([
    ['$Type', 'Type'],
    ['$$store', 'store'],
    ['@logged', 'logged'],
    ['r#match', 'match'],
    ['$', '$'],
    ['price$', 'price$'],
    ['rate', 'rate'],
  ])('bareName(%s) = %s', (name, bare) => {
    expect(bareName(name)).toBe(bare);
  });

  it.each([
    ['Parser::next_token', 'Parser.next_token'],
    ['std::io::Write', 'std.io.Write'],
    ['Class#method', 'Class.method'],
    ['Map<K, V>.get', 'Map.get'],
    ['Vec<Box<T>>.push', 'Vec.push'],
    ["Entry<'a>.or_insert", 'Entry.or_insert'],
    ['r#match', 'r#match'],
    ['plain', 'plain'],
  ])('plainQualified(%s) = %s', (name, plain) => {
    expect(plainQualified(name)).toBe(plain);
  });
});
