import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { syntheticOpenApi } from '../../benchmarks/synthetic-openapi.js';
import { sourceModels } from '../../src/generate/source-documents.js';
import { readOpenApi } from '../../src/ingest/openapi/index.js';
import { parseFrontMatter, parseFrontMatterSlow } from '../../src/markdown-ld/front-matter.js';
import { parseFrontMatterSubset } from '../../src/markdown-ld/yaml-subset.js';
import { emitFrontMatter } from '../../src/markdown-ld/yaml-emit.js';
import { frontMatters } from '../helpers/front-matters.js';

const REPO = join(import.meta.dirname, '../..');

/** Same value, same key order, and -0 kept apart from 0. */
function expectSameValue(subset: unknown, slow: unknown): void {
  expect(subset).toStrictEqual(slow);
  const zeros = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (Object.is(x, -0) ? '-0' : x));
  expect(zeros(subset)).toBe(zeros(slow));
}

/** The subset reader answers only with what the `yaml` path gives; the public function is unchanged. */
function differential(text: string): boolean {
  const subset = parseFrontMatterSubset(text);
  const slow = parseFrontMatterSlow(text, 'x.md', 2);
  if (subset !== undefined) {
    expect(slow.diagnostics).toEqual([]);
    expectSameValue(subset, slow.value);
  }
  expect(parseFrontMatter(text, 'x.md', 2)).toStrictEqual(slow);
  return subset !== undefined;
}

// [name, text, whether the subset reader answers]
const CASES: Array<[string, string, boolean]> = [
  ['a generated tool', 'id: tool:x/a\ntype: Tool\nformat: 2\ntitle: Archive a account.\nreadOnlyHint: false\ntags:\n  - account\n', true],
  ['sequence of mappings', 'parameters:\n  - id: "#param-path.id"\n    "@type": Parameter\n    required: true\n  - id: "#p2"\n    name: x\n', true],
  ['nested blocks', 'a:\n  b:\n    c: d\n    e:\n      - f\n      - g: h\n        i: j\n  k: l\n', true],
  ['quoted strings', 'a: "x: y # z"\nb: \'say "hi"\'\nc: \'it\'\'s\'\nd: "tab\\tand \\"quote\\" \\\\ \\/"\ne: "é ü 日本"\n', true],
  ['numbers', 'a: 0\nb: 12\nc: -3\nd: 0.6\ne: 123456789012345\nf: -0.25\ng: -0.0\n', true],
  ['null and booleans', 'a: null\nb: true\nc: False\nd: TRUE\ne: nullx\nf: Truely\n', true],
  ['empty collections', 'a: []\nb: {}\nc:\n  - []\n', true],
  [
    'plain strings with indicators inside',
    'a: R&D\nb: x:y\nc: response.tags[].key\nd: /v1/a/{id}\ne: mdkg sha256:abc\nf: (x)\ng: a#b\nh: ./x.js\ni: ../../y.js\n',
    true,
  ],
  ['keys with punctuation', '$schema: x\nfile_path: y\na.b/c-d: z\n', true],
  // outside the subset: the other paths read these
  ['a comment line', '# c\na: 1\n', false],
  ['a trailing comment', 'a: 1 # c\n', false],
  ['a blank line', 'a: 1\n\nb: 2\n', false],
  ['a multi-line plain scalar', 'a: one\n  two\n', false],
  ['a multi-line quoted scalar', 'a: "one\n  two"\n', false],
  ['a block literal', 'a: |\n  x\n', false],
  ['a flow sequence', 'a: [1, 2]\n', false],
  ['a flow mapping', 'a: {b: 1}\n', false],
  ['an empty value (null)', 'a:\nb: 1\n', false],
  ['a same-indent sequence', 'a:\n- x\n', false],
  ['an uneven sequence', 'a:\n  - x\n   - y\n', false],
  ['a nested sequence item', 'a:\n  - - x\n', false],
  ['an empty sequence item', 'a:\n  -\n  - y\n', false],
  ['two spaces after a colon', 'a:  1\n', false],
  ['a tab', 'a:\t1\n', false],
  ['CRLF', 'a: 1\r\n', false],
  ['duplicate keys', 'a: 1\na: 2\n', false],
  ['a __proto__ key', '__proto__: x\n', false],
  ['null and boolean keys', 'null: 1\n', false],
  ['a quoted null key', '"null": 1\n', false],
  ['a quoted empty key', '"": 1\n', false],
  ['a numeric key', '1: a\n', false],
  ['anchors and aliases', 'a: &x 1\nb: *x\n', false],
  ['tags', 'a: !!str 1\n', false],
  ['other numbers', 'a: 1e3\n', false],
  ['a leading zero', 'a: 010\n', false],
  ['minus zero', 'a: -0\n', false],
  ['a leading dot', 'a: .5\n', false],
  ['a leading dot word', 'a: .x\n', false],
  ['three dots', 'a: .../x\n', false],
  ['hex', 'a: 0x10\n', false],
  ['~ null', 'a: ~\n', false],
  ['a \\u escape', 'a: "\\u00e9"\n', false],
  ['YAML-only escapes', 'a: "\\x41"\n', false],
  ['emoji (surrogates)', 'a: "😀"\n', false],
  ['a line separator', 'a: "x\u2028y"\n', false],
  ['a C1 control', 'a: "x\u0085y"\n', false],
  ['a document marker', '---\na: 1\n', false],
  ['a directive', '%YAML 1.2\na: 1\n', false],
  ['a sequence at the root', '- a\n', false],
  ['a scalar at the root', 'text\n', false],
  ['an indented root', '  a: 1\n', false],
  ['no final line break', 'a: 1', false],
  ['text after a closing quote', 'a: "x" y\n', false],
  ['a trailing space', 'a: x \n', false],
  ['a space before #', 'a: x #y\n', false],
  ['a plain value ending in a colon', 'a: x:\n', false],
  ['a complex key', '? a\n: 1\n', false],
  ['a merge key', '<<: {a: 1}\n', false],
  ['too deep', `${Array.from({ length: 70 }, (_, i) => `${' '.repeat(2 * i)}k${i}:`).join('\n')}\n${' '.repeat(140)}x: 1\n`, false],
];

