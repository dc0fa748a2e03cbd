import { CORE_SCHEMA, load } from 'js-yaml';
import { isCollection, isPair, LineCounter, parseDocument, visit } from 'yaml';
import type { Diagnostic } from '../errors.js';

export interface FrontMatterResult {
  value: Record<string, unknown> | undefined;
  diagnostics: Diagnostic[];
}

/**
 * Parses YAML front matter as JSON (YAML 1.2 core schema: dates stay strings, no custom tags).
 * `firstLine` is the 1-based line of the YAML text in the file, so positions point into the file.
 *
 * Plain front matter goes through js-yaml (about ten times faster than `yaml`'s document model);
 * anything the fast path is not sure of, and every error, goes through `yaml`, which alone
 * decides the diagnostics. Both give the same value wherever the fast path answers.
 */
export function parseFrontMatter(text: string, file: string, firstLine: number): FrontMatterResult {
  const value = parseFrontMatterFast(text);
  if (value !== undefined) return { value, diagnostics: [] };
  return parseFrontMatterSlow(text, file, firstLine);
}

/**
 * Text where js-yaml and `yaml` could disagree, or that `yaml` must diagnose, goes the slow way.
 * Each pattern names a YAML feature or a case where the differential tests (and fuzzing) found the
 * two libraries apart. Deliberately broad: a false alarm only costs the slow path.
 */
