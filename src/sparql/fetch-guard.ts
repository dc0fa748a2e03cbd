import { MdkgError } from '../errors.js';
import { normalizeEndpoint } from './guard.js';

export interface GuardedFetchOptions {
  /** Called with every refusal, before it is thrown (the engine may wrap or swallow the error). */
  onDenied?: (error: MdkgError) => void;
  /** Called with every request that failed (unreachable, refused, timed out), before it is thrown. */
  onFailed?: (error: MdkgError) => void;
  /** Redirects followed, each to an allowed endpoint only. Default 5. */
  maxRedirects?: number;
  /** The fetch that does the work. Default: the global fetch. */
  fetchImpl?: typeof fetch;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** `origin + pathname`: the part of a URL an allowlist entry names (the query string varies per request). */
function endpointKey(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/** Why a request failed, from the network error's code. */
function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection closed';
  if (code !== undefined) return code;
  const message = typeof cause?.message === 'string' ? cause.message.split('\n')[0]?.trim().slice(0, 100) : undefined;
  return message === undefined || message === '' ? 'network error' : message;
}

function toUrl(input: string | URL | Request): URL {
  return new URL(input instanceof Request ? input.url : String(input));
}

/**
 * A fetch that only reaches allowlisted SPARQL endpoints. Any other URL (compared by origin and
 * path) is refused with MdkgError MDKG_FETCH_DENIED, redirects included; each call is bounded by
 * `timeoutMs` (MDKG_SPARQL_TIMEOUT), headers and body too. Given to Comunica as its `fetch`, so
 * nothing reaches another host even if the static SERVICE check were bypassed.
 */
export function createGuardedFetch(allow: readonly string[], timeoutMs: number, options: GuardedFetchOptions = {}): typeof fetch {
  const allowed = new Set<string>();
  for (const entry of allow) {
    const normal = normalizeEndpoint(entry);
    if (normal !== undefined) allowed.add(endpointKey(new URL(normal)));
  }
  const fetchImpl = options.fetchImpl ?? globalThis.fetch;
  const maxRedirects = options.maxRedirects ?? 5;

  const check = (url: URL): void => {
    const ok = (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
    if (ok && allowed.has(endpointKey(url))) return;
    const error = new MdkgError('MDKG_FETCH_DENIED', `Refused to fetch ${endpointKey(url)}: not an allowed SPARQL endpoint`, {
      url: endpointKey(url),
    });
    options.onDenied?.(error);
    throw error;
  };

  const guarded = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    let url = toUrl(input);
    check(url);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signals = [timeout, init?.signal, input instanceof Request ? input.signal : undefined];
    const signal = AbortSignal.any(signals.filter((s): s is AbortSignal => s !== undefined && s !== null));
    let current: RequestInit = { ...init, signal, redirect: 'manual' };
    let target: string | URL | Request = input;
    try {
      for (let hop = 0; ; hop += 1) {
        const response = await fetchImpl(target, current);
        const location = response.headers.get('location');
        if (!REDIRECTS.has(response.status) || location === null) return response;
        await response.body?.cancel();
        url = new URL(location, url);
        if (hop >= maxRedirects) {
          throw new MdkgError('MDKG_FETCH_DENIED', `Too many redirects fetching ${endpointKey(url)}`, { url: endpointKey(url) });
        }
        check(url);
        const method = (current.method ?? 'GET').toUpperCase();
        if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
          const { body: _body, ...rest } = current;
          current = { ...rest, method: method === 'HEAD' ? 'HEAD' : 'GET' };
        }
        target = url;
      }
    } catch (error) {
      if (error instanceof MdkgError) throw error;
      const key = endpointKey(url);
      const failed = timeout.aborted
        ? new MdkgError('MDKG_SPARQL_TIMEOUT', `Request to ${key} timed out after ${timeoutMs} ms`, { url: key, timeoutMs }, { cause: error })
        : (init?.signal?.aborted ?? false)
          ? undefined
          : new MdkgError(
              'MDKG_SPARQL_FAILED',
              `SPARQL evaluation failed: the SPARQL endpoint ${key} could not be reached (${reason(error)})`,
              { url: key },
              { cause: error },
            );
      if (failed === undefined) throw error;
      options.onFailed?.(failed);
      throw failed;
    }
  };
  return guarded as typeof fetch;
}
