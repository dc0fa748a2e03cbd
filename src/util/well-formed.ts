// Strings that are not Unicode: a lone surrogate (half a UTF-16 pair without its other half) has
// no UTF-8 form, so a file, an IRI or a UTF-8 cache cannot hold it as it is. JSON can carry one
// (`"\ud800"`). String#isWellFormed is not in the ES2023 library this project compiles against.

/** A lone surrogate, anywhere. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Index of the first lone surrogate in a text, or -1 when the text is well formed. */
export function loneSurrogateAt(text: string): number {
  LONE_SURROGATE.lastIndex = 0;
  return LONE_SURROGATE.exec(text)?.index ?? -1;
}

/** The text with each lone surrogate replaced by U+FFFD (what a UTF-8 file would hold). */
export function toWellFormed(text: string): string {
  return loneSurrogateAt(text) < 0 ? text : text.replace(LONE_SURROGATE, '\ufffd');
}

/** Whether one character of a string's code-point iteration (`for…of`) is a lone surrogate. */
export function isLoneSurrogate(ch: string): boolean {
  const unit = ch.charCodeAt(0);
  return ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff;
}
