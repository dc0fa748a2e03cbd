import { memoize } from '../util/memo.js';
import { createHash } from 'node:crypto';

/** Longest encoded name (ASCII): leaves room for `.md` and a temp suffix within 255 bytes. */
export const MAX_FILE_NAME = 180;

/** Characters kept as they are in file names; everything else is percent-encoded (reversibly). */
const SAFE = /[A-Za-z0-9._-]/;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/i;
/** A name that encodes to itself: safe characters only, no leading or trailing dot. */
const PLAIN = /^[A-Za-z0-9_-](?:[A-Za-z0-9._-]*[A-Za-z0-9_-])?$/;

/**
 * A file-safe, reversible form of a tool name: unsafe characters become `%XX` (UTF-8 bytes), and
 * so do a leading dot, a trailing dot and Windows reserved names. `decodeFileName` reverses it.
 */
export function encodeFileName(name: string): string {
  // Most names need no encoding: skip the per-character loop (a re-run encodes every file's path).
  if (name.length <= MAX_FILE_NAME && PLAIN.test(name) && !WINDOWS_RESERVED.test(name)) return name;
  let out = '';
  for (const ch of name) {
    if (SAFE.test(ch)) out += ch;
    else for (const byte of Buffer.from(ch, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  if (out.startsWith('.')) out = `%2E${out.slice(1)}`;
  if (out.endsWith('.')) out = `${out.slice(0, -1)}%2E`;
  if (WINDOWS_RESERVED.test(out)) out = `%${out.charCodeAt(0).toString(16).toUpperCase()}${out.slice(1)}`;
  if (out.length > MAX_FILE_NAME) {
    // Too long for a file system (255 bytes, with `.md` and the temp suffix): cut, and keep the
    // names apart with a hash of the whole name. `~` never appears in an encoded name otherwise.
    const cut = out.slice(0, MAX_FILE_NAME - 17).replace(/%[0-9A-F]?$/, '');
    out = `${cut}~${createHash('sha256').update(name).digest('hex').slice(0, 16)}`;
  }
  return out === '' ? '%00' : out;
}

/** The name of an encoded file name; a name cut to length (`~hash`) is known from its document's id only. */
export function decodeFileName(file: string): string {
  return file === '%00' ? '' : decodeURIComponent(file);
}

/** A source id names a folder and an IRI segment: letters, digits, `.`, `_`, `-`, not starting with `.`. */
export function isValidSourceId(id: string): boolean {
  return /^[A-Za-z0-9_][A-Za-z0-9._-]{0,63}$/.test(id);
}

/** The IRI-safe form of a tool name inside `tool:<source>/<name>` (names repeat in every edge to them: each is encoded once). */
export const iriSegment = memoize((name: string): string =>
  encodeURIComponent(name).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
);
