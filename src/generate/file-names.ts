import { skippedName } from '../graph/scan.js';
import { memoize } from '../util/memo.js';
import { createHash } from 'node:crypto';
import { isLoneSurrogate, loneSurrogateAt } from '../util/well-formed.js';

/** Longest encoded name (ASCII): leaves room for `.md` and a temp suffix within 255 bytes. */
export const MAX_FILE_NAME = 180;

/** Characters kept as they are in file names; everything else is percent-encoded (reversibly). */
const SAFE = /[A-Za-z0-9._-]/;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/i;
/** A name that encodes to itself: safe characters only, no leading or trailing dot. */
const PLAIN = /^[A-Za-z0-9_-](?:[A-Za-z0-9._-]*[A-Za-z0-9_-])?$/;

/**
 * `%XX` for each byte of a character in UTF-8; a lone surrogate, which UTF-8 cannot hold, gets the
 * three bytes of its code point as if it could (WTF-8: `\uD800` → `%ED%A0%80`), bytes no well-formed
 * character has, so two different names never share a form.
 */
function percentBytes(ch: string): string {
  const cp = ch.codePointAt(0) as number;
  const bytes = isLoneSurrogate(ch) ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)] : Buffer.from(ch, 'utf8');
  let out = '';
  for (const byte of bytes) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

/** The encoded form of the empty name: `%` alone, which no other name encodes to. */
const EMPTY = '%';

/**
 * A file-safe, reversible form of a tool name, one-to-one over all strings: unsafe characters
 * become `%XX` (UTF-8 bytes), and so do a leading dot, a trailing dot, the first letter of Windows
 * reserved names and of names the graph loader skips (`node_modules`, graph/scan.ts skippedName),
 * so every generated document is one loading reads.
 * `decodeFileName` reverses it.
 */
export function encodeFileName(name: string): string {
  // Most names need no encoding: skip the per-character loop (a re-run encodes every file's path).
  if (name.length <= MAX_FILE_NAME && PLAIN.test(name) && !WINDOWS_RESERVED.test(name) && !skippedName(name)) return name;
  let out = '';
  for (const ch of name) {
    if (SAFE.test(ch)) out += ch;
    else out += percentBytes(ch);
  }
  if (out.startsWith('.')) out = `%2E${out.slice(1)}`;
  if (out.endsWith('.')) out = `${out.slice(0, -1)}%2E`;
  // A name loading skips (node_modules; a leading dot is already `%2E`) would hide its documents.
  if (WINDOWS_RESERVED.test(out) || skippedName(out)) out = `%${out.charCodeAt(0).toString(16).toUpperCase()}${out.slice(1)}`;
  if (out.length > MAX_FILE_NAME) {
    // Too long for a file system (255 bytes, with `.md` and the temp suffix): cut, and keep the
    // names apart with a hash of the whole name. `~` never appears in an encoded name otherwise.
    const cut = out.slice(0, MAX_FILE_NAME - 17).replace(/%[0-9A-F]?$/, '');
    out = `${cut}~${createHash('sha256').update(name).digest('hex').slice(0, 16)}`;
  }
  return out === '' ? EMPTY : out;
}

/**
 * The name of an encoded file name; a name cut to length (`~hash`) is known from its document's id
 * only. Bytes that are no character (a hand-made name) decode to U+FFFD.
 */
export function decodeFileName(file: string): string {
  if (file === EMPTY) return '';
  return file.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) =>
    decodeBytes(
      run
        .split('%')
        .slice(1)
        .map((h) => Number.parseInt(h, 16)),
    ),
  );
}

/** The smallest code point of a character of 1–4 UTF-8 bytes (a longer form is not a character). */
const SHORTEST = [0, 0, 0x80, 0x800, 0x10000];

/** UTF-8 bytes, and the WTF-8 form of a lone surrogate, to text. */
function decodeBytes(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i] as number;
    const size = lead < 0x80 ? 1 : lead >= 0xc2 && lead < 0xe0 ? 2 : lead >= 0xe0 && lead < 0xf0 ? 3 : lead >= 0xf0 && lead < 0xf5 ? 4 : 0;
    const tail = bytes.slice(i + 1, i + size);
    if (size === 0 || tail.length !== size - 1 || tail.some((b) => (b & 0xc0) !== 0x80)) {
      out += '\ufffd';
      i += 1;
      continue;
    }
    let cp = size === 1 ? lead : lead & (0xff >> (size + 1));
    for (const b of tail) cp = (cp << 6) | (b & 0x3f);
    const valid = cp >= (SHORTEST[size] ?? 0) && cp <= 0x10ffff;
    out += valid ? String.fromCodePoint(cp) : '\ufffd';
    i += valid ? size : 1;
  }
  return out;
}

/** A source id names a folder and an IRI segment: letters, digits, `.`, `_`, `-`, not starting with `.`. */
export function isValidSourceId(id: string): boolean {
  return /^[A-Za-z0-9_][A-Za-z0-9._-]{0,63}$/.test(id);
}

/** encodeURIComponent, with the characters it leaves that IRIs reserve (`!'()*`) escaped too. */
const uriEscape = (text: string): string => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The IRI-safe form of a tool name inside `tool:<source>/<name>` (names repeat in every edge to them: each is encoded once). */
export const iriSegment = memoize((name: string): string =>
  // A lone surrogate (encodeURIComponent throws on it) gets its WTF-8 bytes, as in file names.
  loneSurrogateAt(name) < 0 ? uriEscape(name) : Array.from(name, (ch) => (isLoneSurrogate(ch) ? percentBytes(ch) : uriEscape(ch))).join(''),
);
