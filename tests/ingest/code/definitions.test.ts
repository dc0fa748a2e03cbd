// Named parents: a method in a Rust `impl` block belongs to the type of that name in the file,
// whatever generic arguments the block writes.
import { describe, expect, it } from 'vitest';
import { parseFile } from '../../../src/ingest/code/parse-code.js';

describe('named parents', () => {
  it.each([
    ['impl Point', 'pub struct Point;\nimpl Point {\n    pub fn new() -> Self { Point }\n}\n', 'Point.new', 'struct Point'],
    [
      'impl<R> Reader<R>',
      'pub struct Reader<R> { r: R }\nimpl<R> Reader<R> {\n    pub fn new(r: R) -> Self { Reader { r } }\n}\n',
      'Reader<R>.new',
      'struct Reader',
    ],
    [
      "impl<'de, R: Read<'de>> Parser<R>",
      "pub struct Parser<R> { r: R }\nimpl<'de, R: Read<'de>> Parser<R> {\n    fn peek(&self) {}\n}\n",
      'Parser<R>.peek',
      'struct Parser',
    ],
    ['a trait impl', 'pub enum Value { A }\nimpl Clone for Value {\n    fn clone(&self) -> Self { Value::A }\n}\n', 'Value.clone', 'enum Value'],
    ['no such type in the file', 'impl Other {\n    fn f() {}\n}\n', 'Other.f', undefined],
  ])('%s', async (_name, text, method, parent) => {
    const model = await parseFile('src/lib.rs', text);
    const symbols = model?.symbols ?? [];
    const found = symbols.find((s) => s.qualifiedName === method);
    expect(found?.kind).toBe('method');
    const owner = found?.parent === undefined ? undefined : symbols[found.parent];
    expect(owner === undefined ? undefined : `${owner.kind} ${owner.name}`).toBe(parent);
  });
});