const NOT_FAST = new RegExp(
  [
    // tags (`!`), anchors (`&`) and aliases (`*`) at the start of a token
    /(?:^|[\s,[\]{}:"'])[!&*]/.source,
    // merge keys
    /<</.source,
    // complex keys (`? `)
    /(?:^|[\s,[{])\?(?:\s|$)/.source,
    // directives, and document markers (js-yaml skips a leading `...`, `yaml` sees two documents)
    /^(?:%|---|\.\.\.)/.source,
    // tabs anywhere (indentation, separation), and a CR outside CRLF (a line break for js-yaml only)
    /\t|\r(?!\n)/.source,
    // NEL, LS, PS (line breaks in YAML 1.1 only; js-yaml reads some as spaces) and a byte order mark
    // (`yaml` drops one at a line start)
    /[\u0085\u2028\u2029\uFEFF]/.source,
    // a comment line right after a key or `-` with no value on its line: `yaml` refuses
    // `a:\n#c\n  x\nb: 1` and reads `-\n#c\n  x\n- y` as one item "x - y"
    /[:-] *(?:#.*)?\r?\n(?: *\r?\n)* *#/.source,
    // a backslash ending a line (escaped line breaks in double quotes fold differently)
    /\\\r?\n/.source,
    // `\U` escapes past U+10FFFF (js-yaml makes garbage, `yaml` an error)
    /\\U(?!000|0010)/.source,
    // block scalar indentation indicators (`|2`, `>1-`): trailing blank lines are kept differently
    /[|>][+-]?[1-9]/.source,
    // numbers that may be too large to be finite (js-yaml keeps `1e400` a string, `yaml` makes it
    // Infinity): a three-digit exponent or a run of 200 digits
    /[eE][+-]?\d{3}|[0-9a-fA-F_]{200}/.source,
    // a quoted scalar with text right after its closing quote (`'x'y`), which `yaml` refuses; the
    // single-quoted body is matched atomically (lookahead, back reference) so `'it''s'` stays whole
    /(?:^|[\s[{,:-])(?:"(?:[^"\\]|\\[^])*"|'(?=(?<body1>(?:[^']|'')*))\k<body1>')[^\s:,\]}#]/.source,
    // on a sequence entry line, a quoted item or the end of a flow item followed by more than a
    // comment: `yaml` refuses it, js-yaml reads `a:\n- 'x' y: 1` as `{a: ['x'], y: 1}`
    /^ *(?:- +)+(?:"(?:[^"\\]|\\[^])*"|'(?=(?<body2>(?:[^']|'')*))\k<body2>')(?: *[^\s:#]|#)/.source,
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
 * The js-yaml fast path: a plain JSON mapping, or undefined when the text is outside the fast
 * path's gate, js-yaml throws, or the value is anything `yaml` might see otherwise or refuse.
 * Exported for the differential tests only (not part of the package API).
 */
export function parseFrontMatterFast(text: string): Record<string, unknown> | undefined {
  // Front matter from splitFrontMatter always ends with a line break; anything else (where the
  // two libraries treat a last blank line of a block scalar differently) goes slow.
  if (!text.endsWith('\n') || NOT_FAST.test(text) || hasLongLine(text)) return undefined;
  let value: unknown;
  try {
    value = load(text, { schema: CORE_SCHEMA, json: false });
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return plainForFastPath(value, 0) ? (value as Record<string, unknown>) : undefined;
}

/**
 * The `yaml` path: exact diagnostics (codes, messages, lines and columns) for every problem.
 * Exported for the differential tests only (not part of the package API).
 */
export function parseFrontMatterSlow(text: string, file: string, firstLine: number): FrontMatterResult {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, schema: 'core', strict: true });
  const diagnostics: Diagnostic[] = [];
  visit(doc, {
    Pair(_, pair) {
      if (isPair(pair) && isCollection(pair.key)) {
        const pos = lineCounter.linePos(pair.key.range?.[0] ?? 0);
        diagnostics.push({ code: 'MDKG_YAML_INVALID', severity: 'error', message: 'invalid YAML front matter: a key must be a plain scalar, not a list or mapping', file, line: pos.line + firstLine - 1, column: pos.col });
      }
    },
  });
  for (const error of [...doc.errors, ...doc.warnings]) {
    const pos = lineCounter.linePos(error.pos[0]);
    diagnostics.push({
      code: 'MDKG_YAML_INVALID',
      severity: 'error',
      message: `invalid YAML front matter: ${error.message.split('\n')[0] ?? error.code}`,
      file,
      line: pos.line + firstLine - 1,
      column: pos.col,
    });
  }
  if (diagnostics.length > 0) return { value: undefined, diagnostics };
  let json: unknown;
  try {
    json = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    diagnostics.push({ code: 'MDKG_YAML_INVALID', severity: 'error', message: `invalid YAML front matter: ${(error as Error).message}`, file, line: firstLine, column: 1 });
    return { value: undefined, diagnostics };
  }
  if (json === null || json === undefined) return { value: {}, diagnostics };
  const impure = firstNonJson(json);
  if (impure !== undefined) {
    diagnostics.push({ code: 'MDKG_YAML_INVALID', severity: 'error', message: `invalid YAML front matter: ${impure} is not plain JSON data (no custom tags, binary or infinite numbers)`, file, line: firstLine, column: 1 });
    return { value: undefined, diagnostics };
  }
  if (typeof json !== 'object' || Array.isArray(json)) {
    diagnostics.push({ code: 'MDKG_FRONT_MATTER_NOT_OBJECT', severity: 'error', message: 'front matter must be a YAML mapping of keys to values', file, line: firstLine, column: 1 });
    return { value: undefined, diagnostics };
  }
  return { value: json as Record<string, unknown>, diagnostics };
}

/** 1-based line and column of the first occurrence of a key in YAML or JSON text, for diagnostics. */
export function locateKey(text: string, key: string, firstLine: number): { line: number; column: number } | undefined {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(^|[\\s{,\\[-])("${escaped}"|'${escaped}'|${escaped})\\s*:`, 'm');
  const match = pattern.exec(text);
  if (match === null) return undefined;
  return locateOffset(text, match.index + (match[1]?.length ?? 0), firstLine);
}

/** 1-based line and column of a string offset, shifted by the text's first line in the file. */
export function locateOffset(text: string, offset: number, firstLine: number): { line: number; column: number } {
  let line = firstLine;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * True when a js-yaml value can be returned as is: what `firstNonJson` accepts, and no key
 * `null` (js-yaml turns a `null`/`~` key into "null", `yaml` into ""; a quoted "null" key is
 * rare enough to leave to the slow path too).
 */
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

/** Names the first value that JSON cannot hold (Buffer, Map, Set, Date, …), or undefined. */
function firstNonJson(value: unknown, depth = 0): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : String(value);
  if (depth > 64) return 'a value nested over 64 levels';
  if (Array.isArray(value)) {
    for (const item of value) {
      const bad = firstNonJson(item, depth + 1);
      if (bad !== undefined) return bad;
    }
    return undefined;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const item of Object.values(value as Record<string, unknown>)) {
      const bad = firstNonJson(item, depth + 1);
      if (bad !== undefined) return bad;
    }
    return undefined;
  }
  return `a ${Object.prototype.toString.call(value).slice(8, -1)}`;
}
