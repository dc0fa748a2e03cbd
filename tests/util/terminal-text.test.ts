import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeForTerminal, TERMINAL_UNSAFE } from '../../src/util/terminal-text.js';

// Every character the class covers, and the escape people see for it.
const CASES: Array<[string, string]> = [
  ['\u0000', '\\x00'],
  ['\u0007', '\\x07'],
  ['\t', '\\t'],
  ['\n', '\\n'],
  ['\r', '\\r'],
  ['\u001b', '\\x1b'],
  ['\u007f', '\\x7f'],
  ['\u0080', '\\x80'],
  ['\u009b', '\\x9b'],
  ['\u009f', '\\x9f'],
  ['\u061c', '\\u061c'],
  ['\u180e', '\\u180e'],
  ['\u200b', '\\u200b'],
  ['\u200e', '\\u200e'],
  ['\u200f', '\\u200f'],
  ['\u2028', '\\u2028'],
  ['\u2029', '\\u2029'],
  ['\u202a', '\\u202a'],
  ['\u202e', '\\u202e'],
  ['\u2060', '\\u2060'],
  ['\u2066', '\\u2066'],
  ['\u2069', '\\u2069'],
  ['\ufeff', '\\ufeff'],
  ['\ufffb', '\\ufffb'],
];

describe('escapeForTerminal', () => {
  it.each(CASES)('%j is shown as %s', (ch, shown) => {
    expect(escapeForTerminal(`a${ch}b`)).toBe(`a${shown}b`);
  });

  it.each([
    ['clear screen and home', '\u001b[2J\u001b[H title', '\\x1b[2J\\x1b[H title'],
    ['window title (OSC ... BEL)', '\u001b]0;owned\u0007', '\\x1b]0;owned\\x07'],
    ['RTL override hiding an extension', 'invoice\u202efdp.exe', 'invoice\\u202efdp.exe'],
  ])('%s', (_, text, shown) => {
    expect(escapeForTerminal(text)).toBe(shown);
  });

  it('leaves printable text alone: letters of any script, emoji, combining marks, backslashes', () => {
    for (const text of ['plain', '사용자 삭제', 'ファイルを読む', 'مرحبا', 'e\u0301', '🙂 ok', 'C:\\path\\x1b', '█░ · →'])
      expect(escapeForTerminal(text)).toBe(text);
  });

  it('keepNewlines keeps line feeds and still escapes a carriage return', () => {
    expect(escapeForTerminal('a\nb\r\nc\u001b', { keepNewlines: true })).toBe('a\nb\\r\nc\\x1b');
  });

  it('property: the escaped form of any string holds no C0, C1, DEL, bidi or invisible format character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        expect(escapeForTerminal(text)).not.toMatch(TERMINAL_UNSAFE);
        expect(escapeForTerminal(text, { keepNewlines: true }).replace(/\n/g, '')).not.toMatch(TERMINAL_UNSAFE);
        expect(escapeForTerminal(text, { keepNewlines: true }).split('\n')).toHaveLength(text.split('\n').length);
      }),
      { numRuns: 1000 },
    );
  });

  it('property: escaping is idempotent and changes nothing in safe text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 100 }), (text) => {
        const once = escapeForTerminal(text);
        expect(escapeForTerminal(once)).toBe(once);
        if (!TERMINAL_UNSAFE.test(text)) expect(once).toBe(text);
      }),
      { numRuns: 500 },
    );
  });
});
