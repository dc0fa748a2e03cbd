// The two W3C protocols mdkg speaks to a server: the Graph Store HTTP Protocol (PUT, DELETE, GET of
// one named graph, `?graph=<iri>`) and the SPARQL 1.1 Protocol for queries (POST, form-encoded).
// mdkg never sends a SPARQL update: writes are Graph Store requests only.
import type { BoundedResponse } from '../util/bounded-fetch.js';
import { MANIFEST_GRAPH, type Manifest, parseManifest } from './manifest.js';
import type { StoreClient } from './store-client.js';

export const NTRIPLES = 'application/n-triples';
const GRAPH_ACCEPT = 'application/n-triples, text/turtle;q=0.9';
/** PUT and DELETE are idempotent: a deadlock or a busy server is tried again this often. */
const WRITE_RETRIES = 4;

/** The Graph Store URL of one named graph (indirect identification). */
export function graphUrl(graphStoreUrl: string, iri: string): string {
  const url = new URL(graphStoreUrl);
  url.searchParams.append('graph', iri);
  return url.href;
}

/** Replaces a named graph with `body` (N-Triples). */
export async function putGraph(client: StoreClient, iri: string, body: string, signal?: AbortSignal): Promise<void> {
  await client.send('PUT', graphUrl(client.target.graphStoreUrl, iri), {
    body,
    contentType: NTRIPLES,
    retries: WRITE_RETRIES,
    ...(signal === undefined ? {} : { signal }),
  });
}

/** Drops a named graph; one already gone (404) is fine. */
export async function deleteGraph(client: StoreClient, iri: string, signal?: AbortSignal): Promise<void> {
  await client.send('DELETE', graphUrl(client.target.graphStoreUrl, iri), {
    expect: [404],
    retries: WRITE_RETRIES,
    ...(signal === undefined ? {} : { signal }),
  });
}

/** The manifest the server holds, or undefined when it has none (never pushed). */
export async function readManifest(client: StoreClient, timeoutMs?: number): Promise<Manifest | undefined> {
  const response = await client.send('GET', graphUrl(client.target.graphStoreUrl, MANIFEST_GRAPH), {
    accept: GRAPH_ACCEPT,
    expect: [404],
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  if (response.status === 404) return undefined;
  const manifest = parseManifest(response.body.toString('utf8'));
  return manifest.entries.size === 0 && manifest.pushedAt === '' ? undefined : manifest;
}

/** Sends a query text as it is (callers check it first) to the query endpoint. */
export function sendQuery(client: StoreClient, text: string, accept: string, timeoutMs?: number, signal?: AbortSignal): Promise<BoundedResponse> {
  return client.send('POST', client.target.queryUrl, {
    body: new URLSearchParams({ query: text }).toString(),
    contentType: 'application/x-www-form-urlencoded',
    accept,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(signal === undefined ? {} : { signal }),
  });
}
