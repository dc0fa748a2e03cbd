/**
 * A fast writer of front matter YAML for the value shapes mdkg renders, byte-identical to
 * `yaml` 2.x `stringify` of the canonicalized value with the options writeDocument uses (indent
 * 2, lineWidth 0, plain keys and strings, YAML 1.2 core schema): keys in canonical order,
 * undefined values dropped, as canonicalize does, without building the copy. It reproduces the library's choices (plain, single- or
 * double-quoted, `|` block literal) only where they are simple and certain, and gives up
 * (returns undefined) on anything else so the caller falls back to `yaml`: control characters,
 * unpaired surrogates, document markers, multi-line keys, `|+` chomping, maps whose values are all
 * null, non-JSON values. tests/markdown-ld/yaml-emit.test.ts holds it to the library's output.
 */

import { compareKeys, keyRank } from './canonical.js';
import { memoize } from '../util/memo.js';

class Unsupported extends Error {}
const unsupported = (): never => {
  throw new Unsupported();
};

// The `yaml` rules (src/stringify/stringifyString.ts, src/schema/core/*.ts), copied as they are.
/** Characters that make `yaml` force double quotes (then escape them: not handled here). */
const FORCE_DOUBLE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u;
/** Printable ASCII, tab and newline only: FORCE_DOUBLE cannot match (a cheaper test first). */
const NOT_ASCII = /[^\t\n\x20-\x7e]/;
/** Strings that cannot be plain scalars (indicators, `: `, ` #`, trailing space or colon, ...). */
const NOT_PLAIN = /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/;
const DOCUMENT_MARKER = /^(%|---|\.\.\.)/m;
/**
 * A cheap first test for most strings: printable ASCII (FORCE_DOUBLE cannot match), starting with
 * a letter, `_`, `/` or `(` (no indicator, no `-`/`.` document marker, no number), every `:` and
 * space followed by a printable non-space (no `: `, no trailing space or colon), no space before
 * `#`: NOT_PLAIN cannot match. Such a string is plain unless the core schema reads it as null or a
 * boolean, which needs a first letter of TAG_START and at most five characters.
 */
