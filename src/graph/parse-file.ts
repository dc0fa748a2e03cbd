// One document, from its bytes (read here when the job says where) to what the parse cache keeps
// of it: front matter, body, JSON-LD, quads encoded. Runs the same in a parse worker (parse-worker.ts).
import { termTable } from '../rdf/term-codec.js';
import type { Diagnostic } from '../errors.js';
import type { CacheEntry } from './cache.js';
import { RACY_MS, readFileBytes, tooLargeDiagnostic } from './read-bytes.js';

/** The parser and the RDF converter, imported on the first document parsed: a warm load needs neither (nor the Markdown parser they load). */
let parsing: Promise<[typeof import('../markdown-ld/parse.js'), typeof import('../rdf/to-quads.js')]> | undefined;
const parsers = (): Promise<[typeof import('../markdown-ld/parse.js'), typeof import('../rdf/to-quads.js')]> =>
  (parsing ??= Promise.all([import('../markdown-ld/parse.js'), import('../rdf/to-quads.js')]));

/**
 * A document to parse: its bytes as read, their hash, and the file's identity when trusted; or,
 * for a file nothing is known of (a cold load, a new file), where to read it (read-bytes.ts:
 * identity first, then the bytes, which the parser hashes).
 */
export interface ParseJob {
  path: string;
  maxBytes: number;
  bytes?: Uint8Array;
  absolute?: string;
  racyMs?: number;
  hash?: string;
  stat?: string;
}

/** A file that could not be read when its job was parsed: not a document, a diagnostic. */
export interface ReadFailure {
  path: string;
  failed: Diagnostic;
}

export type ParsedEntry = CacheEntry | ReadFailure;

export async function parseEntry(job: ParseJob): Promise<ParsedEntry> {
  const { path, maxBytes } = job;
  let { bytes, stat } = job;
  if (bytes === undefined) {
    // The identity from the open file, before its bytes are read (read-bytes.ts): no second stat.
    const read = readFileBytes(path, job.absolute ?? path, maxBytes, job.racyMs ?? RACY_MS);
    if ('failed' in read) return { path, failed: read.failed };
    if ('tooLarge' in read) {
      const diagnostics = [tooLargeDiagnostic(path, read.tooLarge, maxBytes)];
      return { path, hash: `size:${read.tooLarge}`, iri: '', names: [], links: [], usable: false, quads: { terms: [], spo: [] }, diagnostics };
    }
    bytes = read.bytes;
    stat = read.stat;
  }
  const [{ parseDocument }, { documentToEncoded }] = await parsers();
  const parsed = parseDocument(bytes, path, job.hash === undefined ? { maxBytes } : { maxBytes, hash: job.hash });
  const base = { path, hash: parsed.hash, links: parsed.links, ...(stat === undefined ? {} : { stat }) };
  if (!parsed.usable) return { ...base, iri: '', names: [], diagnostics: parsed.diagnostics, usable: false, quads: { terms: [], spo: [] } };
  const rdf = await documentToEncoded(parsed);
  const diagnostics = [...parsed.diagnostics, ...rdf.diagnostics];
  const usable = !diagnostics.some((d) => d.code === 'MDKG_JSONLD_INVALID' || d.code === 'MDKG_REMOTE_CONTEXT');
  const entry: CacheEntry = { ...base, iri: rdf.iri, names: rdf.names, diagnostics, usable, quads: rdf.encoded };
  if (rdf.title !== undefined) entry.title = rdf.title;
  return entry;
}

/**
 * Parses a batch of documents (in a parse worker or here, the same way) and puts them on one term
 * table: a term the batch's documents share (predicates, types, common values) is sent and
 * interned by the store once per batch instead of once per document. Each document's triples are
 * kept once, in their order (what the store would keep of them).
 */
export async function parseBatch(jobs: readonly ParseJob[]): Promise<ParsedEntry[]> {
  const entries: ParsedEntry[] = [];
  for (const job of jobs) entries.push(await parseEntry(job));
  const { terms, id } = termTable();
  for (const entry of entries) {
    if ('failed' in entry) continue;
    const quads = entry.quads;
    if (!entry.usable || 'table' in quads) continue;
    const local = quads.terms.map(id);
    const n = local.length;
    const seen = new Set<number | string>();
    const spo = new Uint32Array(quads.spo.length);
    let at = 0;
    for (let i = 0; i + 2 < quads.spo.length; i += 3) {
      const [ls, lp, lo] = [quads.spo[i] as number, quads.spo[i + 1] as number, quads.spo[i + 2] as number];
      const key = n < 200_000 ? (ls * n + lp) * n + lo : `${ls} ${lp} ${lo}`;
      if (seen.has(key)) continue;
      seen.add(key);
      spo[at++] = local[ls] as number;
      spo[at++] = local[lp] as number;
      spo[at++] = local[lo] as number;
    }
    entry.quads = { table: terms, spo: at === spo.length ? spo : spo.slice(0, at) };
  }
  return entries;
}
