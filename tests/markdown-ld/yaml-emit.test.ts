import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { syntheticOpenApi } from '../../benchmarks/synthetic-openapi.js';
import { GTC_PRESENT, readSharedCatalog, SHARED_CATALOGS } from '../helpers/shared-datasets.js';
import { sourceModels } from '../../src/generate/source-documents.js';
import { readOpenApi } from '../../src/ingest/openapi/index.js';
import { parseDocument } from '../../src/markdown-ld/parse.js';
import { canonicalize, YAML_OPTIONS } from '../../src/markdown-ld/write.js';
import { emitFrontMatter } from '../../src/markdown-ld/yaml-emit.js';
const REPO = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Compares the fast writer with `yaml` on each value (as given, and with its keys reversed: the
 * writer orders keys itself); returns how many fell back to `yaml`.
 */
function differential(values: Iterable<unknown>): { compared: number; fallbacks: number } {
  let compared = 0;
  let fallbacks = 0;
  for (const value of values) {
    let expected: string | undefined;
    try {
      expected = stringify(canonicalize(value), YAML_OPTIONS);
    } catch {
      expected = undefined; // yaml refuses it (a function, a symbol): the writer must not accept it
    }
    const fast = emitFrontMatter(value);
    compared += 1;
    if (fast === undefined) fallbacks += 1;
    else {
      expect(fast).toBe(expected);
      expect(emitFrontMatter(reversed(value))).toBe(expected);
    }
  }
  return { compared, fallbacks };
}

const reversed = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversed(v)]),
  );
};

const HOSTILE = [
  '',
  ' ',
  '  ',
  'a',
  'plain text',
  'trailing space ',
  ' leading space',
  'trailing colon:',
  'a: b',
  'a:b',
  'key:',
  ':x',
  ': x',
  '"quoted"',
  "'single'",
  `both " and '`,
  "it's",
  'say "hi"',
  '#hash',
  'a #b',
  'a#b',
  'a\t#b',
  '- dash',
  '-',
  '-x',
  '--',
  '---',
  '--- x',
  '...',
  '... x',
  '%x',
  '?',
  '? x',
  '?x',
  '@at',
  '`tick`',
  'a `tick`',
  '!bang',
  '&amp',
  '*star',
  '|pipe',
  '>gt',
  '[x]',
  '{x}',
  'a, b',
  'a [b] {c}',
  ',comma',
  'yes',
  'no',
  'on',
  'off',
  'Yes',
  'NO',
  'y',
  'n',
  'true',
  'True',
  'TRUE',
  'false',
  'False',
  'null',
  'Null',
  'NULL',
  '~',
  'nil',
  '0',
  '1',
  '-1',
  '+1',
  '007',
  '0.5',
  '.5',
  '5.',
  '1e3',
  '1E-3',
  '-1.5e+10',
  '0x1F',
  '0xG',
  '0o17',
  '0o8',
  '0b101',
  '.inf',
  '-.Inf',
  '.nan',
  '.NaN',
  '1_000',
  '1:30',
  '2024-01-01',
  '12:30:45',
  'Grüße — 東京',
  'emoji 🚀',
  'nbsp\u00a0here',
  'line\u2028sep',
  'bom\ufeffx',
  'zero\u200bwidth',
  'tab\there',
  '\ttab first',
  'tab last\t',
  'ctrl\u0001x',
  'del\u007fx',
  'c1\u0085x',
  'lone \ud800 surrogate',
  'cr\rx',
  'x'.repeat(2000),
  `${'word '.repeat(400)}end`,
  'back\\slash',
  'a\\nb',
  'percent % sign',
  'url http://example.com/a?b=c#d',
  '<html>',
  '{{template}}',
  '=equals',
  '$dollar',
  'two\nlines',
  'two\nlines\n',
  'two\nlines\n\n',
  'two\n\nlines',
  '\nleading newline',
  '\n\nleading newlines',
  '  indented\nsecond',
  'first\n  indented second',
  'trailing space \nnext',
  'next\n trailing',
  'ends with spaces\nx  ',
  'ends\nwith tab\t',
  'ends\n  \n',
  'a\n---\nb',
  '---\nstart',
  '...\nb',
  '%\nb',
  'a\n# not a comment',
  'a: b\nc: d',
  '- a\n- b',
  'multi\r\nline',
  '"quote"\nnext',
  "'q'\nnext",
  'x\n\n\n',
  '\n',
  '\n\n',
  ' \n',
  'a\n\tb',
  'a\nb\n ',
];

