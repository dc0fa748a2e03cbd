// What role a character plays for the tokenizer, by code point. ASCII is a fixed table; other BMP
// characters are classified once (Unicode properties, then CJK ranges) and remembered in a table,
// so the tokenizer never runs a regular expression per character twice.

/** Splits chunks: whitespace, controls, zero-width and other format characters, quotes, brackets, symbols. */
export const HARD = 0;
/** Inside a chunk (identifiers may contain it), but between words: `. / \ : @ - _ # + ~ % = & ? $ { }`. */
export const SOFT = 1;
export const UPPER = 2;
/** Lower-case and uncased letters (other than CJK), combining marks, non-decimal numbers. */
export const LOWER = 3;
export const DIGIT = 4;
const HANGUL = 5;
export const HIRAGANA = 6;
const KATAKANA = 7;
export const HAN = 8;

export type CharClass = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/** Word characters of alphabetic scripts: split into words, camel case and all. */
export function isAlnum(cls: number): boolean {
  return cls === UPPER || cls === LOWER || cls === DIGIT;
}

/** Scripts written without spaces between words: indexed as character bigrams. */
export function isCjk(cls: number): boolean {
  return cls >= HANGUL;
}

const UNKNOWN = 255;
const TABLE = new Uint8Array(0x10000).fill(UNKNOWN);
const ASTRAL = new Map<number, CharClass>();

// biome-ignore lint/suspicious/noTemplateCurlyInString: a list of characters, `$`, `{` and `}` among them
const SOFT_ASCII = './\\:@-_#+~%=&?${}';
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (c >= 0x41 && c <= 0x5a) TABLE[c] = UPPER;
  else if (c >= 0x61 && c <= 0x7a) TABLE[c] = LOWER;
  else if (c >= 0x30 && c <= 0x39) TABLE[c] = DIGIT;
  else TABLE[c] = SOFT_ASCII.includes(ch) ? SOFT : HARD;
}

const SEPARATOR = /^[\p{Z}\p{C}]$/u;
const DASH_OR_CONNECTOR = /^[\p{Pd}\p{Pc}]$/u;
const PUNCT_OR_SYMBOL = /^[\p{P}\p{S}]$/u;
const UPPER_CASE = /^[\p{Lu}\p{Lt}]$/u;
const DECIMAL = /^\p{Nd}$/u;
const LETTER_LIKE = /^[\p{L}\p{M}\p{N}]$/u;

function cjkClass(cp: number): CharClass | undefined {
  if (
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0x1100 && cp <= 0x11ff) ||
    (cp >= 0x3130 && cp <= 0x318f) ||
    (cp >= 0xa960 && cp <= 0xa97f) ||
    (cp >= 0xd7b0 && cp <= 0xd7ff)
  ) {
    return HANGUL;
  }
  if (cp >= 0x3040 && cp <= 0x309f) return HIRAGANA;
  if ((cp >= 0x30a0 && cp <= 0x30ff) || (cp >= 0x31f0 && cp <= 0x31ff)) return KATAKANA;
  if (
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0x20000 && cp <= 0x3ffff) ||
    cp === 0x3005 ||
    cp === 0x3007
  ) {
    return HAN;
  }
  return undefined;
}

function compute(cp: number): CharClass {
  if (cp >= 0xd800 && cp <= 0xdfff) return HARD; // a lone surrogate
  const ch = String.fromCodePoint(cp);
  if (SEPARATOR.test(ch)) return HARD;
  if (DASH_OR_CONNECTOR.test(ch)) return SOFT;
  if (PUNCT_OR_SYMBOL.test(ch)) return HARD;
  const cjk = cjkClass(cp);
  if (cjk !== undefined) return cjk;
  if (UPPER_CASE.test(ch)) return UPPER;
  if (DECIMAL.test(ch)) return DIGIT;
  return LETTER_LIKE.test(ch) ? LOWER : HARD;
}

/** The class of a code point (a lone surrogate is a separator). */
function classOf(cp: number): CharClass {
  if (cp < 0x10000) {
    let cls = TABLE[cp]!;
    if (cls === UNKNOWN) {
      cls = compute(cp);
      TABLE[cp] = cls;
    }
    return cls as CharClass;
  }
  let cls = ASTRAL.get(cp);
  if (cls === undefined) {
    cls = compute(cp);
    if (ASTRAL.size < 4096) ASTRAL.set(cp, cls);
  }
  return cls;
}

/** Code units of the character at `i` (2 for a surrogate pair, 1 otherwise, lone surrogates too). */
export function width(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c < 0xd800 || c > 0xdbff) return 1;
  const d = s.charCodeAt(i + 1);
  return d >= 0xdc00 && d <= 0xdfff ? 2 : 1;
}

/** The class of the character at UTF-16 offset `i`. */
export function classAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  return c < 0xd800 ? classOf(c) : classOf(s.codePointAt(i)!);
}
