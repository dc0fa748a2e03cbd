// Text from documents, specs and servers reaches people's terminals in tables and messages. A
// control character there is an instruction to the terminal (clear the screen, set the window
// title, reverse the text direction): in human output every such character is shown as an escape.
// Machine formats (JSON, CSV, TSV, N-Quads, Turtle) stay exact.

/**
 * C0 controls and DEL, C1 controls, and the invisible format characters that reorder or hide text
 * (zero-width spaces and joiners, LRM/RLM, bidi embeddings, overrides and isolates, ALM, BOM).
 */
const UNSAFE = /[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

const hex = (c: string, width: number): string => c.charCodeAt(0).toString(16).padStart(width, '0');

/** `s` with every control and bidi character written as `\xHH` or `\uHHHH`; one line, safe to print. */
export function escapeForTerminal(s: string): string {
  return s.replace(UNSAFE, (c) => (c.charCodeAt(0) <= 0xff ? `\\x${hex(c, 2)}` : `\\u${hex(c, 4)}`));
}
