// Places in a SPARQL query text: skipping what the lexer skips, finding a term as a whole token.

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
