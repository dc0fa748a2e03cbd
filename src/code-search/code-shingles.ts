// Code as a set of shingles, for "code like this" (get_similar_patterns): the snippet and each
// symbol's source are split into tokens with comments dropped, identifiers, numbers and strings
// replaced by their class (a type-2 clone keeps its shape under renaming), and every run of
// SHINGLE tokens hashed; the identifiers' words are added as tokens of their own, so code about the
// same things ranks above code of the same shape about other things. One tokenizer for every
// language: the keywords below are the union of the 11 grammars' reserved words that shape code.

/** Tokens per shingle. */
export const SHINGLE = 4;

const KEYWORDS = new Set(
  (
    'abstract async await break case catch class const continue def default defer del do elif else enum export extends final finally fn for ' +
    'from func function go if impl implements import in interface is lambda let loop match module mut new not or and package pass ' +
    'private protected pub public raise return self static struct super switch this throw throws trait try type typeof var void where while with yield ' +
    'null nil none true false undefined'
  ).split(' '),
);

// comments (line, block, hash lines that are not `#include`-like directives), strings, numbers, identifiers, operators
const TOKEN =
  /\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|(?<![\w$])#(?![a-z]+\b)[^\n]*|"(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?|`(?:[^`\\]|\\.)*`?|\d[\w.]*|[A-Za-z_$][\w$]*|=>|->|::|[=!<>]=+|&&|\|\||[^\s\w]/g;
const WORDS = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g;

/** At most this many characters of a snippet or a symbol are read (longer text is cut, never parsed whole). */
export const MAX_CODE_CHARS = 200_000;

/** The normalized tokens of some code, and the lower-case words of its identifiers. */
export function codeTokens(code: string): { shape: string[]; words: string[] } {
  const shape: string[] = [];
  const words: string[] = [];
  for (const [token] of code.slice(0, MAX_CODE_CHARS).matchAll(TOKEN)) {
    const c = token[0]!;
    if (token.startsWith('//') || token.startsWith('/*') || (c === '#' && token.length > 1)) continue;
    if (c === '"' || c === "'" || c === '`') shape.push('S');
    else if (c >= '0' && c <= '9') shape.push('N');
    else if (/[A-Za-z_$]/.test(c)) {
      const lower = token.toLowerCase();
      if (KEYWORDS.has(lower)) shape.push(lower);
      else {
        shape.push('I');
        for (const [w] of token.matchAll(WORDS)) if (w.length > 1) words.push(w.toLowerCase());
      }
    } else shape.push(token);
  }
  return { shape, words };
}

/** 32-bit FNV-1a of a string. */
function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The sorted, distinct shingle hashes of some code (shape shingles and identifier words). */
export function codeShingles(code: string): Uint32Array {
  const { shape, words } = codeTokens(code);
  const set = new Set<number>();
  for (let i = 0; i + SHINGLE <= shape.length; i += 1) set.add(fnv(shape.slice(i, i + SHINGLE).join(' ')));
  if (shape.length > 0 && shape.length < SHINGLE) set.add(fnv(shape.join(' ')));
  for (const w of words) set.add(fnv(`w:${w}`));
  return Uint32Array.from(set).sort();
}

/** |a ∩ b| of two sorted distinct arrays. */
export function overlap(a: Uint32Array, b: Uint32Array): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! === b[j]!) {
      n += 1;
      i += 1;
      j += 1;
    } else if (a[i]! < b[j]!) i += 1;
    else j += 1;
  }
  return n;
}
