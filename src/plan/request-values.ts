// Values a request already states, and which parameter each fills: an e-mail address, a URL, a
// file path, a quoted string (also in CJK quotes), a name after "named"/"called", an id-like token,
// a number, or one of a parameter's allowed values. General English and typography rules only.
import { singularize, splitIdentifier } from '../lexicon/words.js';
import type { PlanParam } from './plan-catalog.js';

export type ValueKind = 'email' | 'url' | 'path' | 'quoted' | 'name' | 'id' | 'number';

export interface RequestValue {
  kind: ValueKind;
  value: string;
  /** Offset in the request (ties are taken in request order). */
  at: number;
  /** The word just before it, lower case and singular (`invoice` in "invoice 42"): a parameter with that word fits it better. */
  before: string;
}

const PATTERNS: ReadonlyArray<[ValueKind, RegExp]> = [
  ['url', /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/giu],
  ['email', /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu],
  [
    'quoted',
    /"([^"\n]{1,200})"|“([^”\n]{1,200})”|‘([^’\n]{1,200})’|「([^」\n]{1,200})」|『([^』\n]{1,200})』|«([^»\n]{1,200})»|`([^`\n]{1,200})`|(?<![\p{L}\p{N}])'([^'\n]{1,200})'(?![\p{L}\p{N}])/gu,
  ],
  // After "named", "called", "titled", "name is": one word, or a capitalized run.
  ['name', /\b(?:named|called|titled|name(?:d)? is)\s+((?:\p{Lu}[\p{L}\p{N}_-]*)(?:\s+\p{Lu}[\p{L}\p{N}_-]*)*|[\p{L}\p{N}_-]+)/gu],
  [
    'path',
    /(?<![\p{L}\p{N}:/])(?:~|\.{1,2})?\/[\p{L}\p{N}._~@%+-]+(?:\/[\p{L}\p{N}._~@%+-]*)*|\b[\p{L}\p{N}_-]+(?:\/[\p{L}\p{N}_.-]+)*\.[a-z][a-z0-9]{0,5}\b/gu,
  ],
  // A token with letters and digits (`ORD-100`, `a1b2c3`, a UUID), or `#123`.
  [
    'id',
    /(?<![\p{L}\p{N}@./-])(?:#\d+|(?=[\p{L}\p{N}_-]*\p{N})(?=[\p{L}\p{N}_-]*\p{L})[\p{L}\p{N}]+(?:[_-][\p{L}\p{N}]+)*)(?![\p{L}\p{N}@/-]|\.[\p{L}\p{N}])/gu,
  ],
  ['number', /(?<![\p{L}\p{N}.#_-])\d+(?:\.\d+)?(?![\p{L}\p{N}_-]|\.\d)/gu],
];

/** Values kept of one request (the first ones): a request states a few; a hostile one cannot make planning slow. */
export const MAX_VALUES = 64;

/** Every value of the request, in request order; a span taken by one kind is not read again by a later one. */
export function requestValues(request: string): RequestValue[] {
  const text = request.slice(0, 2000);
  const taken: Array<[number, number]> = [];
  const free = (from: number, to: number): boolean => taken.every(([a, b]) => to <= a || from >= b);
  const out: RequestValue[] = [];
  for (const [kind, pattern] of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (!free(start, end)) continue;
      const group = match.slice(1).find((g) => g !== undefined);
      const raw = (group ?? match[0]).trim();
      const value = kind === 'path' || kind === 'url' ? raw.replace(/[.,;:!?)]+$/u, '') : raw;
      if (value === '') continue;
      taken.push([start, end]);
      const word = /([\p{L}\p{N}]+)[\s#:=]*$/u.exec(text.slice(Math.max(0, start - 40), start))?.[1] ?? '';
      out.push({ kind, value: kind === 'id' && value.startsWith('#') ? value.slice(1) : value, at: start, before: singularize(word.toLowerCase()) });
    }
  }
  return out.sort((a, b) => a.at - b.at).slice(0, MAX_VALUES);
}

/** Last words of parameter names, by the kind of value they take (general API naming). */
const ID_WORDS = new Set(['id', 'ids', 'uuid', 'guid', 'key', 'no', 'number', 'num', 'code', 'ref', 'token', 'sha', 'slug', 'handle']);
const NAME_WORDS = new Set(['name', 'title', 'label', 'username', 'login', 'query', 'q', 'search', 'keyword', 'term', 'text']);
const PATH_WORDS = new Set(['path', 'file', 'filename', 'dir', 'directory', 'folder', 'filepath']);
const URL_WORDS = new Set(['url', 'uri', 'link', 'href', 'endpoint', 'webhook']);
const EMAIL_WORDS = new Set(['email', 'mail']);
const NUMERIC = new Set(['integer', 'number']);

/** How well a value fits a parameter: 0 when it does not. */
export function valueFit(param: PlanParam, value: RequestValue): number {
  const words = splitIdentifier(param.name.slice(param.name.lastIndexOf('.') + 1)).map(singularize);
  const last = words[words.length - 1] ?? '';
  const has = (set: ReadonlySet<string>): boolean => words.some((w) => set.has(w));
  const numeric = param.type !== undefined && NUMERIC.has(param.type.split(' ')[0] ?? '');
  // A list takes one value as its only item (`entityNames` of "delete the entity named Alice").
  const stringy = param.type === undefined || param.type.startsWith('string') || param.type.startsWith('array');
  // "invoice 42" for invoiceId: the word before the value is a word of the parameter's name.
  const named = value.before !== '' && words.slice(0, -1).includes(value.before);
  if (param.enum.length > 0) return 0;
  switch (value.kind) {
    case 'email':
      return has(EMAIL_WORDS) ? 1 : 0;
    case 'url':
      return has(URL_WORDS) ? 1 : 0;
    case 'path':
      return has(PATH_WORDS) ? 1 : 0;
    case 'number':
      if (numeric) return ID_WORDS.has(last) ? (named ? 0.95 : 0.9) : named ? 0.65 : 0.6;
      return stringy && ID_WORDS.has(last) && named ? 0.8 : 0;
    case 'id':
      return stringy && ID_WORDS.has(last) ? (named ? 0.95 : 0.9) : 0;
    case 'name':
      return stringy && NAME_WORDS.has(last) ? 0.9 : 0;
    case 'quoted':
      if (!stringy || has(EMAIL_WORDS) || has(URL_WORDS) || has(PATH_WORDS)) return 0;
      return NAME_WORDS.has(last) ? 0.9 : ID_WORDS.has(last) ? 0.6 : 0.5;
  }
}

/** A parameter's allowed value the request names as a word ("available pets" → status `available`). */
export function enumValueIn(param: PlanParam, request: string): string | undefined {
  const lower = request.toLowerCase();
  for (const v of param.enum) {
    if (v.length < 2) continue;
    const at = lower.indexOf(v.toLowerCase());
    if (at < 0) continue;
    const before = lower[at - 1];
    const after = lower[at + v.length];
    const wordChar = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}_]/u.test(c);
    if (!wordChar(before) && !wordChar(after)) return v;
  }
  return undefined;
}

/** The known value for a parameter: by its name, or by the same words (`site_no` for `siteNo`). */
export function knownValue(param: PlanParam, known: Readonly<Record<string, unknown>>): { key: string; value: unknown } | undefined {
  const short = param.name.slice(param.name.lastIndexOf('.') + 1);
  for (const key of [param.name, short]) if (Object.hasOwn(known, key) && known[key] !== undefined) return { key, value: known[key] };
  const words = splitIdentifier(short).join(' ');
  for (const key of Object.keys(known).sort()) if (splitIdentifier(key).join(' ') === words && known[key] !== undefined) return { key, value: known[key] };
  return undefined;
}
