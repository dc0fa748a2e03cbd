// The words for an entry a walk does not read, shared by the graph loader (scan.ts) and the code
// walk (ingest/code/walk.ts), so both name the same entries the same way: a name that is not UTF-8,
// a special file (FIFO, socket, device), a symbolic link that leads nowhere (missing or looping).
import { isUtf8 } from 'node:buffer';
import { readdirSync } from 'node:fs';
import type { Diagnostic } from '../errors.js';

export const NOT_UTF8_NAME = 'the name is not valid UTF-8 (shown with U+FFFD) and cannot be opened: skipped';
export const SPECIAL_FILE = 'not a regular file (a FIFO, socket or device): skipped';
export const LINK_NOWHERE = 'symbolic link leads nowhere (its target is missing, or it loops) and is skipped';

/** The warning for an entry never opened: `bad` for a name that is not UTF-8, `special` for a FIFO, socket or device. */
export function skippedEntry(kind: 'bad' | 'special', path: string): Diagnostic {
  return { code: 'MDKG_FILE_READ', severity: 'warning', message: kind === 'bad' ? NOT_UTF8_NAME : SPECIAL_FILE, file: path };
}

/**
 * The names (as Node decodes them, with U+FFFD) of the entries of folder `abs` whose name is not
 * UTF-8 and so cannot be opened by that name. Ask only when a decoded name holds U+FFFD (which a
 * well-formed name may hold too): the folder is listed again as bytes.
 */
export function undecodableNames(abs: string): Set<string> {
  const out = new Set<string>();
  try {
    for (const raw of readdirSync(abs, { encoding: 'buffer' })) if (!isUtf8(raw)) out.add(raw.toString('utf8'));
  } catch {
    // Gone since the first listing: nothing to tell apart.
  }
  return out;
}
