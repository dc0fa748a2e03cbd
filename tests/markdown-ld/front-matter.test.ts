import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateTools } from '../../benchmarks/synthetic-tools.js';
import { parseFrontMatter, parseFrontMatterFast, parseFrontMatterSlow } from '../../src/markdown-ld/front-matter.js';
import { splitFrontMatter } from '../../src/markdown-ld/parse.js';
import { frontMatters } from '../helpers/front-matters.js';

/**
 * Differential tests: the js-yaml fast path must give exactly what the `yaml` path gives, or
 * decline (undefined) so the `yaml` path answers. `fast` says whether the fast path is expected
 * to answer: typical front matter must stay fast, and the gated forms must go slow.
 */
const CASES: Array<[name: string, text: string, fast: boolean]> = [
  ['typical tool', 'id: tool:github/get_file\ntype: Tool\ntitle: "Get file (github)"\ntags: [github, get]\nreadOnlyHint: true\n', true],
  ['integers', 'a: 1\nb: -1\nc: +1\nd: 0\ne: 010\nf: 12345678901234567890\n', true],
  ['negative zero as a float stays -0', 'a: -0.0\nb: -00\nc: -0e0\n', true],
  ['-0 goes slow (js-yaml 4 gives 0, yaml -0)', 'a: -0\n', false],
  ['floats', 'a: 1.5\nb: .5\nc: 1.\nd: 1e3\ne: 1E-3\nf: -1.\ng: 0.1e+2\nh: 1.7976931348623157e30\ni: 01.5\n', true],
  ['signed leading-dot floats go slow (js-yaml 4 keeps them strings)', 'a: +.5\nb: -.5e3\n', false],
  ['hex and octal', 'a: 0x10\nb: 0xFF\nc: 0o10\nd: 0o777\ne: 09\n', true],
  ['not numbers in the core schema', 'a: 1_000\nb: 0x1_0\nc: 0o8\nd: 1:20\ne: 0o\nf: 1e\ng: .e3\nh: 0X10\ni: 0B1\nj: 2001:db8::1\n', true],
  ['binary goes slow (a number for js-yaml 4, a string for yaml)', 'a: 0b101\n', false],
  ['signed hex and octal go slow (numbers for js-yaml 4, strings for yaml)', 'a: +0x10\nb: -0o7\n', false],
  ['booleans', 'a: true\nb: True\nc: TRUE\nd: false\ne: tRue\n', true],
  ['YAML 1.1 booleans stay strings', 'a: yes\nb: no\nc: on\nd: off\ne: y\nf: n\n', true],
  ['nulls', 'a: ~\nb: null\nc: Null\nd: NULL\ne:\nf: nULL\n', true],
  ['dates stay strings', 'a: 2024-01-01\nb: 2024-01-01T10:00:00Z\nc: 2024-01-01 10:00:00\nd: 12:30:00\n', true],
  ['infinity and NaN in other spellings are strings', 'a: Infinity\nb: NaN\nc: -Infinity\nd: .inF\n', true],
  ['.inf is refused', 'a: .inf\n', false],
  ['-.Inf is refused', 'a: -.Inf\n', false],
  ['.nan is refused', 'a: .NaN\n', false],
  ['an overflowing exponent is refused', 'a: 1e400\n', false],
  ['an overflowing integer is refused', `a: ${'9'.repeat(400)}\n`, false],
  ['block literal and folded scalars', 'a: |\n  x\n  y\nb: >\n  x\n  y\n\n  z\nc: |-\n  x\nd: |+\n  x\n\ne: >-\n  more\n    indented\n  back\n', true],
  ['multi-line plain scalars', 'a: one\n  two\n\n  three\nb: x\n  # a comment\n', true],
  ['multi-line quoted scalars go slow', "a: \"one\n  two\n\n  three\"\nc: 'it''s\n  here'\n", false],
  ['under-indented quoted continuation is refused', 'a: "x\ny"\n', false],
  ['double-quoted escapes', 'a: "\\u00e9\\x41\\t\\n\\\\\\"\\/\\0\\e\\N\\_\\L\\P\\U0001F600"\n', true],
  ['single-quoted', "a: 'it''s'\nb: ''\nc: 'x # y'\n", true],
  ['flow collections', 'a: [1, two, "three", [4], {five: 5}]\nb: {c: 1, d: [e, f], g: }\nc: [a, b,]\nd: {x}\ne: [b: c]\nf: []\ng: {}\n', true],
  ['multi-line flow collections go slow', 'a: [1,\n  2,\n  3]\nb: {c: 1,\n  d: 2}\n', false],
  ['under-indented flow continuation is refused', 'a: [1,\n2]\n', false],
  ['nested flow collections', 'a: [[1], [2, [3]]]\nb: [{c: 1}, {d: [e]}]\nc: {d: {e: [f]}}\n', true],
  ['a flow collection as a flow mapping key is refused', 'a: {{b}, c}\nd: {[e], f}\n', false],
  ['block collections', 'a:\n  - 1\n  - b: 2\n    c: [3]\nd:\n- x\n- y\ne:\n  f:\n    g: h\n', true],
  ['quoted and odd keys', '"quoted": 1\n\'single\': 2\nkey with spaces: 3\n1: a\n1.0x: b\ntrue: c\n0x10: d\n__proto__: e\nconstructor: f\n', true],
  ['unicode', 'é: ü\n日本: 語\nemoji: "😀"\n😀: 1\nnbsp: a\u00a0b\n', true],
  ['comments', '# lead\na: 1 # trailing\n# between\nb: x#not a comment\nc: [1, 2] # after flow\n', true],
  ['plain scalars with indicators inside', "a: R&D\nb: Hello!\nc: a*b\nd: 100%\ne: x:y\nf: http://x.y/z?q=1#f\ng: it's fine\nh: -x\ni: Why? Because\n", true],
  ['CRLF line ends', 'a: 1\r\nb: |\r\n  x\r\n  y\r\nc: [1, 2]\r\n', true],
  ['empty text', '', false],
  ['only a comment', '# nothing\n', false],
  ['a null key goes slow (js-yaml says "null", yaml "")', 'null: a\n~: b\n', false],
  ['an empty key goes slow', ': a\n', false],
  ['a quoted "null" key goes slow', '"null": a\n', false],
  ['anchors and aliases go slow', 'a: &x 1\nb: *x\n', false],
  ['tags go slow', 'a: !!str 1\n', false],
  ['an unknown tag is refused', 'a: !foo x\n', false],
  ['merge keys go slow', 'base: {a: 1}\nb:\n  <<: {c: 2}\n', false],
  ['complex keys are refused', '? [a, b]\n: 1\n', false],
  ['flow collection keys are refused', '[a, b]: 1\n', false],
  ['a flow mapping key is refused', '{a: 1}: 2\n', false],
  ['a comment right after a flow collection is refused', 'a: [x]#c\n', false],
  ['a comment right after a quote is refused', 'a: "x"#c\n', false],
  ['an empty entry in a nested sequence goes slow', 'a:\n- -\n- x\nb:\n- k:\n  -\n- y\n', false],
  ['blank lines with spaces leading a block scalar go slow', 'a: |\n   \n  x\nb: >\n \n  y\n', false],
  ['directives go slow', '%YAML 1.2\n---\na: 1\n', false],
  ['a leading document end marker goes slow', '...\na: 1\n', false],
  ['tabs go slow', 'a:\t1\n', false],
  ['a lone CR goes slow (a line break for js-yaml only)', 'a: 1\rb: 2\n', false],
  ['NEL and LS go slow', 'a: x\u2028y\nb: x\u0085y\n', false],
  ['a byte order mark inside goes slow', 'a: 1\n\uFEFFb: 2\n', false],
  ['an escaped line break goes slow', 'a: "one \\\n\n  two"\n', false],
  ['a \\U escape past U+10FFFF is refused', 'a: "\\U00110000"\n', false],
  ['an indentation indicator goes slow', 'a: >1\n   x\n  y\n   \n', false],
  ['a comment between a key and its value goes slow', 'a:\n#c\n  x\nk: 1\n', false],
  ['a comment between a dash and its item goes slow', 'a:\n-\n#c\n  x\n- y\n', false],
  ['text after a quoted sequence item is refused', "a:\n- 'x' y: 1\n", false],
  ['text after a flow sequence item is refused', 'a:\n- [x] y: 1\n', false],
  ['text after a closing quote is refused', "a: 'x'y\n", false],
  ['an implicit key over 1024 characters is refused', `${'k'.repeat(1100)}: 1\n`, false],
  ['a long quoted value stays fast', `description: "${'word '.repeat(400)}end"\n`, true],
  ['a long plain value goes slow', `description: ${'word '.repeat(400)}end\n`, false],
  ['no trailing line break goes slow', 'a: 1', false],
  ['duplicate keys are refused', 'a: 1\na: 2\n', false],
  ['true and "true" keys: js-yaml calls them duplicates, the yaml path keeps the last', 'true: 1\n"true": 2\n', false],
  ['a list is not an object', '- a\n- b\n', false],
  ['a scalar is not an object', 'just text\n', false],
  ['invalid YAML', 'title: [unclosed\n', false],
  ['too deep', `a: ${'['.repeat(70)}1${']'.repeat(70)}\n`, false],
  ['deep but allowed', `a: ${'['.repeat(60)}1${']'.repeat(60)}\n`, true],
];

