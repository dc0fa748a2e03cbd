// The line reader of both stdio MCP ends: lines across chunks, CRLF, blank lines dropped, and a
// line over the limit skipped to its newline after one onTooLarge, the next line read as usual.
import { describe, expect, it } from 'vitest';
import { LineReader } from '../../src/util/line-reader.js';

function read(maxBytes: number, chunks: string[]): string[] {
  const out: string[] = [];
  const reader = new LineReader(
    maxBytes,
    (line) => out.push(line),
    () => out.push('<too large>'),
  );
  for (const chunk of chunks) reader.push(Buffer.from(chunk, 'utf8'));
  return out;
}

describe('LineReader', () => {
  it.each<[string, number, string[], string[]]>([
    ['one line', 100, ['{"a":1}\n'], ['{"a":1}']],
    ['a line across chunks', 100, ['{"a"', ':1', '}\n'], ['{"a":1}']],
    ['two lines in one chunk', 100, ['a\nb\n'], ['a', 'b']],
    ['CRLF', 100, ['a\r\nb\r\n'], ['a', 'b']],
    ['blank lines dropped', 100, ['\n  \na\n'], ['a']],
    ['no newline yet', 100, ['abc'], []],
    ['over the limit in one chunk, then a line', 4, ['abcdefgh\nok\n'], ['<too large>', 'ok']],
    ['over the limit across chunks, skipped to its newline', 4, ['abc', 'def', 'ghi\nok\n'], ['<too large>', 'ok']],
    ['exactly the limit', 4, ['abcd\n'], ['abcd']],
  ])('%s', (_, max, chunks, lines) => {
    expect(read(max, chunks)).toEqual(lines);
  });

  it('a character whose UTF-8 bytes are split between chunks', () => {
    const out: string[] = [];
    const reader = new LineReader(
      100,
      (line) => out.push(line),
      () => undefined,
    );
    const bytes = Buffer.from('\u00e9\n', 'utf8');
    reader.push(bytes.subarray(0, 1));
    reader.push(bytes.subarray(1));
    expect(out).toEqual(['\u00e9']);
  });

  it('clear drops a partly read line', () => {
    const out: string[] = [];
    const reader = new LineReader(
      100,
      (line) => out.push(line),
      () => undefined,
    );
    reader.push(Buffer.from('half'));
    reader.clear();
    reader.push(Buffer.from('whole\n'));
    expect(out).toEqual(['whole']);
  });
});
