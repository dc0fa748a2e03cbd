// The repository file an import names: Rust module declarations and module paths (JavaScript and
// Python resolution is covered through generate-code's import edges).
import { describe, expect, it } from 'vitest';
import { resolveModule } from '../../../src/ingest/code/resolve-module.js';

const FILES = new Set(['src/lib.rs', 'src/de.rs', 'src/map/mod.rs', 'src/value/mod.rs', 'src/value/de.rs', 'src/value/ser/mod.rs', 'src/macros.rs']);

describe('resolveModule: Rust', () => {
  it.each([
    ['src/lib.rs', 'mod macros', 'src/macros.rs'],
    ['src/lib.rs', 'mod map', 'src/map/mod.rs'],
    ['src/value/mod.rs', 'mod de', 'src/value/de.rs'],
    ['src/value/mod.rs', 'mod ser', 'src/value/ser/mod.rs'],
    ['src/lib.rs', 'mod missing', undefined],
    ['src/lib.rs', 'crate::de::from_str', 'src/de.rs'],
    ['src/value/de.rs', 'crate::value::de::Thing', 'src/value/de.rs'],
    ['src/value/de.rs', 'crate::Value', 'src/lib.rs'],
    ['src/value/mod.rs', 'self::de::Thing', 'src/value/de.rs'],
    ['src/value/de.rs', 'super::Value', 'src/value/mod.rs'],
    ['src/value/ser/mod.rs', 'super::super::de::X', 'src/de.rs'],
    ['src/lib.rs', 'serde::de::Deserialize', undefined],
    ['src/lib.rs', 'std::collections::HashMap', undefined],
    ['src/lib.rs', 'crate::../../etc::x', 'src/lib.rs'],
  ])('%s: %s -> %s', (from, module, expected) => {
    expect(resolveModule(from, module, 'rust', FILES)).toBe(expected);
  });

  it('never names a file outside the root: `super` stops at it', () => {
    expect(resolveModule('lib.rs', 'super::x', 'rust', new Set(['../x.rs']))).toBe(undefined);
    expect(resolveModule('src/a/lib.rs', 'super::super::super::x', 'rust', new Set(['../x.rs', 'x.rs']))).toBe('x.rs');
  });
});

describe('resolveModule: Python submodules imported from a package', () => {
  it.each([
    ['pkg/__init__.py', '.core', 'pkg/core.py'],
    ['pkg/__init__.py', '.', 'pkg/__init__.py'],
    ['pkg/sub/a.py', '..core', 'pkg/core.py'],
    ['pkg/__init__.py', '.missing', undefined],
  ])('%s: %s -> %s', (from, module, expected) => {
    expect(resolveModule(from, module, 'python', new Set(['pkg/__init__.py', 'pkg/core.py', 'pkg/sub/a.py']))).toBe(expected);
  });
});