const graphFrontMatters = (): Array<[string, string]> => frontMatters([join(import.meta.dirname, '../../graphs')]);

/** Same value, same key order, and -0 kept apart from 0. */
function expectSameValue(fast: unknown, slow: unknown): void {
  expect(fast).toStrictEqual(slow);
  expect(JSON.stringify(fast)).toBe(JSON.stringify(slow));
  const zeros = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (Object.is(x, -0) ? '-0' : x));
  expect(zeros(fast)).toBe(zeros(slow));
}

describe('parseFrontMatter fast path (js-yaml) against the yaml path', () => {
  it.each(CASES)('%s', (_name, text, fast) => {
    const slow = parseFrontMatterSlow(text, 'x.md', 2);
    const quick = parseFrontMatterFast(text);
    expect(quick !== undefined).toBe(fast);
    if (quick !== undefined) {
      expect(slow.diagnostics).toEqual([]);
      expectSameValue(quick, slow.value);
    }
    // The public function answers exactly as the yaml path, diagnostics included.
    expect(parseFrontMatter(text, 'x.md', 2)).toStrictEqual(slow);
  });

  it('keeps the refusals and their positions', () => {
    expect(parseFrontMatter('a: .inf\n', 'x.md', 2).diagnostics.map((d) => d.message)).toEqual([
      'invalid YAML front matter: Infinity is not plain JSON data (no custom tags, binary or infinite numbers)',
    ]);
    expect(parseFrontMatter('a: 1\na: 2\n', 'x.md', 2).diagnostics).toMatchObject([{ code: 'MDKG_YAML_INVALID', line: 3, column: 1 }]);
    expect(parseFrontMatter('- a\n', 'x.md', 2).diagnostics).toMatchObject([{ code: 'MDKG_FRONT_MATTER_NOT_OBJECT' }]);
  });

  it.each(graphFrontMatters())('graph document %s: the fast path, where it answers, gives the same value', (path, text) => {
    const quick = parseFrontMatterFast(text);
    // hand-written documents are plain front matter; generated tool and code documents quote
    // source text as it comes, and some of it (a quote before `*`) is left to the slow path on purpose
    if ((!path.includes('/graphs/tools/') && !path.includes('/graphs/code/')) || path.includes('/_groups/')) expect(quick).toBeDefined();
    if (quick !== undefined) expectSameValue(quick, parseFrontMatterSlow(text, 'x.md', 2).value);
    expect(parseFrontMatter(text, 'x.md', 2)).toEqual(parseFrontMatterSlow(text, 'x.md', 2));
  });

  it('synthetic tool documents take the fast path with the same value', () => {
    for (const tool of generateTools(300, 7)) {
      const text = splitFrontMatter(tool.text).yaml ?? '';
      const quick = parseFrontMatterFast(text);
      expect(quick, tool.path).toBeDefined();
      expectSameValue(quick, parseFrontMatterSlow(text, 'x.md', 2).value);
    }
  });
});
