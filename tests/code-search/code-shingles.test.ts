// The shingles of code: comments dropped, identifiers, numbers and strings reduced to their class,
// keywords and operators kept, identifier words added; linear and bounded on hostile input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeShingles, codeTokens, MAX_CODE_CHARS, overlap } from '../../src/code-search/code-shingles.js';

describe('codeTokens', () => {
  it.each<[string, string, string[], string[]]>([
    ['an assignment', 'const total = 42;', ['const', 'I', '=', 'N', ';'], ['total']],
    ['strings of every quote', `x("a", 'b', \`c\`)`, ['I', '(', 'S', ',', 'S', ',', 'S', ')'], []],
    ['comments dropped', 'a // note\n/* block */ b # hash comment\n', ['I', 'I'], []],
    ['a directive is not a comment', '#include <stdio.h>', ['#', 'I', '<', 'I', '.', 'I', '>'], ['include', 'stdio']],
    [
      'identifier words',
      'loadGraphCache(HTTPServer, snake_case)',
      ['I', '(', 'I', ',', 'I', ')'],
      ['load', 'graph', 'cache', 'http', 'server', 'snake', 'case'],
    ],
    ['python', 'def f(self):\n    return None', ['def', 'I', '(', 'self', ')', ':', 'return', 'none'], []],
    ['arrows and comparisons', 'a => b === c', ['I', '=>', 'I', '===', 'I'], []],
  ])('%s', (_, code, shape, words) => {
    expect(codeTokens(code)).toEqual({ shape, words });
  });

  it('reads at most MAX_CODE_CHARS characters, whatever the input', () => {
    expect(codeTokens(`${'a '.repeat(MAX_CODE_CHARS)}zz`).shape.length).toBe(MAX_CODE_CHARS / 2);
    // unterminated comments and strings end at the text's end
    expect(codeTokens('/* open'.concat('x'.repeat(1000))).shape).toEqual([]);
    expect(codeTokens(`"${'\\"'.repeat(5000)}`).shape).toEqual(['S']);
  });
});

describe('codeShingles', () => {
  it('gives renamed code the same shape shingles, and different words', () => {
    const a = codeShingles('function add(a, b) { return a + b; }');
    const b = codeShingles('function sum(x, y) { return x + y; }');
    const c = codeShingles('while (true) { queue.pop(); }');
    // shape shingles are shared; only identifier words differ
    expect(overlap(a, b)).toBe(a.length - 1);
    expect(overlap(a, c)).toBe(0);
  });

  it('is sorted and distinct; empty for code without tokens', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (code) => {
        const s = codeShingles(code);
        for (let i = 1; i < s.length; i += 1) expect(s[i]!).toBeGreaterThan(s[i - 1]!);
        expect(overlap(s, s)).toBe(s.length);
      }),
      { numRuns: 300 },
    );
    expect(codeShingles('  // only a comment\n').length).toBe(0);
  });
});
