// `mdkg export --endpoint`: the graphs the server holds, as the manifest lists them, read back with
// Graph Store GETs (several in flight) and written as N-Quads or merged Turtle, like the local export.
import type { Quad } from '@rdfjs/types';
import { DataFactory } from 'n3';
import { MdkgError } from '../errors.js';
import { DEFAULT_PREFIXES } from '../rdf/namespaces.js';
import { serializeQuads } from '../rdf/serialize.js';
import { graphUrl, readManifest } from './protocol.js';
import { forEachLimited } from './push.js';
import { parseGraphAnswer } from './results.js';
import type { StoreClient } from './store-client.js';

export const REMOTE_EXPORT_FORMATS = ['ttl', 'nq'] as const;

/** The server's document graphs (or the one whose IRI or path is `doc`) as `format`. */
export async function exportRemote(client: StoreClient, format: (typeof REMOTE_EXPORT_FORMATS)[number], doc?: string): Promise<string> {
  const manifest = await readManifest(client);
  if (manifest === undefined) throw new MdkgError('MDKG_NOT_FOUND', `${client.target.queryUrl} holds no mdkg manifest: nothing was pushed`);
  const entries = [...manifest.entries.values()].filter((e) => doc === undefined || e.iri === doc || e.path === doc || e.path === `${doc}.md`);
  if (doc !== undefined && entries.length === 0)
    throw new MdkgError('MDKG_NOT_FOUND', `the server's manifest lists no document '${doc}' (give its IRI or path)`, { doc });
  const quads: Quad[] = [];
  await forEachLimited(entries, client.target.concurrency, async (entry) => {
    const response = await client.send('GET', graphUrl(client.target.graphStoreUrl, entry.iri), {
      accept: 'application/n-triples, text/turtle;q=0.9',
      expect: [404],
    });
    if (response.status === 404) return;
    const graph = DataFactory.namedNode(entry.iri);
    for (const q of parseGraphAnswer(response.body, response.headers.get('content-type')))
      quads.push(format === 'nq' ? DataFactory.quad(q.subject, q.predicate, q.object, graph) : q);
  });
  return serializeQuads(quads, format === 'nq' ? 'nquads' : 'turtle', { ...DEFAULT_PREFIXES });
}
