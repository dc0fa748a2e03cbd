// A reader for the block YAML that mdkg's own front matter writer produces (yaml-emit.ts): block
// mappings and sequences by indentation, one-line scalars (plain strings of the writer's cheap
// plain test, double- and single-quoted strings, decimal numbers, true/false/null) and empty `[]`
// and `{}`. It needs no gate of regular expressions over the text and no YAML library: one pass
// over the lines. Anything outside that subset (comments, blank lines, flow collections, block
// scalars, multi-line scalars, anchors, tags, tabs, CR, duplicate keys, odd indentation, other
// numbers) returns undefined, and the caller takes the js-yaml and `yaml` paths (front-matter.ts).
// Wherever it answers it gives what the `yaml` path gives (tests/markdown-ld/yaml-subset.test.ts:
// differential on every bundled document, on generated catalogs and on hostile strings).

class Outside extends Error {}
const OUTSIDE = new Outside();
const outside = (): never => {
  throw OUTSIDE;
};

/**
 * yaml-emit's SIMPLE_PLAIN (printable ASCII, a safe first character, no `: `, ` #`, trailing space
 * or colon), and relative paths `./x`, `../x` (never a number, `.inf`, `.nan` or a document marker).
 */
const PLAIN = /^(?:[A-Za-z_/(]|\.\.?\/)(?:[!-9;-~]|:(?=[!-~])| (?=[!-"$-~]))*$/;
/** The plain words the core schema reads as null or a boolean (all other PLAIN text is a string). */
const WORDS = new Map<string, null | boolean>([
  ['null', null],
  ['Null', null],
  ['NULL', null],
  ['true', true],
  ['True', true],
  ['TRUE', true],
  ['false', false],
  ['False', false],
  ['FALSE', false],
]);
/** Decimal integers and fractions read the same by every reader (no sign but `-`, no leading zero; `-0` is checked). */
const NUMBER = /^-?(?:0|[1-9][0-9]{0,14})(?:\.[0-9]{1,15})?$/;
/**
 * A double-quoted scalar on one line: printable ASCII and non-ASCII text other than line or
 * paragraph separators, byte order marks and surrogates (emoji go the other way), JSON's short
 * escapes only (no `\u`): JSON.parse then reads it exactly as YAML does.
 */
const DOUBLE = /^"(?:[ !#-[\]-~\u00a0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd]|\\["\\/bfnrt])*"$/;
const SINGLE = /^'(?:[ -&(-~\u00a0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd]|'')*'$/;
/** A plain key: a word (never null or a boolean word: those are checked), at most 256 characters. */
const PLAIN_KEY = /^[A-Za-z_$][\w$./-]{0,255}$/;
const MAX_DEPTH = 64;

function scalar(text: string): unknown {
  const first = text.charCodeAt(0);
  if (first === 0x22 /* " */) return DOUBLE.test(text) ? JSON.parse(text) : outside();
  if (first === 0x27 /* ' */) return SINGLE.test(text) ? text.slice(1, -1).replaceAll("''", "'") : outside();
  if (PLAIN.test(text)) {
    const word = text.length <= 5 ? WORDS.get(text) : undefined;
    return word === undefined ? text : word;
  }
  if (text === '[]') return [];
  if (text === '{}') return {};
  return NUMBER.test(text) && text !== '-0' ? Number(text) : outside();
}

function key(text: string): string {
  if (text.charCodeAt(0) === 0x22) {
    if (text.length > 258 || !DOUBLE.test(text)) return outside();
    const k = JSON.parse(text) as string;
    // An empty key, a key the core schema would read as null or a boolean: the other paths decide.
    return k === '' || k === 'null' || WORDS.has(k) ? outside() : k;
  }
  return PLAIN_KEY.test(text) && !WORDS.has(text) ? text : outside();
}

class Reader {
  readonly #lines: string[];
  readonly #indents: number[];
  #at = 0;

  constructor(lines: string[]) {
    this.#lines = lines;
    this.#indents = lines.map((line) => {
      let n = 0;
      while (line.charCodeAt(n) === 0x20) n += 1;
      // A blank or whitespace-only line, or a tab or CR anywhere, is outside the subset.
      if (n === line.length || line.includes('\t') || line.includes('\r')) outside();
      return n;
    });
  }

  get done(): boolean {
    return this.#at >= this.#lines.length;
  }

  /** The node whose first line is the current one, at `indent` (a mapping or a sequence). */
  block(indent: number, depth: number): unknown {
    if (depth > MAX_DEPTH || this.#indents[this.#at] !== indent) return outside();
    const text = (this.#lines[this.#at] as string).slice(indent);
    return text.startsWith('- ') ? this.sequence(indent, depth) : this.mapping(indent, text, depth);
  }

  /** The value after a key or a dash, `rest` on the line itself or, when empty, a block below. */
  value(rest: string, indent: number, depth: number): unknown {
    this.#at += 1;
    if (rest !== '') return scalar(rest);
    // A key or dash with nothing after it: the block below, more indented (else null or a
    // same-indent sequence, which the other paths read).
    if (this.done || (this.#indents[this.#at] as number) <= indent) return outside();
    return this.block(this.#indents[this.#at] as number, depth + 1);
  }

  /** A block mapping at `indent` whose first entry is `text` (on the current line, maybe after a dash). */
  mapping(indent: number, text: string, depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (let line = text; ; ) {
      const colon = line.charCodeAt(0) === 0x22 ? line.indexOf('":') + 1 : line.indexOf(':');
      if (colon <= 0) return outside();
      const k = key(line.slice(0, colon));
      const after = line.charCodeAt(colon + 1);
      // `key:` at the line's end, or `key: value` with one space and a value.
      if (colon + 1 < line.length && (after !== 0x20 || line.charCodeAt(colon + 2) === 0x20 || colon + 2 === line.length)) return outside();
      if (k === '__proto__' || Object.hasOwn(out, k)) return outside();
      out[k] = this.value(line.slice(colon + 2), indent, depth);
      if (this.done) return out;
      const next = this.#indents[this.#at] as number;
      if (next < indent) return out;
      if (next > indent) return outside();
      line = (this.#lines[this.#at] as string).slice(indent);
    }
  }

  /** A block sequence at `indent`: `- scalar`, or `- key: value` starting a mapping two columns in. */
  sequence(indent: number, depth: number): unknown[] {
    const out: unknown[] = [];
    for (;;) {
      const line = this.#lines[this.#at] as string;
      if (line.charCodeAt(indent) !== 0x2d || line.charCodeAt(indent + 1) !== 0x20) return outside();
      const rest = line.slice(indent + 2);
      const first = rest.charCodeAt(0);
      // `- - x`, `- ` alone or more spaces: outside. A scalar item, unless it is a key (a plain
      // scalar never holds `: ` or ends in `:`; a quoted one is followed by nothing).
      if (rest === '' || first === 0x20 || first === 0x2d) return outside();
      const entry = first === 0x22 || first === 0x27 ? /^(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'):/.test(rest) : /:(?: |$)/.test(rest);
      if (entry) out.push(this.mapping(indent + 2, rest, depth + 1));
      else {
        out.push(scalar(rest));
        this.#at += 1;
      }
      if (this.done) return out;
      const next = this.#indents[this.#at] as number;
      if (next < indent) return out;
      if (next > indent) return outside();
    }
  }
}

/**
 * The value of front matter text in the subset (a mapping), or undefined when any part of it is
 * outside: the caller then reads it the general way. `text` ends with a line break, as
 * splitFrontMatter gives it.
 */
export function parseFrontMatterSubset(text: string): Record<string, unknown> | undefined {
  if (!text.endsWith('\n') || text.length < 3) return undefined;
  try {
    const reader = new Reader(text.slice(0, -1).split('\n'));
    const value = reader.block(0, 0);
    if (!reader.done || typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    return value as Record<string, unknown>;
  } catch (error) {
    if (error instanceof Outside) return undefined;
    throw error;
  }
}
