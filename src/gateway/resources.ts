// Every graph document as an MCP resource: `mdkg://doc/<id>` (the compact id, `tool:memory/x`),
// listed in pages, read as its Markdown text.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ListResourcesResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { MdkgError } from '../errors.js';
import { compactIri } from '../rdf/namespaces.js';
import type { Gateway } from './gateway.js';

const RESOURCE_PAGE = 100;
const PREFIX = 'mdkg://doc/';

export async function listResources(gw: Gateway, cursor: string | undefined): Promise<ListResourcesResult> {
  const start = cursor === undefined ? 0 : Number(cursor);
  if (!Number.isInteger(start) || start < 0) throw new MdkgError('MDKG_USAGE', `invalid cursor '${cursor}'`);
  const kg = await gw.graph();
  const docs = kg.documents().filter((d) => d.loaded);
  const page = docs.slice(start, start + RESOURCE_PAGE).map((d) => {
    const id = compactIri(d.iri, kg.prefixes).replace(/^<|>$/g, '');
    return { uri: `${PREFIX}${encodeURI(id)}`, name: id, ...(d.title === undefined ? {} : { title: d.title }), mimeType: 'text/markdown' };
  });
  return { resources: page, ...(start + RESOURCE_PAGE < docs.length ? { nextCursor: String(start + RESOURCE_PAGE) } : {}) };
}

export async function readResource(gw: Gateway, uri: string): Promise<ReadResourceResult> {
  const id = uri.startsWith(PREFIX) ? decodeURI(uri.slice(PREFIX.length)) : undefined;
  const kg = await gw.graph();
  const doc = id === undefined ? undefined : kg.document(id);
  if (doc === undefined) throw new MdkgError('MDKG_NOT_FOUND', `no document ${uri} (resources are mdkg://doc/<id>; resources/list names them)`);
  const text = await readFile(join(kg.root, doc.path), 'utf8');
  return { contents: [{ uri, mimeType: 'text/markdown', text }] };
}