describe('emitFrontMatter: the same bytes as yaml stringify', () => {
  it('hostile strings in every position: values, keys, sequences, nested maps', () => {
    const values: unknown[] = [];
    for (const s of HOSTILE) {
      values.push(
        { id: 'x', title: s },
        { id: 'x', tags: [s, 'b', s] },
        { id: 'x', parameters: [{ id: '#p', name: s, description: s }], nested: { inner: { deep: s } } },
        { id: 'x', [s]: 'v' },
        { id: 'x', list: [[s], [], [s, [s]]], map: { [s]: [s] } },
        { [s]: s },
      );
    }
    const { compared, fallbacks } = differential(values);
    expect(compared).toBe(HOSTILE.length * 6);
    // control characters, unpaired surrogates, document markers and a few multi-line shapes go to yaml
    expect(fallbacks).toBeLessThan(compared / 4);
  });

  it('strings near the edges of the cheap plain-string test', () => {
    const strings = [
      'a',
      'n',
      'no',
      'Yes',
      'true',
      'True',
      'TRUE',
      'trueX',
      'false',
      'FALSE',
      'False',
      'falsey',
      'null',
      'Null',
      'NULL',
      'nullx',
      'nan',
      'Nan',
      'inf',
      'f',
      't',
      'T',
      'F',
      'N',
      'a: b',
      'a:b',
      'a:',
      'a :b',
      'a::b',
      'a #b',
      'a#b',
      'a # b',
      'a ',
      'a  b',
      'a b',
      'a\tb',
      'a\nb',
      '_a',
      '(a)',
      '/v1/x: y',
      '/v1/{id}',
      'tool:src/x',
      'a [b]',
      'a {b}',
      'a -b',
      'a - b',
      "a 'b'",
      'a "b"',
      'a \\ b',
      'a~b',
      'a%b',
      'a@b',
      'a`b',
      'a|b',
      'a>b',
      'a!b',
      'a*b',
      'a&b',
      'a,b',
      'a, b',
      'aé',
      'a\u0085b',
      'a\u007fb',
      'Z',
      'z:',
      'z :',
    ];
    const values = strings.flatMap((s) => [{ id: 'x', title: s }, { id: 'x', tags: [s] }, { id: 'x', nested: { deep: [{ v: s }] } }, { [s]: s }]);
    const { compared } = differential(values);
    expect(compared).toBe(strings.length * 4);
  });

  it('numbers, booleans, nulls, empty collections, undefined values and integer-like keys', () => {
    const shapes: unknown[] = [
      {},
      { a: 1 },
      { a: -0 },
      { a: 0.1 + 0.2 },
      { a: 1e21 },
      { a: 1e-7 },
      { a: -5 },
      { a: Number.NaN },
      { a: Number.POSITIVE_INFINITY },
      { a: Number.NEGATIVE_INFINITY },
      { a: true, b: false },
      { a: null, b: 1 },
      { a: [null, 1, 'x'] },
      { a: [] },
      { a: {} },
      { a: [[]] },
      { a: [{}] },
      { a: [{ b: [] }] },
      { a: [[1, [2, [3]]]] },
      { a: [{ b: { c: [{ d: 'e' }] } }] },
      { a: [{ b: 'multi\nline' }, '- x\ny'] },
      { '@context': { ex: 'http://example.org/' }, '@type': 'T', 'ex:p': 'v' },
      { a: [undefined, 1] },
      { a: undefined, b: 1 },
      { a: [undefined] },
      { a: { b: undefined } },
      Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`k${(i * 37) % 80}`, i])),
      {
        a: [{ x: undefined, y: 'z' }, undefined, [undefined, 'w']],
        '@id': 'n',
        zz: 1,
        id: 'i',
        generated: 'g',
        '0': 'zero',
        '': 'empty',
        '10': 'ten',
        '2': 'two',
        '01': 'oh-one',
        '4294967295': 'big',
      },
    ];
    expect(differential(shapes).fallbacks).toBe(0);
    // maps of nulls only (yaml writes `? key`), and what is not JSON data: yaml decides or refuses
    const unsupported: unknown[] = [
      { a: null },
      { a: { b: null } },
      { a: null, b: undefined },
      { a: 1n },
      { a: () => 1 },
      { a: Symbol('s') },
      { a: new Date(0) },
    ];
    expect(differential(unsupported).fallbacks).toBe(unsupported.length);
  });

  it('every document under graphs/', () => {
    const docs: unknown[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.md')) {
          const doc = parseDocument(readFileSync(path), path);
          if (doc.frontMatter !== undefined) docs.push(doc.frontMatter);
        }
      }
    };
    walk(join(REPO, 'graphs'));
    const { compared, fallbacks } = differential(docs);
    expect(compared).toBeGreaterThan(40);
    expect(fallbacks).toBe(0);
  });

  it('the documents generated from a synthetic OpenAPI spec', () => {
    const spec = JSON.stringify(syntheticOpenApi(400, 11).spec);
    const result = readOpenApi(spec, { source: 'synthetic', file: 'synthetic.json' });
    const { models } = sourceModels(result.tools, {});
    const { compared, fallbacks } = differential([...models.values()].map((m) => m.frontMatter));
    expect(compared).toBeGreaterThan(400);
    expect(fallbacks).toBe(0);
  });

  it.skipIf(!GTC_PRESENT).each(SHARED_CATALOGS)('the documents generated from the shared %s', (source, file, kind) => {
    const result = readSharedCatalog(source, file, kind);
    expect(result.tools.length).toBeGreaterThan(0);
    const { models } = sourceModels(result.tools, {});
    const { fallbacks } = differential([...models.values()].map((m) => m.frontMatter));
    expect(fallbacks).toBe(0);
  });
});