describe('parseFrontMatterSubset: the writer’s block YAML, read like the yaml path', () => {
  it.each(CASES)('%s', (_name, text, answers) => {
    expect(differential(text)).toBe(answers);
  });

  it('every bundled document and fixture: the same value wherever it answers', () => {
    let answered = 0;
    let all = 0;
    for (const [, yaml] of frontMatters(['graphs', 'tests/fixtures', 'benchmarks/datasets'].map((dir) => join(REPO, dir)))) {
      all += 1;
      if (differential(yaml)) answered += 1;
    }
    expect(all).toBeGreaterThan(300);
    expect(answered).toBeGreaterThan(all / 2);
  });

  it('every document generated from a synthetic OpenAPI spec is read by the subset, the same', () => {
    const spec = JSON.stringify(syntheticOpenApi(400, 11).spec);
    const { models } = sourceModels(readOpenApi(spec, { source: 'synthetic', file: 'synthetic.json' }).tools, {});
    let n = 0;
    for (const model of models.values()) {
      const text = emitFrontMatter(model.frontMatter);
      expect(text).toBeDefined();
      expect(differential(text as string)).toBe(true);
      n += 1;
    }
    expect(n).toBeGreaterThan(400);
  });

  it('hostile strings in values, keys and sequences: never a different value', () => {
    const strings = [
      '',
      ' ',
      'a',
      'a: b',
      'a:b',
      'a #b',
      'a#b',
      '#a',
      '-a',
      '- a',
      '-',
      '?',
      '? a',
      ':a',
      'a:',
      ' a',
      'a ',
      'null',
      'Null',
      'true',
      'no',
      'yes',
      '~',
      '0',
      '-0',
      '00',
      '0.5',
      '.5',
      '1e3',
      '0x1',
      '0o7',
      '.inf',
      '.nan',
      '1_0',
      '"',
      "'",
      '"a"',
      "'a'",
      "it's",
      'say "hi"',
      '\\',
      '\\n',
      'a\nb',
      'a\tb',
      'a\rb',
      '\u0085',
      '\u2028',
      '\ufeff',
      'é',
      '😀',
      '\ud800',
      '[a]',
      '{a}',
      'a, b',
      '&a',
      '*a',
      '!a',
      '|',
      '>',
      '%a',
      '@a',
      '`a',
      '---',
      '...',
      '<<',
      '__proto__',
    ];
    let answered = 0;
    for (const s of strings) {
      for (const value of [{ k: s }, { k: [s, 'b'] }, { k: [{ id: s, v: s }] }, { [s]: 'v' }, { k: { [s]: [s] } }]) {
        const text = emitFrontMatter(value);
        if (text !== undefined && differential(text)) answered += 1;
      }
    }
    expect(answered).toBeGreaterThan(strings.length);
  });
});
