// Strings kept whole by the tokenizer: URLs, emails, paths, UUIDs, IP addresses, dates, versions,
// ticket numbers (CVE-2024-12345, JIRA-42, ORD-2024-001, #123), hashes and tracking numbers.
//
// What each one gives besides itself (one `identifier` token, lower-cased):
// - a type marker word where the type is a word people search with: `url`, `email`, `path`, `ip`,
//   `date`, `version` (only for an unmistakable version: `v1.2`, `1.2.3`; `3.14` may be a price),
//   and a ticket's letter prefix (`cve`, `jira`, `ord`), so "CVE-2024-1 details" finds a tool about CVEs;
// - the words of paths and URLs (`/pets/{petId}` -> pet, id; a URL's host without `www` and the
//   top-level domain, and its path), which name what the identifier is about;
// - nothing more for numbers, UUIDs, hashes and emails: their parts match nothing meaningful.
//
// Every pattern is anchored and unambiguous (no nested quantifier can match the same text two
// ways), and the tokenizer only asks about chunks of at most MAX_IDENTIFIER_LENGTH characters.

export const MAX_IDENTIFIER_LENGTH = 2048;

export interface IdentifierMatch {
  /** The indexed form: lower case; a version loses its `v` (`v1.2.3` and `1.2.3` meet). */
  term: string;
  /** Type marker words (lower case, unstemmed). */
  markers: readonly string[];
  /** Spans `[start, end)` of the text whose words are indexed too. */
  wordSpans: readonly (readonly [number, number])[];
}

const URL = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i;
const EMAIL = /^[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?::\d{1,5})?(?:\/\d{1,2})?$/;
const IPV6 = /^[0-9a-f:]+$/i;
const DATE = /^\d{4}-\d{2}-\d{2}(?:t\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:z|[+-]\d{2}:?\d{2})?)?$/i;
const VERSION = /^(v?)(\d+(?:\.\d+)+)(-[0-9a-z]+(?:\.[0-9a-z]+)*)?(\+[0-9a-z]+(?:\.[0-9a-z]+)*)?$/i;
const TICKET = /^([a-z][a-z0-9]*)(?:-\d+)+$/i;
const ISSUE = /^#\d+$/;
const ABSOLUTE_PATH = /^(?:\/|\.{1,2}[\\/]|~[\\/]|[a-z]:[\\/]|\\\\)/i;
const EXTENSION = /[^\\/.]\.[a-z0-9]{1,8}$/i;
const HAS_ALNUM = /[\p{L}\p{N}]/u;

const NONE: readonly string[] = [];

function whole(term: string, markers: readonly string[] = NONE): IdentifierMatch {
  return { term, markers, wordSpans: [] };
}

function url(text: string, host: string): IdentifierMatch {
  const hostStart = text.indexOf('://') + 3;
  // user:password@ and :port are not words of the host
  const at = host.lastIndexOf('@');
  let start = at < 0 ? hostStart : hostStart + at + 1;
  let end = hostStart + host.length;
  const port = text.lastIndexOf(':', end - 1);
  if (port >= start) end = port;
  if (text.slice(start, start + 4).toLowerCase() === 'www.') start += 4;
  const tld = text.lastIndexOf('.', end - 1);
  if (tld > start) end = tld;
  const spans: [number, number][] = [[start, end]];
  const pathStart = hostStart + host.length;
  let pathEnd = text.length;
  for (const stop of ['?', '#']) {
    const k = text.indexOf(stop, pathStart);
    if (k >= 0 && k < pathEnd) pathEnd = k;
  }
  if (pathEnd > pathStart) spans.push([pathStart, pathEnd]);
  return { term: text.toLowerCase(), markers: ['url'], wordSpans: spans };
}

function ip(text: string): IdentifierMatch | undefined {
  const v4 = IPV4.exec(text);
  if (v4 !== null) {
    for (let k = 1; k <= 4; k++) if (Number(v4[k]) > 255) return undefined;
    return whole(text, ['ip']);
  }
  if (text.length > 45 || !IPV6.test(text) || !/\d/.test(text)) return undefined;
  let colons = 0;
  for (const ch of text) if (ch === ':') colons++;
  if (colons > 7 || (colons < 7 && !text.includes('::'))) return undefined;
  return whole(text.toLowerCase(), ['ip']);
}

function version(text: string): IdentifierMatch | undefined {
  const m = VERSION.exec(text);
  if (m === null) return undefined;
  const [, v, numbers, pre, build] = m;
  const term = text.slice(v!.length).toLowerCase();
  const sure = v !== '' || numbers!.split('.').length >= 3 || pre !== undefined || build !== undefined;
  return whole(term, sure ? ['version'] : NONE);
}

function path(text: string): IdentifierMatch | undefined {
  if (!HAS_ALNUM.test(text)) return undefined;
  const rooted = ABSOLUTE_PATH.test(text);
  if (!rooted) {
    const slash = Math.max(text.lastIndexOf('/'), text.lastIndexOf('\\'));
    if (slash <= 0 || !EXTENSION.test(text.slice(slash + 1))) return undefined;
  }
  return { term: text.toLowerCase(), markers: ['path'], wordSpans: [[0, text.length]] };
}

/** The identifier a chunk of text is (no whitespace inside, trailing punctuation removed), if any. */
export function matchIdentifier(text: string): IdentifierMatch | undefined {
  if (text.length < 2 || text.length > MAX_IDENTIFIER_LENGTH) return undefined;
  const u = URL.exec(text);
  if (u !== null) return url(text, u[1]!);
  if (EMAIL.test(text)) return whole(text.toLowerCase(), ['email']);
  if (UUID.test(text)) return whole(text.toLowerCase());
  if (DATE.test(text)) return whole(text.toLowerCase(), ['date']);
  const address = ip(text);
  if (address !== undefined) return address;
  const v = version(text);
  if (v !== undefined) return v;
  const ticket = TICKET.exec(text);
  if (ticket !== null && ticket[1]!.length >= 2) return whole(text.toLowerCase(), [ticket[1]!.toLowerCase()]);
  if (ISSUE.test(text)) return whole(text);
  return path(text);
}

const HEX = /^(?:0x)?[0-9a-f]+$/i;

/**
 * Whether a run of letters and digits (no punctuation) is a code rather than words: a number of
 * 6+ digits (order, account), a hex string of 7+ with a digit (commit hash, `0x…`), or 8+ letters
 * and digits with 4+ digits in one case (`1Z999AA10123456784`). `base64url`, `sha256`, `getV2Users` stay words.
 */
export function isCode(run: string, digits: number, mixedCase: boolean): boolean {
  if (digits === 0) return false;
  if (digits === run.length) return run.length >= 6;
  if (run.length >= 7 && HEX.test(run)) return true;
  return run.length >= 8 && digits >= 4 && !mixedCase;
}