const SIMPLE_PLAIN = /^[A-Za-z_/(](?:[!-9;-~]|:(?=[!-~])| (?=[!-"$-~]))*$/;
/** First characters of the text CORE_TAGS can match (and the empty string). */
const TAG_START = new Set('~nNtTfF0123456789+-.');
/** Plain text that the core schema would read as null, a boolean, an integer or a float. */
const CORE_TAGS = [
  /^(?:~|[Nn]ull|NULL)?$/,
  /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
  /^0o[0-7]+$/,
  /^[-+]?[0-9]+$/,
  /^0x[0-9a-fA-F]+$/,
  /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
];
/** `yaml` writes a key longer than this as an explicit `? key`. */
const MAX_IMPLICIT_KEY = 1024;
const INDENT_STEP = '  ';

/** A one-line string that needs quotes: single quotes when it has `"` but no `'`, else JSON. */
function quoted(value: string): string {
  return value.includes('"') && !value.includes("'") ? `'${value}'` : JSON.stringify(value);
}

/** A one-line string, as a value or an implicit key. */
function lineString(value: string): string {
  if (NOT_PLAIN.test(value)) return quoted(value);
  const first = value.charAt(0);
  if ((first === '-' || first === '.') && DOCUMENT_MARKER.test(value)) return unsupported();
  if (first === '' || TAG_START.has(first)) for (const tag of CORE_TAGS) if (tag.test(value)) return quoted(value);
  return value;
}

/** A multi-line string as a `|` block literal, indented by `indent` (never the root). */
function blockLiteral(value: string, indent: string): string {
  if (/\n[\t ]+$/.test(value)) return unsupported(); // yaml quotes it, folding the lines
  let endStart = value.length;
  while (endStart > 0) {
    const ch = value[endStart - 1];
    if (ch !== '\n' && ch !== '\t' && ch !== ' ') break;
    endStart -= 1;
  }
  let end = value.substring(endStart);
  const endNl = end.indexOf('\n');
  let chomp = '-';
  if (endNl !== -1) {
    if (value === end || endNl !== end.length - 1) return unsupported(); // `|+` (keep)
    chomp = '';
  }
  let text = value;
  if (end !== '') {
    text = text.slice(0, -end.length);
    if (end.endsWith('\n')) end = end.slice(0, -1);
    // one newline at most remains in `end` here (clip), so yaml's blank-line indenting is a no-op
  }
  let startWithSpace = false;
  let startEnd = 0;
  let startNl = -1;
  for (; startEnd < text.length; startEnd += 1) {
    const ch = text[startEnd];
    if (ch === ' ') startWithSpace = true;
    else if (ch === '\n') startNl = startEnd;
    else break;
  }
  let start = text.substring(0, startNl < startEnd ? startNl + 1 : startEnd);
  if (start !== '') {
    text = text.substring(start.length);
    start = start.replace(/\n+/g, `$&${indent}`);
  }
  const header = (startWithSpace ? '2' : '') + chomp;
  return `|${header}\n${indent}${start}${text.replace(/\n+/g, `$&${indent}`)}${end}`;
}

const hasForcedDouble = (value: string): boolean => NOT_ASCII.test(value) && FORCE_DOUBLE.test(value);

/** A scalar at `indent` (the indent of the node's own context, as `yaml` counts it). */
function scalar(value: unknown, indent: string): string {
  switch (typeof value) {
    case 'string':
      if (SIMPLE_PLAIN.test(value) && (value.length > 5 || !TAG_START.has(value.charAt(0)))) return value;
      if (hasForcedDouble(value)) return unsupported();
      return value.includes('\n') ? blockLiteral(value, indent) : lineString(value);
    case 'number':
      if (!Number.isFinite(value)) return Number.isNaN(value) ? '.nan' : value < 0 ? '-.inf' : '.inf';
      return Object.is(value, -0) ? '-0' : JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return value === null ? 'null' : unsupported();
  }
}

/**
 * One scalar as this writer puts it at `indent` (a value's context indent: two spaces past its
 * key), or undefined where the writer would give up. For callers writing a known shape directly.
 */
export function scalarYaml(value: string | number | boolean | null, indent: string): string | undefined {
  try {
    return scalar(value, indent);
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

/** Keys repeat across documents (`id`, `"@type"`, ...): their text is kept, up to a bound. */
const key = memoize((name: string): string => {
  if (name.length > MAX_IMPLICIT_KEY - 2 || name.includes('\n') || hasForcedDouble(name)) return unsupported();
  return lineString(name);
}, 4096);

/** An array-index key (`0`, `200`): a JS object lists these first, in numeric order, so canonicalize's copy does too. */
const isIndex = (k: string): boolean => /^(?:0|[1-9][0-9]{0,9})$/.test(k) && Number(k) < 4294967295;

const isCollection = (value: unknown): value is object => value !== null && typeof value === 'object';

/** The items of an array as canonicalize keeps them (undefined dropped). */
const items = (value: readonly unknown[]): readonly unknown[] => (value.includes(undefined) ? value.filter((v) => v !== undefined) : value);

/** Sorts keys as compareKeys does: an insertion sort on ranks looked up once (objects here have few keys). */
function sortKeys(keys: string[]): void {
  if (keys.length > 32) {
    keys.sort(compareKeys);
    return;
  }
  const ranks = keys.map(keyRank);
  for (let i = 1; i < keys.length; i += 1) {
    const k = keys[i] as string;
    const r = ranks[i] as number;
    let j = i - 1;
    for (; j >= 0; j -= 1) {
      const rj = ranks[j] as number;
      if (rj < r || (rj === r && (keys[j] as string) <= k)) break;
      keys[j + 1] = keys[j] as string;
      ranks[j + 1] = rj;
    }
    keys[j + 1] = k;
    ranks[j + 1] = r;
  }
}

/** The keys of a plain object whose values are defined, in canonicalize's order (none: an empty list). */
function mapKeys(value: object): string[] {
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return unsupported();
  const record = value as Record<string, unknown>;
  const keys: string[] = [];
  let allNull = true;
  let hasIndex = false;
  for (const k of Object.keys(record)) {
    const v = record[k];
    if (v === undefined) continue;
    keys.push(k);
    if (v !== null) allNull = false;
    const c = k.charCodeAt(0);
    if (c >= 48 && c <= 57 && isIndex(k)) hasIndex = true;
  }
  if (keys.length === 0) return keys;
  if (allNull) return unsupported(); // yaml writes `? key` pairs
  sortKeys(keys);
  return hasIndex ? [...keys.filter(isIndex).sort((a, b) => Number(a) - Number(b)), ...keys.filter((k) => !isIndex(k))] : keys;
}

/** The text written so far (appending to a string is cheaper than joining an array of parts). */
interface Out {
  text: string;
}

/** The `- item` lines of a non-empty sequence whose context indent is `indent`. */
function sequence(list: readonly unknown[], indent: string, out: Out): void {
  const itemIndent = indent + INDENT_STEP;
  const separator = `\n${indent}- `;
  for (let i = 0; i < list.length; i += 1) {
    out.text += i === 0 ? '- ' : separator;
    const v = list[i];
    if (!isCollection(v)) out.text += scalar(v, itemIndent);
    else if (Array.isArray(v)) {
      const inner = items(v);
      if (inner.length === 0) out.text += '[]';
      else sequence(inner, itemIndent, out);
    } else {
      const keys = mapKeys(v);
      if (keys.length === 0) out.text += '{}';
      else mapping(v as Record<string, unknown>, keys, itemIndent, out);
    }
  }
}

/** The `key: value` lines of a non-empty map whose context indent is `indent`. */
function mapping(record: Record<string, unknown>, keys: readonly string[], indent: string, out: Out): void {
  const valueIndent = indent + INDENT_STEP;
  const separator = `\n${indent}`;
  const nested = `:\n${valueIndent}`;
  for (let i = 0; i < keys.length; i += 1) {
    const name = keys[i] as string;
    if (i > 0) out.text += separator;
    out.text += key(name);
    const v = record[name];
    if (!isCollection(v)) out.text += `: ${scalar(v, valueIndent)}`;
    else if (Array.isArray(v)) {
      const inner = items(v);
      if (inner.length === 0) out.text += ': []';
      else {
        out.text += nested;
        sequence(inner, valueIndent, out);
      }
    } else {
      const innerKeys = mapKeys(v);
      if (innerKeys.length === 0) out.text += ': {}';
      else {
        out.text += nested;
        mapping(v as Record<string, unknown>, innerKeys, valueIndent, out);
      }
    }
  }
}

/**
 * The YAML text of a front matter map (ending in a newline), as `yaml` `stringify` writes its
 * canonicalized copy with writeDocument's options, or undefined when the value is outside what
 * this writer reproduces with certainty.
 */
export function emitFrontMatter(value: unknown): string | undefined {
  if (!isCollection(value) || Array.isArray(value)) return undefined;
  const out: Out = { text: '' };
  try {
    const keys = mapKeys(value);
    if (keys.length === 0) return '{}\n';
    mapping(value as Record<string, unknown>, keys, '', out);
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
  return `${out.text}\n`;
}
