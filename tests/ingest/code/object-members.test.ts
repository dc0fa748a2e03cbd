// Functions that are members of object literals: qualified by the object's name when it has one,
// unqualified in an exported object, left out in objects passed to calls, and capped per file.
import { describe, expect, it } from 'vitest';
import { parseFile } from '../../../src/ingest/code/parse-code.js';
import { MAX_OBJECT_MEMBERS } from '../../../src/ingest/code/object-members.js';

async function rows(file: string, text: string): Promise<string[]> {
  const model = await parseFile(file, text);
  return (model?.symbols ?? []).map((s) => `${s.kind} ${s.qualifiedName}`);
}

describe('object-literal members', () => {
  it.each([
    [
      'a named object: methods, arrow functions and function expressions',
      'a.ts',
      'const handlers = {\n  parse(x: string) { return x; },\n  check: (y: number) => y > 1,\n  run: function () { return 1; },\n  value: 3,\n};\n',
      ['method handlers.parse', 'method handlers.check', 'method handlers.run'],
    ],
    ['a nested object', 'a.js', 'const api = { users: { list: () => [], get(id) { return id; } } };\n', ['method api.users.list', 'method api.users.get']],
    ['an object with `as const`', 'a.ts', 'export const table = { open: () => 1 } as const;\n', ['method table.open']],
    ['export default', 'a.js', 'export default {\n  start() {},\n  stop: async () => {},\n};\n', ['function start', 'function stop']],
    ['module.exports', 'a.js', 'module.exports = { a: () => 1, b() {} };\n', ['function a', 'function b']],
    ['an assigned member', 'a.js', 'exports.messages = { missing: (name) => name.length };\n', ['method messages.missing']],
    ['inside a function', 'a.js', 'function outer() {\n  const local = { inner: () => 1 };\n}\n', ['function outer', 'method outer.local.inner']],
    ['a string key', 'a.js', "const m = { 'on-save': () => 1 };\n", []],
    ['an object passed to a call: arrow members are data', 'a.js', 'register({ run: () => 1 });\n', []],
    ['an object passed to a call: a method stays a function of its name', 'a.js', 'register({ run() {} });\n', ['function run']],
  ])('%s', async (_name, file, text, expected) => {
    expect(await rows(file, text)).toEqual(expected);
  });

  it(`keeps at most ${MAX_OBJECT_MEMBERS} members of object literals per file, and every other symbol`, async () => {
    const entries = Array.from({ length: MAX_OBJECT_MEMBERS + 50 }, (_, i) => `  m${i}: () => ${i},`).join('\n');
    const found = await rows('big.js', `const table = {\n${entries}\n};\nfunction after() {}\n`);
    expect(found.filter((r) => r.startsWith('method table.'))).toHaveLength(MAX_OBJECT_MEMBERS);
    expect(found.at(-1)).toBe('function after');
  });
});
