/** 1-based line and column of a place in a query text. */
export interface TextPosition {
  line: number;
  column: number;
}

/** Offsets where each line starts. Line breaks are `\r\n`, `\r` or `\n`, as the SPARQL lexer counts them. */
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

/** 1-based line and column of an offset. */
export function positionOf(text: string, offset: number): TextPosition {
  const starts = lineStarts(text);
  let line = 0;
  while (line + 1 < starts.length && (starts[line + 1] ?? Infinity) <= offset) line += 1;
  return { line: line + 1, column: offset - (starts[line] ?? 0) + 1 };
}

/** Skips what the SPARQL lexer skips between tokens: white space and `#` comments. */
export function skipIgnorable(text: string, offset: number): number {
  const re = /(?:\s+|#[^\n\r]*)+/y;
  re.lastIndex = offset;
  return re.exec(text) === null ? offset : re.lastIndex;
}

/**
 * First place where `needle` occurs as a whole token: not inside an `<IRI>`, a string or a
 * comment, and not glued to name characters on either side. Best effort, for pointing at a term.
 */
export function findToken(text: string, needle: string): number | undefined {
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    // A needle ending in ':' is a prefix: a local name may follow it.
    const after = needle.endsWith(':') ? ' ' : (text[i + needle.length] ?? ' ');
    const glued = /[\w\-.:?$]/.test(text[i - 1] ?? ' ') || /[\w\-:%\\]/.test(after);
    if (text.startsWith(needle, i) && !glued) return i;
    if (c === '#') {
      while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i += 1;
    } else if (c === '"' || c === "'") {
      i += 1;
      while (i < text.length && text[i] !== c) i += text[i] === '\\' ? 2 : 1;
    } else if (c === '<' && /^<[^<>"{}|^`\\\s]*>/.test(text.slice(i, i + 2048))) {
      i = text.indexOf('>', i);
    }
    i += 1;
  }
  return undefined;
}
