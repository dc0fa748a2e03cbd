import type { Term } from '@rdfjs/types';
import fc from 'fast-check';
import { DataFactory } from 'n3';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFIXES } from '../../src/rdf/namespaces.js';
import { formatBindings, type TabularResult } from '../../src/sparql/format.js';
import { TERMINAL_UNSAFE } from '../../src/util/terminal-text.js';

const { namedNode, literal, blankNode } = DataFactory;
const XSD = 'http://www.w3.org/2001/XMLSchema#';

const rows: Array<Record<string, Term>> = [
  {
    s: namedNode('https://w3id.org/mdkg/tool/fs/read_file'),
    label: literal('Read, "the" file'),
    n: literal('2', namedNode(`${XSD}integer`)),
    b: blankNode('b0'),
  },
  {
    s: namedNode('http://other.example/thing'),
    label: literal('Lire\tle\nfichier', 'fr'),
    n: literal('2024-01-01', namedNode(`${XSD}date`)),
    x: literal('1.5', namedNode(`${XSD}decimal`)),
  },
];
const result: TabularResult = { kind: 'bindings', variables: ['s', 'label', 'n', 'b', 'x'], rows, truncated: false };

describe('formatBindings', () => {
  it('table: aligned, compacted IRIs, plain literal text (tabs and line breaks as visible escapes), a row count', () => {
    expect(formatBindings(result, 'table', DEFAULT_PREFIXES)).toBe(
      [
        '?s                            ?label             ?n          ?b    ?x',
        '----------------------------  -----------------  ----------  ----  ---',
        'tool:fs/read_file             Read, "the" file   2           _:b0',
        '<http://other.example/thing>  Lire\\tle\\nfichier  2024-01-01        1.5',
        '2 rows',
        '',
      ].join('\n'),
    );
  });

  // Titles and literals that hold terminal escape sequences (clear screen, window title, RTL
  // override) are shown as escapes in the table; the machine formats keep them exact.
  it.each([
    ['clear screen', '\u001b[2J\u001b[H', '\\x1b[2J\\x1b[H'],
    ['window title', '\u001b]0;pwned\u0007', '\\x1b]0;pwned\\x07'],
    ['RTL override', 'abc\u202edcba', 'abc\\u202edcba'],
    ['C1 CSI', 'a\u009b31mred', 'a\\x9b31mred'],
    ['carriage return', 'safe\rEVIL', 'safe\\rEVIL'],
    ['zero-width space and BOM', 'a\u200bb\ufeff', 'a\\u200bb\\ufeff'],
  ])('table escapes %s; json, csv and tsv stay exact', (_, text, shown) => {
    const r: TabularResult = {
      kind: 'bindings',
      variables: ['t'],
      rows: [{ t: literal(text) }, { t: namedNode(`https://example.org/${encodeURIComponent(text)}`) }],
    };
    const table = formatBindings(r, 'table', DEFAULT_PREFIXES);
    expect(table.split('\n')[2]).toBe(shown);
    expect(table.split('\n')).toHaveLength(6);
    for (const line of table.split('\n')) expect(line).not.toMatch(TERMINAL_UNSAFE);
    expect(JSON.parse(formatBindings(r, 'json', DEFAULT_PREFIXES)).results.bindings[0].t.value).toBe(text);
    expect(formatBindings(r, 'csv', DEFAULT_PREFIXES)).toContain(text);
  });

  it('table of arbitrary literals: no unsafe character, one line per row', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: 'binary' }), { minLength: 2, maxLength: 2 }), { maxLength: 8 }), (cells) => {
        const r: TabularResult = { kind: 'bindings', variables: ['a', 'b'], rows: cells.map(([a, b]) => ({ a: literal(a ?? ''), b: literal(b ?? '') })) };
        const table = formatBindings(r, 'table', DEFAULT_PREFIXES);
        // header, rule, one line per row, the row count, and the final line break
        expect(table.split('\n')).toHaveLength(cells.length + 4);
        for (const line of table.split('\n')) expect(line).not.toMatch(TERMINAL_UNSAFE);
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    [{ kind: 'bindings', variables: ['s'], rows: [], truncated: false }, '?s\n--\n0 rows\n'],
    [{ kind: 'bindings', variables: ['s'], rows: [{ s: literal('x') }], truncated: false }, '?s\n--\nx\n1 row\n'],
    [
      { kind: 'bindings', variables: ['s'], rows: [{ s: literal('true', namedNode(`${XSD}boolean`)) }], truncated: true },
      '?s\n----\ntrue\n1 row (truncated: more results exist; raise the limit to see them)\n',
    ],
    [{ kind: 'bindings', variables: [], rows: [{}], truncated: false }, '1 row\n'],
    [{ kind: 'boolean', value: true }, 'true\n'],
    [{ kind: 'boolean', value: false }, 'false\n'],
  ] satisfies Array<[TabularResult, string]>)('table %#', (input, expected) => {
    expect(formatBindings(input, 'table', DEFAULT_PREFIXES)).toBe(expected);
  });

  it('json: SPARQL 1.1 Query Results JSON', () => {
    const expected = {
      head: { vars: ['s', 'label', 'n', 'b', 'x'] },
      results: {
        bindings: [
          {
            s: { type: 'uri', value: 'https://w3id.org/mdkg/tool/fs/read_file' },
            label: { type: 'literal', value: 'Read, "the" file' },
            n: { type: 'literal', value: '2', datatype: `${XSD}integer` },
            b: { type: 'bnode', value: 'b0' },
          },
          {
            s: { type: 'uri', value: 'http://other.example/thing' },
            label: { type: 'literal', value: 'Lire\tle\nfichier', 'xml:lang': 'fr' },
            n: { type: 'literal', value: '2024-01-01', datatype: `${XSD}date` },
            x: { type: 'literal', value: '1.5', datatype: `${XSD}decimal` },
          },
        ],
      },
    };
    expect(formatBindings(result, 'json', DEFAULT_PREFIXES)).toBe(`${JSON.stringify(expected, null, 2)}\n`);
  });

  it('json: ASK', () => {
    expect(formatBindings({ kind: 'boolean', value: true }, 'json', {})).toBe('{\n  "head": {},\n  "boolean": true\n}\n');
  });

  it('csv: plain values, RFC 4180 quoting, CRLF', () => {
    expect(formatBindings(result, 'csv', DEFAULT_PREFIXES)).toBe(
      's,label,n,b,x\r\n' +
        'https://w3id.org/mdkg/tool/fs/read_file,"Read, ""the"" file",2,_:b0,\r\n' +
        'http://other.example/thing,"Lire\tle\nfichier",2024-01-01,,1.5\r\n',
    );
  });

  it('tsv: N-Triples terms, ?var header, escaped tabs and newlines', () => {
    expect(formatBindings(result, 'tsv', DEFAULT_PREFIXES)).toBe(
      '?s\t?label\t?n\t?b\t?x\n' +
        `<https://w3id.org/mdkg/tool/fs/read_file>\t"Read, \\"the\\" file"\t"2"^^<${XSD}integer>\t_:b0\t\n` +
        `<http://other.example/thing>\t"Lire\\tle\\nfichier"@fr\t"2024-01-01"^^<${XSD}date>\t\t"1.5"^^<${XSD}decimal>\n`,
    );
  });

  it.each(['csv', 'tsv'] as const)('%s: ASK and empty results', (format) => {
    expect(formatBindings({ kind: 'boolean', value: false }, format, {})).toBe('false\n');
    const empty = formatBindings({ kind: 'bindings', variables: ['a', 'b'], rows: [] }, format, {});
    expect(empty).toBe(format === 'csv' ? 'a,b\r\n' : '?a\t?b\n');
  });
});
