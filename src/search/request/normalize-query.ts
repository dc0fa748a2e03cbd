// A request before search: cleaned and bounded (prepareQuery), then optionally rewritten by a
// QueryNormalizer (an LLM turning it into concise English) under a timeout, with a cache, and
// falling back to the request as it was whenever the normalizer fails. Nothing is dropped
// silently: every change and every failure is a diagnostic.
import type { Diagnostic } from '../../errors.js';
import type { QueryNormalizer } from '../types.js';

/** Entries a normalizer cache keeps (least recently used out first). */
export const NORMALIZER_CACHE_LIMIT = 1000;

// C0 and C1 controls other than tab, line feed and carriage return (those are whitespace),
// format characters (zero-width, bidi overrides, BOM, soft hyphen), and lone surrogates.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const FORMAT = /\p{Cf}|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu;
const SPACES = /\s+/g;

interface Cleaned {
  text: string;
  /** Characters removed. */
  removed: number;
}

/** Controls become spaces (`a\u0000b` stays two words), format characters and lone surrogates go, whitespace collapses. */
function clean(raw: string): Cleaned {
  let removed = 0;
  const text = raw
    .replace(CONTROL, () => {
      removed++;
      return ' ';
    })
    .replace(FORMAT, () => {
      removed++;
      return '';
    })
    .replace(SPACES, ' ')
    .trim();
  return { text, removed };
}

/** The first `max` UTF-16 code units of a text, one fewer where the cut would split a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const c = text.charCodeAt(max - 1);
  return text.slice(0, c >= 0xd800 && c <= 0xdbff ? max - 1 : max);
}

/**
 * A request ready to search: control and format characters removed (MDKG_QUERY_CONTROL_CHARS),
 * whitespace collapsed, cut to `maxChars` UTF-16 code units (MDKG_QUERY_TRUNCATED), and an
 * error MDKG_QUERY_EMPTY when nothing is left.
 */
export function prepareQuery(raw: string, maxChars = 1000): { text: string; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const cleaned = clean(raw);
  if (cleaned.removed > 0) {
    diagnostics.push({
      code: 'MDKG_QUERY_CONTROL_CHARS',
      severity: 'warning',
      message: `removed ${cleaned.removed} control or invisible character${cleaned.removed === 1 ? '' : 's'} from the query`,
    });
  }
  let text = cleaned.text;
  if (text === '') {
    diagnostics.push({ code: 'MDKG_QUERY_EMPTY', severity: 'error', message: 'the query is empty' });
    return { text, diagnostics };
  }
  if (text.length > maxChars) {
    const length = text.length;
    text = cut(text, Math.max(1, maxChars)).trimEnd();
    diagnostics.push({
      code: 'MDKG_QUERY_TRUNCATED',
      severity: 'warning',
      message: `the query has ${length} characters; searched its first ${text.length} (limit ${maxChars})`,
    });
  }
  return { text, diagnostics };
}

export interface NormalizerOptions {
  timeoutMs: number;
  /** Normalizations by normalizer name and query; bounded to NORMALIZER_CACHE_LIMIT entries, least recently used out first. */
  cache?: Map<string, string> | undefined;
  /** Longest acceptable output (default: the larger of 1,000 and 4 times the query). */
  maxOutputChars?: number;
}

export interface NormalizedQuery {
  /** The normalizer's output, or the query unchanged when it failed. */
  text: string;
  normalized: boolean;
  diagnostics: Diagnostic[];
}

function cacheGet(cache: Map<string, string>, key: string): string | undefined {
  const value = cache.get(key);
  if (value !== undefined) {
    cache.delete(key);
    cache.set(key, value);
  }
  return value;
}

function cacheSet(cache: Map<string, string>, key: string, value: string): void {
  cache.delete(key);
  cache.set(key, value);
  while (cache.size > NORMALIZER_CACHE_LIMIT) {
    const oldest = cache.keys().next();
    if (oldest.done === true) break;
    cache.delete(oldest.value);
  }
}

class NormalizerTimeout extends Error {}

/** Calls the normalizer with an AbortSignal that fires after `timeoutMs`, and gives up then even if it ignores the signal. */
async function callWithTimeout(normalizer: QueryNormalizer, query: string, timeoutMs: number): Promise<unknown> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        const reason = new NormalizerTimeout(`timed out after ${timeoutMs} ms`);
        controller.abort(reason);
        reject(reason);
      },
      Math.max(0, timeoutMs),
    );
  });
  try {
    return await Promise.race([Promise.resolve().then(() => normalizer.normalize(query, controller.signal)), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function failed(normalizer: QueryNormalizer, query: string, why: string): NormalizedQuery {
  return {
    text: query,
    normalized: false,
    diagnostics: [
      { code: 'MDKG_NORMALIZER_FAILED', severity: 'warning', message: `query normalizer ${normalizer.name} ${why}; searched the query as written` },
    ],
  };
}

/**
 * The query as rewritten by a normalizer, or the query itself with a MDKG_NORMALIZER_FAILED warning
 * when the normalizer throws, times out, or returns nothing usable (not a string, empty after
 * cleaning, or longer than `maxOutputChars`). Only successes are cached.
 */
export async function runNormalizer(normalizer: QueryNormalizer, query: string, opts: NormalizerOptions): Promise<NormalizedQuery> {
  const key = `${normalizer.name}\u0000${query}`;
  const hit = opts.cache === undefined ? undefined : cacheGet(opts.cache, key);
  if (hit !== undefined) return { text: hit, normalized: true, diagnostics: [] };
  let output: unknown;
  try {
    output = await callWithTimeout(normalizer, query, opts.timeoutMs);
  } catch (error) {
    const why = error instanceof NormalizerTimeout ? error.message : `failed: ${error instanceof Error ? error.message : String(error)}`;
    return failed(normalizer, query, why);
  }
  if (typeof output !== 'string') return failed(normalizer, query, `returned ${output === null ? 'null' : typeof output}, not text`);
  const text = clean(output).text;
  if (text === '') return failed(normalizer, query, 'returned an empty query');
  const max = opts.maxOutputChars ?? Math.max(1000, 4 * query.length);
  if (text.length > max) return failed(normalizer, query, `returned ${text.length} characters (limit ${max})`);
  if (opts.cache !== undefined) cacheSet(opts.cache, key, text);
  return { text, normalized: true, diagnostics: [] };
}
