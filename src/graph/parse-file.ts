// One document, from its bytes to what the parse cache keeps of it: front matter, body, JSON-LD,
// quads encoded. Pure (no I/O), so it runs the same in a parse worker (parse-worker.ts).
import { parseDocument } from '../markdown-ld/parse.js';
import { documentToEncoded } from '../rdf/to-quads.js';
import type { CacheEntry } from './cache.js';

/** A document to parse: its bytes as read, their hash, and the file's identity when trusted. */
export interface ParseJob {
  path: string;
  bytes: Uint8Array;
  maxBytes: number;
  hash: string;
  stat?: string;
}

export async function parseEntry(job: ParseJob): Promise<CacheEntry> {
  const { path, bytes, maxBytes, hash } = job;
  const parsed = parseDocument(bytes, path, { maxBytes, hash });
  const base = { path, hash, links: parsed.links, ...(job.stat === undefined ? {} : { stat: job.stat }) };
  if (!parsed.usable) return { ...base, iri: '', names: [], diagnostics: parsed.diagnostics, usable: false, quads: { terms: [], spo: [] } };
  const rdf = await documentToEncoded(parsed);
  const diagnostics = [...parsed.diagnostics, ...rdf.diagnostics];
  const usable = !diagnostics.some((d) => d.code === 'MDKG_JSONLD_INVALID' || d.code === 'MDKG_REMOTE_CONTEXT');
  const entry: CacheEntry = { ...base, iri: rdf.iri, names: rdf.names, diagnostics, usable, quads: rdf.encoded };
  if (rdf.title !== undefined) entry.title = rdf.title;
  return entry;
}
