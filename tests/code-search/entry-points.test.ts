// Entry points of a repository and the repository map that keeps them: main modules by path, and a
// small project whose main module re-exports a class whose public methods must be in a small map
// even though internal helpers are called far more often.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodeIndex, codeIndexOf } from '../../src/code-search/code-index.js';
import { entryPoints, pickMainModules } from '../../src/code-search/entry-points.js';
import { repoMap } from '../../src/code-search/repo-map.js';
import { codeProject } from '../helpers/code-project.js';

describe('pickMainModules', () => {
  it.each([
    ['a Rust crate: src/lib.rs beside build.rs', ['build.rs', 'src/lib.rs', 'src/de.rs', 'src/value/mod.rs'], ['src/lib.rs']],
    ['a Python package', ['__init__.py', 'core.py', 'types.py', 'sub/__init__.py'], ['__init__.py']],
    ['Go package files (tests left out)', ['command.go', 'args.go', 'args_test.go', 'doc/man.go'], ['command.go', 'args.go']],
    ['a package index, not a sub-folder index', ['src/index.ts', 'src/core.ts', 'src/compile/index.ts', 'vite.config.ts'], ['src/index.ts']],
    ['no conventional name: the shallowest files', ['ajv.ts', 'core.ts', 'compile/index.ts', 'compile/validate/index.ts'], ['ajv.ts', 'core.ts']],
    ['only test code', ['tests/a.test.ts'], []],
  ])('%s', (_name, paths, expected) => {
    const files = paths.map((path) => ({ path, code: true }));
    expect(pickMainModules(files).map((i) => paths[i])).toEqual(expected);
  });
});

const helperCalls = Array.from({ length: 12 }, (_, i) => `export function use${i}(): number {\n  return hub() + hub();\n}\n`).join('');
const FILES: Readonly<Record<string, string>> = {
  'mdkg.config.yaml': 'graphs: graphs\n',
  'src/index.ts': "export { Engine } from './engine';\nexport { hub } from './util';\n",
  'src/engine.ts': [
    "import { hub } from './util';",
    '/** Compiles and validates documents. */',
    'export class Engine {',
    '  /** Compiles a schema. */',
    '  compile(schema: string): number {',
    '    return hub() + schema.length;',
    '  }',
    '  validate(data: string): boolean;',
    '  validate(data: number): boolean;',
    '  /** Validates data. */',
    '  validate(data: string | number): boolean {',
    '    return this.secret() > String(data).length;',
    '  }',
    '  /** Configures everything at once. */',
    `  configure(${Array.from({ length: 12 }, (_, i) => `option${i}: string`).join(', ')}): void {}`,
    '  private secret(): number {',
    '    return hub();',
    '  }',
    '  _internal(): number {',
    '    return 1;',
    '  }',
    '}',
    '',
  ].join('\n'),
  'src/util.ts': `/** Everything calls this. */\nexport function hub(): number {\n  return 1;\n}\n${helperCalls}`,
};

let dir: string;
let index: CodeIndex;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mdkg-entry-points-'));
  index = codeIndexOf((await codeProject(dir, FILES)).store);
}, 30_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('entry points and the repository map', () => {
  it('are the types a main module exports (through re-exports) with their public methods, and its other public symbols', () => {
    const { named, members, next } = entryPoints(index);
    const ids = (list: number[]): string[] => list.map((i) => index.symbolId(i)).sort();
    // src/index.ts defines no type (a barrel): what it re-exports is what it offers by name.
    expect(ids(named)).toEqual(['src/engine.ts#Engine', 'src/util.ts#hub']);
    // One line per method name: the overloads of validate after the first are not entry points.
    expect(ids(members)).toEqual(['src/engine.ts#Engine.compile', 'src/engine.ts#Engine.configure', 'src/engine.ts#Engine.validate']);
    // The barrel's imported files' public types (none besides Engine) and its other symbols.
    expect(ids(next)).toEqual([]);
  });

  it('keeps the entry points in a small map, before symbols of higher rank', () => {
    const map = repoMap(index, { budgetTokens: 160 });
    const ids = map.symbols.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(['src/engine.ts#Engine', 'src/engine.ts#Engine.compile', 'src/engine.ts#Engine.validate', 'src/util.ts#hub']));
    // A re-export is left to its target.
    expect(ids.filter((id) => id.startsWith('src/index.ts'))).toEqual([]);
    expect(map.tokens).toBeLessThanOrEqual(160);
    // A long signature is cut to 120 characters on its line.
    expect(map.text).toContain(`configure(option0: string`);
    expect(Math.max(...map.text.split('\n').map((l) => l.length))).toBeLessThanOrEqual(140);
    // Listed by rank: the hub everything calls first, the helpers that fill the rest of the budget after the entry points.
    expect(ids[0]).toBe('src/util.ts#hub');
    expect(ids.some((id) => id.startsWith('src/util.ts#use'))).toBe(true);
  });
});

describe('entry points of a main module with types of its own', () => {
  const CRATE: Readonly<Record<string, string>> = {
    'mdkg.config.yaml': 'graphs: graphs\n',
    'build.rs': 'fn main() {}\n',
    'src/lib.rs': [
      'mod util;',
      'pub use crate::util::helper;',
      '/// The engine.',
      'pub struct Engine<R> { r: R }',
      'impl<R> Engine<R> {',
      '    pub fn compile(&self) -> u8 { helper() }',
      '    fn private_step(&self) {}',
      '}',
      '',
    ].join('\n'),
    'src/util.rs': 'pub fn helper() -> u8 { 1 }\npub struct Internal;\n',
  };
  let crateDir: string;
  let crate: CodeIndex;
  beforeAll(async () => {
    crateDir = await mkdtemp(join(tmpdir(), 'mdkg-entry-crate-'));
    crate = codeIndexOf((await codeProject(crateDir, CRATE)).store);
  }, 30_000);
  afterAll(() => rm(crateDir, { recursive: true, force: true }));

  it('are its types, their public methods, then its other public symbols (a re-export as its target)', () => {
    const { named, members, next } = entryPoints(crate);
    const ids = (list: number[]): string[] => list.map((i) => crate.symbolId(i)).sort();
    expect([ids(named), ids(members), ids(next)]).toEqual([['src/lib.rs#Engine'], ['src/lib.rs#Engine<R>.compile'], ['src/util.rs#helper']]);
  });
});
