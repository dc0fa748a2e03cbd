// Line and column of a place in a text: the one helper for every diagnostic that points into a
// file or a query. Line breaks are `\r\n`, `\r` or `\n` (as documents and the SPARQL lexer count them).

/** 1-based line and column. */
export interface TextPosition {
  line: number;
  column: number;
}

/** Offsets where each line starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  const re = /\r\n?|\n/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) starts.push(m.index + m[0].length);
  return starts;
}

/** Offset of a 1-based line and 0-based column, clamped to the text. */
export function offsetOf(text: string, line: number, column0: number): number {
  const starts = lineStarts(text);
  const start = starts[Math.min(Math.max(line, 1), starts.length) - 1] ?? 0;
  return Math.min(start + Math.max(column0, 0), text.length);
}

/** 1-based line and column of an offset; `firstLine` is the line the text starts on in its file. */
export function positionOf(text: string, offset: number, firstLine = 1): TextPosition {
  const starts = lineStarts(text);
  let lo = 0;
  let hi = starts.length - 1;
  // the last line start at or before the offset (binary search: linear texts, many lookups)
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + firstLine, column: offset - starts[lo]! + 1 };
}
