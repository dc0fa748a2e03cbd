// Where words start inside a run of letters and digits written in camel or Pascal case: the one
// rule for splitting identifiers, used by the search tokenizer and by splitIdentifier alike.
// `getUser` -> get|User, `HTTPServer` -> HTTP|Server, `S3Bucket` -> S3|Bucket; an acronym's
// plural `s` stays with it (`userIDs` -> user|IDs, `listURLs` -> list|URLs); `2FA`, `oauth2` stay whole.
import { DIGIT, LOWER, UPPER, classAt, width } from './char-class.js';

const LOWER_S = 0x73;

/** A lower-case letter follows an upper-case one at `i`, and not as the `s` closing an acronym (`IDs`, `URLs`). */
function capitalizedWordAt(s: string, i: number, end: number): boolean {
  if (i >= end || classAt(s, i) !== LOWER) return false;
  return !(s.charCodeAt(i) === LOWER_S && (i + 1 >= end || classAt(s, i + 1) !== LOWER));
}

/**
 * The offsets in [start, end) where a new word starts after `start` (a run of letters and digits:
 * call it on runs only). An upper-case letter starts a word after a lower-case one, and after an
 * upper-case letter or a digit when a lower-case word follows it.
 */
export function camelBreaks(s: string, start: number, end: number): number[] {
  const breaks: number[] = [];
  let prev = classAt(s, start);
  let j = start + width(s, start);
  while (j < end) {
    const cur = classAt(s, j);
    const w = width(s, j);
    if (cur === UPPER && (prev === LOWER || ((prev === UPPER || prev === DIGIT) && capitalizedWordAt(s, j + w, end)))) breaks.push(j);
    prev = cur;
    j += w;
  }
  return breaks;
}
