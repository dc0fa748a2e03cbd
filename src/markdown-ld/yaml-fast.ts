// The js-yaml fast path of YAML parsing, in a module that does not load the `yaml` library: plain
// YAML (what front matter and config files almost always are) is read by js-yaml, several times
// faster to load and to run; anything the gate is not sure of returns undefined and the caller takes
// the `yaml` path (front-matter.ts), which alone gives diagnostics. Both give the same value wherever
// the fast path answers (front-matter.test.ts, differential and fuzzed).
import { CORE_SCHEMA, load } from 'js-yaml';

/**
 * Text where js-yaml and `yaml` could disagree, or that `yaml` must diagnose, goes the slow way.
 * Each pattern is a YAML feature outside plain front matter or a form where differential tests
 * and fuzzing found the two libraries apart (a few were found with js-yaml 5 and are kept as
 * cheap insurance). Deliberately broad: a false alarm only costs the slow path.
 */
const NOT_FAST = new RegExp(
  [
    // tags (`!`), anchors (`&`) and aliases (`*`) at the start of a token
    /(?<![^\s,[\]{}:"'])[!&*]/.source,
    // merge keys
    /<</.source,
    // complex keys (`? `)
    /(?<![^\s,[{])\?(?:\s|$)/.source,
    // directives and document markers at a line start
    /^(?:%|---|\.\.\.)/.source,
    // tabs anywhere, and a CR outside CRLF (a line break for js-yaml, not for `yaml`)
    /\t|\r(?!\n)/.source,
    // NEL, LS, PS and a byte order mark (read differently by js-yaml 5)
    /[\u0085\u2028\u2029\uFEFF]/.source,
    // a comment line right after a key or `-` with no value on its line: `yaml` refuses
    // `a:\n#c\n  x\nb: 1` and reads `a:\n-\n#c\n  x\n- y` as one item "x - y"
    /[:-] *(?:#.*)?\r?\n(?: *\r?\n)* *#/.source,
    // an empty sequence entry (`-` and nothing more on its line): after one in a nested sequence,
    // js-yaml 4 puts the outer sequence's next entries in the inner one (`- -\n- x`)
    /(?<![^ \n])-(?: +#.*| *)\r?$/.source,
    // a block scalar whose leading blank lines hold spaces (`yaml` refuses more-indented ones)
    /[|>][+-]? *(?:#.*)?\r?\n(?: *\r?\n)* +\r?\n/.source,
    // block scalar indentation indicators (`|2`, `>1-`): trailing blank lines are kept differently
    /[|>][+-]?[1-9]/.source,
    // a backslash ending a line (an escaped line break in double quotes folds differently)
    /\\\r?\n/.source,
    // `\U` escapes past U+10FFFF (js-yaml makes lone surrogates, `yaml` an error)
    /\\U(?!000|0010)/.source,
    // numbers the two core schemas read differently: js-yaml 4 reads binary `0b101` and signed
    // `+0x10`, `-0o7` as numbers, `-0` as 0 (not -0), and keeps signed `+.5`, `-.5e3` strings
    /(?<![\w.])(?:[-+]?0b[01]|[-+]0[xob]|-0(?![\w.])|[-+]\.\d)/.source,
    // numbers that may be too large to be finite (js-yaml keeps `1e400` a string, `yaml` makes it
    // Infinity, which is refused): a number token with a three-digit exponent (not a hash or an
    // id that merely contains `1e918`), or a run of 200 digits
    /(?<![\w.])[-+]?(?:\d+\.?\d*|\.\d+)[eE][+-]?\d{3,}(?![\w.])|\d{200}|0[xo][\da-fA-F]{200}/.source,
    // a quoted scalar with text (or a comment) right after its closing quote: `'x'y`, `"x"#c`,
    // which `yaml` refuses; the single-quoted body is matched atomically (lookahead and back
    // reference) so `'it''s'` is not split at its doubled quote
    /(?<=(?:^|[[{,]|[:-][ \t])[ \t]*)(?:"(?:[^"\\]|\\[\s\S])*"|'(?=(?<body1>(?:[^']|'')*))\k<body1>')[^\s:,\]}]/.source,
    // a flow collection used as a key (js-yaml 4 makes `[a, b]: 1` the key "a,b" and `{a: 1}: 2`
    // the key "[object Object]", `yaml` refuses both), or with a comment right after it (`[x]#c`)
    /[\]}] *:|[\]}]#/.source,
    // on a sequence entry line, a quoted item or the end of a flow item followed by more than a
    // comment (`yaml` refuses `a:\n- 'x' y: 1`; js-yaml 5 read it as `{a: ['x'], y: 1}`)
    /^ *(?:- +)+(?:"(?:[^"\\]|\\[\s\S])*"|'(?=(?<body2>(?:[^']|'')*))\k<body2>')(?: *[^\s:#]|#)/.source,
    /^ *(?:- +)+[[{].*[\]}] *[^\s,\]}:#]/.source,
  ].join('|'),
  'm',
);

/** `yaml` refuses an implicit key over 1024 characters, js-yaml does not: lines this long go slow... */
const LONG_LINE = 1000;
/** ...unless they are a short plain key and a double-quoted string, as generated front matter has. */
const LONG_LINE_OK = /^ *(?:- )*[\w./$-]{1,256}: +"[^"\\]*(?:\\.[^"\\]*)*" *\r?$/;

function hasLongLine(text: string): boolean {
  if (text.length <= LONG_LINE) return false;
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    if (end - start > LONG_LINE && !LONG_LINE_OK.test(text.slice(start, end))) return true;
    start = end + 1;
  }
  return false;
}

/**
 * True when a quoted scalar or flow collection may go on past the end of its line, or a flow
 * mapping has a flow collection as a key. js-yaml 4 accepts continuation lines at any indentation
 * (`a: [1,\n2]`, `a: "x\ny"`) where `yaml` wants them indented, and turns a collection key
 * (`{{a}, b}`, `{[a], b}`) into a string where `yaml` refuses it. Conservative: a quote counts as
 * opening when it follows anything but a letter or digit, a comment is a `#` after a space or at
 * a line start, and block scalar lines are scanned like any other (a bracket or quote left open
 * there also goes slow).
 */
function mayContinueLine(text: string): boolean {
  const open: number[] = []; // the flow collections open: `[` or `{`
  let entryStart = false; // at the start of an entry of a flow mapping
  let prev = 10; // the previous character code; a line break at the start
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      if (open.length !== 0) return true;
    } else if (c === 0x20 || c === 13) {
      // spaces keep the entry start
    } else if ((c === 0x22 || c === 0x27) && !isWordChar(prev)) {
      // a quoted scalar: it must close on this line
      for (i += 1; ; i += 1) {
        if (i >= text.length) return true;
        const d = text.charCodeAt(i);
        if (d === 10) return true;
        if (c === 0x22 && d === 0x5c) {
          i += 1; // the escaped character; an escaped line break continues the scalar
          if (i >= text.length || text.charCodeAt(i) === 10 || text.charCodeAt(i) === 13) return true;
        } else if (d === c) {
          if (c === 0x27 && text.charCodeAt(i + 1) === 0x27) i += 1;
          else break;
        }
      }
      entryStart = false;
    } else if (c === 0x23 && (prev === 0x20 || prev === 10)) {
      const end = text.indexOf('\n', i);
      if (end === -1) break;
      i = end - 1; // the line break is read next
    } else if (c === 0x5b || c === 0x7b) {
      if (entryStart) return true;
      open.push(c);
      entryStart = c === 0x7b;
    } else if (c === 0x5d || c === 0x7d) {
      if (open.pop() === undefined) return true;
      entryStart = false;
    } else {
      entryStart = c === 0x2c && open[open.length - 1] === 0x7b;
    }
    prev = c;
  }
  return open.length !== 0;
}

function isWordChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c > 0x7f;
}

/**
 * The js-yaml fast path: a plain JSON mapping, or undefined when the text is outside the fast
 * path's gate, js-yaml throws, or the value is anything `yaml` might see otherwise or refuse
 * (the caller then takes the `yaml` path, which gives the diagnostics).
 * Exported for the differential tests only (not part of the package API).
 */
export function parseFrontMatterFast(text: string): Record<string, unknown> | undefined {
  // Front matter from splitFrontMatter always ends with a line break; other text goes slow rather
  // than meet end-of-input corner cases (js-yaml 5 kept a last blank line that `yaml` drops).
  if (!text.endsWith('\n') || NOT_FAST.test(text) || hasLongLine(text) || mayContinueLine(text)) return undefined;
  let value: unknown;
  try {
    value = load(text, { schema: CORE_SCHEMA, json: false });
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return plainForFastPath(value, 0) ? (value as Record<string, unknown>) : undefined;
}

/** A js-yaml value returned as is: what `firstNonJson` accepts, and no key `null` (js-yaml reads a `null`/`~` key as "null", `yaml` as ""). */
function plainForFastPath(value: unknown, depth: number): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (depth > 64 || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const item of value) if (!plainForFastPath(item, depth + 1)) return false;
    return true;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key in value) {
    if (key === 'null' || !plainForFastPath((value as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}
