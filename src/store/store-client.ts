// Every request mdkg sends to a SPARQL server goes through here: one deadline and one size cap per
// request (bounded-fetch), authentication from the store target, no redirects followed, and each
// failure turned into one MDKG_STORE_* code.
import { MdkgError } from '../errors.js';
import { boundedFetch, FetchLimitError, type BoundedResponse } from '../util/bounded-fetch.js';
import { type DigestChallenge, digestAuthorization, parseDigestChallenge } from './digest-auth.js';
import type { StoreTarget } from './store-config.js';

export interface StoreRequest {
  body?: string | Buffer;
  contentType?: string;
  accept?: string;
  /** Default: the target's timeoutMs. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Statuses that are answers, not failures (e.g. 404 of a graph that is not there). */
  expect?: readonly number[];
  /**
   * For idempotent writes: times a transient failure is retried (503, or a 500 that names a
   * deadlock, as Virtuoso's 40001 under concurrent PUTs), after 50, 100, 200 … ms. Default 0.
   */
  retries?: number;
}

/** A failure worth another try: the server is busy or a transaction lost a deadlock. */
export function isTransient(status: number, body: Buffer): boolean {
  return status === 503 || (status === 500 && /40001|deadlock/i.test(body.subarray(0, 4096).toString('utf8')));
}

/** The start of an answer, for messages: printable, short. */
export function answerExcerpt(body: Buffer): string {
  // An HTML error page says what went wrong in its text, not its tags.
  const raw = body.subarray(0, 4096).toString('utf8');
  const text = (/^\s*<(!DOCTYPE|html)/i.test(raw) ? raw.replace(/<title>[^<]*<\/title>|<[^>]*>/gi, ' ') : raw)
    .replace(/[^\x20-\x7e]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  return text === '' ? '(empty)' : `'${text.slice(0, 300)}${text.length > 300 || body.length > 4096 ? '…' : ''}'`;
}

export class StoreClient {
  readonly target: StoreTarget;
  /** Requests sent (a digest challenge round counts), by method: tests and progress read it. */
  readonly sent = new Map<string, number>();
  #challenge: DigestChallenge | undefined;
  #nc = 0;

  constructor(target: StoreTarget) {
    this.target = target;
  }

  #authorization(method: string, url: string): string | undefined {
    const auth = this.target.auth;
    if (auth === undefined) return undefined;
    if (auth.scheme === 'bearer') return `Bearer ${auth.token}`;
    if (auth.scheme === 'basic') return `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`;
    if (this.#challenge === undefined) return undefined;
    const { pathname, search } = new URL(url);
    this.#nc += 1;
    return digestAuthorization(this.#challenge, auth, { method, uri: `${pathname}${search}` }, this.#nc);
  }

  async #once(method: string, url: string, request: StoreRequest): Promise<BoundedResponse> {
    this.sent.set(method, (this.sent.get(method) ?? 0) + 1);
    const headers: Record<string, string> = {};
    const authorization = this.#authorization(method, url);
    if (authorization !== undefined) headers.authorization = authorization;
    if (request.contentType !== undefined) headers['content-type'] = request.contentType;
    if (request.accept !== undefined) headers.accept = request.accept;
    try {
      return await boundedFetch(
        url,
        { method, headers, redirect: 'manual', ...(request.body === undefined ? {} : { body: request.body }) },
        { timeoutMs: request.timeoutMs ?? this.target.timeoutMs, maxBytes: this.target.maxBytes, signal: request.signal },
      );
    } catch (error) {
      const where = `${method} ${url}`;
      if (error instanceof FetchLimitError && error.kind === 'too-large')
        throw new MdkgError('MDKG_STORE_BAD_ANSWER', `${where}: ${error.message}`, { url }, { cause: error });
      const why = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      const timeout = error instanceof FetchLimitError && error.kind === 'timeout';
      throw new MdkgError('MDKG_STORE_UNREACHABLE', `${where}: ${why}`, { url, timeout }, { cause: error });
    }
  }

  /** Sends one request; a 2xx (or an `expect`ed status) is returned, anything else is MDKG_STORE_REFUSED. */
  async send(method: string, url: string, request: StoreRequest = {}): Promise<BoundedResponse> {
    let response = await this.#authorized(method, url, request);
    for (let attempt = 0; attempt < (request.retries ?? 0) && isTransient(response.status, response.body); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt * (1 + Math.random())));
      response = await this.#authorized(method, url, request);
    }
    if (response.ok || request.expect?.includes(response.status) === true) return response;
    const hint =
      response.status === 401 || response.status === 403
        ? ' (check store.auth and the user’s grants: Virtuoso needs SPARQL_UPDATE for the Graph Store endpoint)'
        : response.status >= 300 && response.status < 400
          ? ' (redirects are not followed: give the final URL)'
          : '';
    throw new MdkgError('MDKG_STORE_REFUSED', `${method} ${url}: HTTP ${response.status}${hint}: ${answerExcerpt(response.body)}`, {
      url,
      status: response.status,
    });
  }

  /** One request, and once more when a digest challenge (401) asks for credentials. */
  async #authorized(method: string, url: string, request: StoreRequest): Promise<BoundedResponse> {
    let response = await this.#once(method, url, request);
    const auth = this.target.auth;
    if (response.status === 401 && auth?.scheme === 'digest') {
      const challenge = parseDigestChallenge(response.headers.get('www-authenticate'));
      if (challenge !== undefined) {
        this.#challenge = challenge;
        this.#nc = 0;
        response = await this.#once(method, url, request);
      }
    }
    return response;
  }
}
