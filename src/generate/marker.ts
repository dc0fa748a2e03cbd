import { createHash } from 'node:crypto';

/** The front matter key that marks a generated document, with a hash of what was generated. */
export const MARKER_KEY = 'generated';
const MARKER_LINE = /^generated: "?mdkg sha256:([0-9a-f]{64})"?\r?$/m;
const UNSTAMPED = 'generated: mdkg sha256:pending';

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Stamps rendered text (whose front matter has the unstamped marker line) with the hash of the
 * text itself, so a later edit by hand is detected: the hash no longer matches.
 */
export function stamp(text: string): string {
  if (!text.includes(UNSTAMPED)) throw new Error('generated text has no unstamped marker line');
  return text.replace(UNSTAMPED, `generated: mdkg sha256:${digest(text)}`);
}

/** The value the renderer writes under MARKER_KEY before stamping. */
export const MARKER_UNSTAMPED = 'mdkg sha256:pending';

export type MarkerState = 'generated' | 'edited' | 'hand-written';

/**
 * `generated`: written by mdkg and unchanged since; `edited`: written by mdkg, then changed by hand;
 * `hand-written`: no marker (never overwritten or removed).
 */
export function markerState(raw: string): MarkerState {
  // A checkout with CRLF line endings is the same document: compare as written (LF).
  const text = raw.replace(/\r\n/g, '\n');
  const match = MARKER_LINE.exec(text);
  if (match === null) return 'hand-written';
  const original = text.replace(match[0], UNSTAMPED);
  return digest(original) === match[1] ? 'generated' : 'edited';
}
