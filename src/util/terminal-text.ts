// Text from documents, specs, datasets and queries shown to people on a terminal: control and
// invisible formatting characters are made visible, so input cannot clear the screen, set the
// window title, move the cursor, reorder text (bidi overrides) or add lines to a table.

/**
 * C0 controls, DEL, C1 controls, and the invisible format characters that reorder or hide text:
 * Arabic letter mark, Mongolian vowel separator, zero-width space/joiners and LRM/RLM, line and
 * paragraph separators, bidi embeddings/overrides/isolates, word joiner and invisible operators,
 * byte order mark, interlinear annotation marks.
 */
export const TERMINAL_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/u;
const UNSAFE_ALL = new RegExp(TERMINAL_UNSAFE.source, 'gu');
const UNSAFE_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/gu;
const NAMED: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function visible(ch: string): string {
  const named = NAMED[ch];
  if (named !== undefined) return named;
  const code = ch.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * `text` with every TERMINAL_UNSAFE character written as a visible escape (`\x1b`, `\u202e`,
 * `\t`, `\n`, `\r`). With `keepNewlines`, line feeds stay (for multi-line text such as a
 * generated query); a lone `\r` is still escaped, so no line can overwrite another. Only for
 * output meant for people: JSON, CSV, TSV, N-Quads and Turtle stay exact.
 */
export function escapeForTerminal(text: string, options: { keepNewlines?: boolean } = {}): string {
  const pattern = options.keepNewlines === true ? UNSAFE_BUT_NEWLINE : UNSAFE_ALL;
  return text.replace(pattern, visible);
}
