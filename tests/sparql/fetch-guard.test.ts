import { Store } from 'n3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MdkgError } from '../../src/errors.js';
import { createGuardedFetch } from '../../src/sparql/fetch-guard.js';
import { startSparqlEndpoint, type SparqlEndpoint } from '../helpers/sparql-endpoint.js';
import { rejection, toolQuads } from '../helpers/sparql-store.js';
import { atLimit } from '../helpers/time-bounds.js';

/** Tests that are not about the time limit give one no loaded machine reaches. */
const NOT_A_LIMIT = 120_000;
/** The limit the timeout test tests. */
const LIMIT = 1000;

const ASK = `?query=${encodeURIComponent('ASK {}')}`;

describe('createGuardedFetch', () => {
  let allowed: SparqlEndpoint;
  let other: SparqlEndpoint;
  let redirectAway: SparqlEndpoint;
  let redirectHome: SparqlEndpoint;
  let hanging: SparqlEndpoint;
  let all: SparqlEndpoint[];

  beforeAll(async () => {
    allowed = await startSparqlEndpoint(new Store(toolQuads()));
    other = await startSparqlEndpoint(new Store(toolQuads()));
    redirectAway = await startSparqlEndpoint(new Store(), { redirectTo: `${other.url}${ASK}` });
    redirectHome = await startSparqlEndpoint(new Store(), { redirectTo: `${allowed.url}${ASK}` });
    hanging = await startSparqlEndpoint(new Store(), { hang: true });
    all = [allowed, other, redirectAway, redirectHome, hanging];
  });
  afterAll(async () => {
    await Promise.all(all.map((e) => e.close()));
  });
  beforeEach(() => {
    for (const e of all) e.requests.length = 0;
  });

  it('lets requests to an allowed endpoint through, whatever the query string', async () => {
    const guarded = createGuardedFetch([allowed.url], NOT_A_LIMIT);
    const response = await guarded(`${allowed.url}${ASK}`, { headers: { accept: 'application/sparql-results+json' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ head: {}, boolean: true });
    expect(allowed.requests.map((r) => [r.method, r.query])).toEqual([['GET', 'ASK {}']]);
  });

  it.each([
    ['another host', () => `${other.url}${ASK}`],
    ['a URL object', () => new URL(other.url)],
    ['a Request', () => new Request(other.url, { method: 'POST', body: 'query=ASK%20%7B%7D' })],
    ['another path of the allowed origin', () => `${allowed.origin}/admin`],
    ['a sub-path of the allowed endpoint', () => `${allowed.url}/x`],
    ['the endpoint with credentials', () => allowed.url.replace('http://', 'http://user:pw@')],
    ['a file URL', () => 'file:///etc/passwd'],
  ])('refuses %s without sending anything', async (_name, input) => {
    const denied: MdkgError[] = [];
    const guarded = createGuardedFetch([allowed.url], NOT_A_LIMIT, { onDenied: (e) => denied.push(e) });
    const error = await rejection(guarded(input()));
    expect(error.code).toBe('MDKG_FETCH_DENIED');
    expect(error.message).toMatch(/^Refused to fetch .*: not an allowed SPARQL endpoint$/);
    expect(denied).toEqual([error]);
    expect(all.map((e) => e.requests.length)).toEqual([0, 0, 0, 0, 0]);
  });

  it('refuses a redirect to a host that is not allowed', async () => {
    const guarded = createGuardedFetch([redirectAway.url], NOT_A_LIMIT);
    const error = await rejection(guarded(`${redirectAway.url}${ASK}`));
    expect([error.code, error.message]).toEqual(['MDKG_FETCH_DENIED', `Refused to fetch ${other.url}: not an allowed SPARQL endpoint`]);
    expect([redirectAway.requests.length, other.requests.length]).toEqual([1, 0]);
  });

  it('follows a redirect to an allowed endpoint', async () => {
    const guarded = createGuardedFetch([redirectHome.url, allowed.url], NOT_A_LIMIT);
    const response = await guarded(`${redirectHome.url}${ASK}`);
    expect(await response.json()).toEqual({ head: {}, boolean: true });
    expect([redirectHome.requests.length, allowed.requests.length]).toEqual([1, 1]);
  });

  it('gives up after the timeout', async () => {
    const guarded = createGuardedFetch([hanging.url], LIMIT);
    const started = performance.now();
    const error = await rejection(guarded(`${hanging.url}${ASK}`));
    expect([error.code, error.message]).toEqual(['MDKG_SPARQL_TIMEOUT', `Request to ${hanging.url} timed out after ${LIMIT} ms`]);
    // At the limit, not before it and not a machine's slowness later (bounds relative to the limit).
    const ms = performance.now() - started;
    expect(ms).toBeGreaterThanOrEqual(atLimit(LIMIT));
    expect(ms).toBeLessThan(LIMIT * 3);
    expect(hanging.requests).toHaveLength(1);
  });
});
