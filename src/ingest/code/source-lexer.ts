// A small lexer of source text, one pass, linear in its length, for what the grammar-based
// extraction does not keep: a file's leading comments and tokens (module-doc.ts). It knows each
// language family's comments and string literals only, enough not to read a comment marker inside
// a string or a string inside a comment: `//` and `/* */` (nested in Rust), `#` (Python, Ruby),
// '…' and "…" (a line at most, except Rust's "…"), Python's triple quotes (read as comment text:
// docstrings), backquotes (JS/TS templates, Go raw strings), Rust's raw strings `r#"…"#`, and
// Rust's `'a` lifetimes beside its char literals.

/** One lexed piece: a comment (its text with markers), an identifier, a string literal, or a line break. */
export type Lexeme = { kind: 'comment' | 'identifier' | 'string' | 'newline'; text: string };

interface Family {
  slashComments: boolean;
  hashComments: boolean;
  /** `'…'` is a string (else a char literal, or in Rust possibly a lifetime). */
  singleQuoteString: boolean;
  backquoteString: boolean;
  tripleQuotes: boolean;
  rust: boolean;
}

const C: Family = { slashComments: true, hashComments: false, singleQuoteString: false, backquoteString: false, tripleQuotes: false, rust: false };
const FAMILIES: Readonly<Record<string, Family>> = {
  typescript: { ...C, singleQuoteString: true, backquoteString: true },
  tsx: { ...C, singleQuoteString: true, backquoteString: true },
  javascript: { ...C, singleQuoteString: true, backquoteString: true },
  php: { ...C, singleQuoteString: true },
  go: { ...C, backquoteString: true },
  java: C,
  csharp: C,
  cpp: C,
  rust: { ...C, rust: true },
  python: { ...C, slashComments: false, hashComments: true, singleQuoteString: true, tripleQuotes: true },
  ruby: { ...C, slashComments: false, hashComments: true, singleQuoteString: true },
};

/** Whether the lexer knows a language (the ids of ingest/code/languages.ts). */
export const lexes = (language: string): boolean => FAMILIES[language] !== undefined;

const isIdentStart = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36 || c >= 0xc0;
const isIdentPart = (c: number): boolean => isIdentStart(c) || (c >= 48 && c <= 57);
const RUST_CHAR = /'(?:\\(?:u\{[0-9a-fA-F]{1,6}\}|x[0-9a-fA-F]{2}|.)|[^\\'\n])'/y;

/**
 * The lexemes of a source text in order, passed to `sink` (a language the lexer does not know:
 * none). Each character is read once, except a bounded look-ahead for a Rust char literal.
 */
export function lexSource(text: string, language: string, sink: (l: Lexeme) => void): void {
  const f = FAMILIES[language];
  if (f === undefined) return;
  const n = text.length;
  let i = 0;
  // To the end of a quoted literal from `from` (after its opening quote): escapes skipped; at a line
  // break unless `multiline`. Returns the index after the closing quote.
  const quoted = (from: number, quote: number, multiline: boolean, escapes: boolean): number => {
    let j = from;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (escapes && c === 92) j += 2;
      else if (c === quote) return j + 1;
      else if (c === 10 && !multiline) return j;
      else j += 1;
    }
    return n;
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (c === 10) {
      sink({ kind: 'newline', text: '\n' });
      i += 1;
    } else if (f.slashComments && c === 47 && next === 47) {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      sink({ kind: 'comment', text: text.slice(i, stop) });
      i = stop;
    } else if (f.slashComments && c === 47 && next === 42) {
      let j = i + 2;
      let depth = 1;
      while (j < n && depth > 0) {
        const d = text.charCodeAt(j);
        if (d === 42 && text.charCodeAt(j + 1) === 47) {
          depth -= 1;
          j += 2;
        } else if (f.rust && d === 47 && text.charCodeAt(j + 1) === 42) {
          depth += 1;
          j += 2;
        } else j += 1;
      }
      sink({ kind: 'comment', text: text.slice(i, j) });
      i = j;
    } else if (f.hashComments && c === 35) {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      sink({ kind: 'comment', text: text.slice(i, stop) });
      i = stop;
    } else if (f.tripleQuotes && (c === 34 || c === 39) && next === c && text.charCodeAt(i + 2) === c) {
      const close = text.slice(i, i + 3);
      let j = i + 3;
      while (j < n && !text.startsWith(close, j)) j += text.charCodeAt(j) === 92 ? 2 : 1;
      const end = Math.min(n, j + 3);
      sink({ kind: 'comment', text: text.slice(i, end) });
      i = end;
    } else if (c === 34) {
      const end = quoted(i + 1, 34, f.rust, true);
      sink({ kind: 'string', text: text.slice(i, end) });
      i = end;
    } else if (c === 39 && f.singleQuoteString) {
      const end = quoted(i + 1, 39, false, true);
      sink({ kind: 'string', text: text.slice(i, end) });
      i = end;
    } else if (c === 39) {
      // A char literal, or (Rust) a lifetime or label: only the quote is skipped.
      RUST_CHAR.lastIndex = i;
      const end = RUST_CHAR.test(text) ? RUST_CHAR.lastIndex : f.rust ? i + 1 : quoted(i + 1, 39, false, true);
      if (end > i + 1) sink({ kind: 'string', text: text.slice(i, end) });
      i = end;
    } else if (c === 96 && f.backquoteString) {
      const end = quoted(i + 1, 96, true, language !== 'go');
      sink({ kind: 'string', text: text.slice(i, end) });
      i = end;
    } else if (isIdentStart(c)) {
      let j = i + 1;
      while (j < n && isIdentPart(text.charCodeAt(j))) j += 1;
      const word = text.slice(i, j);
      // Rust raw strings: r"…", r#"…"#, br#"…"#.
      if (f.rust && (word === 'r' || word === 'br') && (text.charCodeAt(j) === 35 || text.charCodeAt(j) === 34)) {
        let hashes = 0;
        while (text.charCodeAt(j + hashes) === 35) hashes += 1;
        if (text.charCodeAt(j + hashes) === 34) {
          const close = `"${'#'.repeat(hashes)}`;
          const at = text.indexOf(close, j + hashes + 1);
          const end = at < 0 ? n : at + close.length;
          sink({ kind: 'string', text: text.slice(i, end) });
          i = end;
          continue;
        }
      }
      sink({ kind: 'identifier', text: word });
      i = j;
    } else if (c >= 48 && c <= 57) {
      // A number (with its suffix or hex digits): not an identifier.
      let j = i + 1;
      while (j < n && isIdentPart(text.charCodeAt(j))) j += 1;
      i = j;
    } else i += 1;
  }
}
