import { describe, expect, it } from 'vitest';
import { findJsonSyntaxError } from '../../../src/ingest/mcp/json-error.js';

describe('findJsonSyntaxError', () => {
  const invalid: Array<[string, number, string]> = [
    ['{"a":}', 5, 'expected a value, found "}"'],
    ['{"a" 1}', 5, 'expected \':\' after the property name, found "1"'],
    ["{'a': 1}", 1, 'expected a property name in double quotes, found "\'"'],
    ['{"a": 1,}', 8, 'expected a property name in double quotes, found "}"'],
    ['[1 2]', 3, "expected ',' or ']', found \"2\""],
    ['[01]', 2, "expected ',' or ']', found \"1\""],
    ['"abc', 4, 'unterminated string or bad escape, found the end of the text'],
    ['"a\\x"', 2, 'unterminated string or bad escape, found "\\\\"'],
    ['"tab\there"', 4, 'unterminated string or bad escape, found "\\t"'],
    ['tru', 0, 'expected a value, found "t"'],
    ['-', 0, 'expected a value, found "-"'],
    ['{} {}', 3, 'unexpected text after the JSON value, found "{"'],
    ['[[[]]', 5, "expected ',' or ']', found the end of the text"],
  ];
  it.each(invalid)('%j fails at %i', (text, offset, reason) => {
    expect(findJsonSyntaxError(text)).toEqual({ offset, reason });
  });

  it.each(['0', '-1.5e+3', '"\\u00e9\\n"', 'null', ' [true, false, {"a": [{}], "b": {"c": []}}] ', '{"": ""}'])('%j is valid', (text) => {
    expect(findJsonSyntaxError(text)).toBeUndefined();
  });

  it('agrees with JSON.parse on 2,000 mutations of a tool list', () => {
    const base = JSON.stringify({
      tools: [
        {
          name: 'a_b',
          description: 'x "y" \\ z',
          inputSchema: { type: 'object', properties: { n: { type: ['integer', 'null'], default: -1.5e3 } }, required: ['n'] },
          annotations: { readOnlyHint: true, x: null },
        },
      ],
    });
    const alphabet = '{}[],:"\\ 0123456789.-+eEtrufalsn\t\nx';
    let seed = 42;
    const random = (n: number): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let round = 0; round < 2_000; round += 1) {
      const at = random(base.length);
      const text = random(2) === 0 ? base.slice(0, at) + base.slice(at + 1) : base.slice(0, at) + alphabet[random(alphabet.length)] + base.slice(at);
      let parses = true;
      try {
        JSON.parse(text);
      } catch {
        parses = false;
      }
      expect([text, findJsonSyntaxError(text) === undefined]).toEqual([text, parses]);
    }
  });

  it('handles a 20 MB string value', () => {
    const text = `{"a": "${'x'.repeat(20_000_000)}" "b"}`;
    expect(findJsonSyntaxError(text)).toEqual({ offset: 20_000_009, reason: "expected ',' or '}', found \"\\\"\"" });
  });
});
