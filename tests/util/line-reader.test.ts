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

describe('LineReader with long lines given as bytes', () => {
  /** What the reader hands over: text lines, long lines (as their text), skipped parts joined, and events. */
  function readLong(maxBytes: number, over: number, chunks: string[]): string[] {
    const out: string[] = [];
    let skipped = '';
    const reader = new LineReader(
      maxBytes,
      (line) => out.push(`line ${line}`),
      () => out.push('<too large>'),
      {
        over,
        line: (parts, length) => out.push(`long ${length} ${Buffer.concat(parts).toString('utf8')}`),
        skipped: (part) => {
          skipped += part.toString('utf8');
        },
        skippedEnd: (length) => {
          out.push(`skipped ${length} ${skipped}`);
          skipped = '';
        },
      },
    );
    for (const chunk of chunks) reader.push(Buffer.from(chunk, 'utf8'));
    return out;
  }

  it.each<[string, number, number, string[], string[]]>([
    ['a line up to `over` is text', 10, 4, ['abcd\n'], ['line abcd']],
    ['a line over `over` is its bytes', 10, 4, ['abcde\n'], ['long 5 abcde']],
    ['a long line across chunks keeps its CR', 10, 4, ['abc', 'def\r\n'], ['long 7 abcdef\r']],
    ['a skipped line: every byte of it, in order, then its length', 6, 2, ['abc', 'defgh', 'ij\nok\n'], ['<too large>', 'skipped 10 abcdefghij', 'line ok']],
    ['a skipped line in one chunk', 3, 2, ['abcdef\nxyz\n'], ['<too large>', 'skipped 6 abcdef', 'long 3 xyz']],
  ])('%s', (_, max, over, chunks, out) => {
    expect(readLong(max, over, chunks)).toEqual(out);
  });
});
