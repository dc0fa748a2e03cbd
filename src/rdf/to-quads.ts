import { createHash } from 'node:crypto';
import jsonldLib from 'jsonld';
import { DataFactory } from 'n3';
import type { BlankNode, Literal, NamedNode, Quad } from 'n3';
import { MdkgError, type Diagnostic } from '../errors.js';
import { locateKey } from '../markdown-ld/front-matter.js';
import type { ParsedDocument } from '../markdown-ld/types.js';
import { contextPrefixes, DEFAULT_CONTEXT_URL, defaultContext, offlineDocumentLoader, type RemoteDocument } from './context.js';
import { DEFAULT_PREFIXES, MDKG, XSD } from './namespaces.js';

const { namedNode, blankNode, literal, quad } = DataFactory;

interface JsonLdTerm { termType: string; value: string; datatype?: { value: string }; language?: string }
interface JsonLdQuad { subject: JsonLdTerm; predicate: JsonLdTerm; object: JsonLdTerm }
interface JsonLdEvent { code: string; message: string; details?: Record<string, unknown> }
const jsonld = jsonldLib as unknown as {
  toRDF(input: unknown, options: { base: string; documentLoader: (url: string) => Promise<RemoteDocument>; eventHandler: (arg: { event: JsonLdEvent; next: () => void }) => void }): Promise<JsonLdQuad[]>;
};

/** Schemes whose IRIs have no `//` authority yet are real IRIs, not undeclared prefixes. */
const OPAQUE_SCHEMES = new Set(['urn', 'mailto', 'tag', 'did', 'data', 'tel', 'sms', 'geo', 'info', 'doi', 'isbn', 'news', 'about', 'blob', 'cid', 'mid', 'magnet', 'xmpp', 'sip', 'uuid']);

/** The scheme of `iri` when it looks like a compact IRI with an undeclared prefix. */
function undeclaredPrefix(iri: string): string | undefined {
  const match = /^([A-Za-z][\w+.-]*):(\/\/)?/.exec(iri);
  if (match === null || match[2] !== undefined) return undefined;
  const scheme = match[1] ?? '';
  return OPAQUE_SCHEMES.has(scheme.toLowerCase()) || scheme.toLowerCase() === 'file' ? undefined : scheme;
}
/** JSON-LD warnings that lose no data: a node reference with nothing else to say. */
const HARMLESS_EVENTS = new Set(['object with only @id']);
export const DOC_NAMESPACE = DEFAULT_PREFIXES.doc ?? 'https://w3id.org/mdkg/doc/';

/** The RDF of one document: quads in its own named graph, plus what links need to resolve it. */
export interface DocumentQuads {
  iri: string;
  path: string;
  hash: string;
  quads: Quad[];
  /** Names a [[wiki link]] may use for this document: id, title, aliases, heading, file name. */
  names: string[];
  title?: string;
  diagnostics: Diagnostic[];
}

/** The IRI a document gets when its front matter has no `id`: `doc:` + its path without `.md`. */
export function pathIri(path: string): string {
  return DOC_NAMESPACE + path.replace(/\.md$/i, '').split('/').map(encodeURIComponent).join('/');
}

/** Expands a compact IRI (`tool:x`) with the given prefixes; relative ids resolve against `base`. */
export function expandId(id: string, prefixes: Readonly<Record<string, string>>, base: string): string {
  const match = /^([A-Za-z][\w.-]*):(.*)$/s.exec(id);
  if (match !== null) {
    const ns = prefixes[match[1] ?? ''];
    if (ns !== undefined && !(match[2] ?? '').startsWith('//')) return ns + (match[2] ?? '');
    return id;
  }
  return new URL(id, base).href;
}

function scopeFor(iri: string): string {
  return `g${createHash('sha1').update(iri).digest('hex').slice(0, 10)}_`;
}

/** Converts a parsed document to quads in the named graph of its IRI. Problems become diagnostics. */
export async function documentToQuads(doc: ParsedDocument): Promise<DocumentQuads> {
  const fm = { ...(doc.frontMatter ?? {}) };
  const inline = fm['@context'];
  delete fm['@context'];
  const prefixes = { ...DEFAULT_PREFIXES, ...contextPrefixes(inline) };
  const fallback = pathIri(doc.path);
  const diagnostics: Diagnostic[] = [];
  const rawId = typeof fm.id === 'string' ? fm.id : typeof fm['@id'] === 'string' ? fm['@id'] : undefined;
  const iri = rawId === undefined ? fallback : documentIri(rawId, prefixes, fallback, doc, diagnostics);
  delete fm.id;
  fm['@id'] = iri;
  checkTypes([fm, ...doc.blocks.flatMap((b) => (Array.isArray(b.value) ? b.value : [b.value]))], doc, diagnostics);
  const result: DocumentQuads = { iri, path: doc.path, hash: doc.hash, quads: [], names: documentNames(doc, rawId), diagnostics };
  if (typeof fm.title === 'string') result.title = fm.title;
  else if (doc.heading !== undefined) result.title = doc.heading;

  const nodes: unknown[] = [fm];
  for (const block of doc.blocks) nodes.push(...(Array.isArray(block.value) ? block.value : [block.value]));
  const input = { '@context': inline === undefined ? DEFAULT_CONTEXT_URL : [DEFAULT_CONTEXT_URL, inline], '@graph': nodes };
  const locate = (key: string): { line: number; column: number } => locateInDocument(doc, key);
  let raw: JsonLdQuad[];
  try {
    raw = await jsonld.toRDF(input, {
      base: iri,
      documentLoader: offlineDocumentLoader(doc.path),
      eventHandler: ({ event }) => {
        if (HARMLESS_EVENTS.has(event.code)) return;
        const property = typeof event.details?.property === 'string' ? event.details.property : undefined;
        const what = property === undefined ? '' : ` '${property}'`;
        diagnostics.push({ code: 'MDKG_JSONLD_DROPPED_TERM', severity: 'error', message: `JSON-LD would drop${what}: ${event.message} (${event.code}); map it in an @context or use a prefixed name`, file: doc.path, ...locate(property ?? '@context') });
      },
    });
  } catch (error) {
    diagnostics.push(jsonLdFailure(error, doc, locate));
    return result;
  }
  const graph = namedNode(iri);
  const scope = scopeFor(iri);
  const convert = (term: JsonLdTerm): NamedNode | BlankNode | Literal | undefined => {
    if (term.termType === 'BlankNode') return blankNode(scope + term.value.replace(/^_:/, ''));
    if (term.termType === 'NamedNode') {
      const scheme = undeclaredPrefix(term.value);
      if (scheme !== undefined) {
        diagnostics.push({ code: 'MDKG_UNKNOWN_PREFIX', severity: 'error', message: `unknown prefix '${scheme}' in '${term.value}': declare it in an @context`, file: doc.path, ...locateText(doc, `${scheme}:`) });
        return undefined;
      }
      return namedNode(term.value);
    }
    return term.language ? literal(term.value, term.language) : literal(term.value, namedNode(term.datatype?.value ?? `${XSD}string`));
  };
  for (const q of raw) {
    const s = convert(q.subject);
    const p = convert(q.predicate);
    const o = convert(q.object);
    if (s === undefined || p === undefined || o === undefined || s.termType === 'Literal' || p.termType !== 'NamedNode') continue;
    result.quads.push(quad(s, p, o, graph));
  }
  result.quads.push(quad(graph, namedNode(`${MDKG}sourcePath`), literal(doc.path), graph));
  result.quads.push(quad(graph, namedNode(`${MDKG}contentHash`), literal(doc.hash), graph));
  return result;
}

/** Expands the document id; an id that is not a usable IRI is an error and the path IRI is used. */
function documentIri(rawId: string, prefixes: Readonly<Record<string, string>>, fallback: string, doc: ParsedDocument, diagnostics: Diagnostic[]): string {
  const fail = (message: string, code: Diagnostic['code'] = 'MDKG_JSONLD_INVALID'): string => {
    diagnostics.push({ code, severity: 'error', message: `${message}; the document is named ${fallback}`, file: doc.path, ...locateInDocument(doc, 'id') });
    return fallback;
  };
  if (rawId.startsWith('_:')) return fail(`id '${rawId}' is a blank node: a document id must be an IRI`);
  let iri: string;
  try {
    iri = expandId(rawId, prefixes, fallback);
  } catch {
    return fail(`id '${rawId}' is not a valid IRI`);
  }
  const scheme = undeclaredPrefix(iri);
  if (scheme !== undefined) return fail(`unknown prefix '${scheme}' in id '${rawId}': declare it in an @context`, 'MDKG_UNKNOWN_PREFIX');
  return iri;
}

/** Bare `type` words must be classes of the context; otherwise JSON-LD would make them relative IRIs. */
function checkTypes(nodes: readonly unknown[], doc: ParsedDocument, diagnostics: Diagnostic[]): void {
  const terms = (defaultContext()['@context'] ?? {}) as Record<string, unknown>;
  for (const node of nodes) {
    if (node === null || typeof node !== 'object') continue;
    const record = node as Record<string, unknown>;
    const types = record.type ?? record['@type'];
    for (const t of Array.isArray(types) ? types : [types]) {
      if (typeof t !== 'string' || t.includes(':') || t in terms) continue;
      diagnostics.push({ code: 'MDKG_UNKNOWN_PREFIX', severity: 'error', message: `type '${t}' is not a class of the context: use a known class (${CLASS_TERMS(terms)}) or a prefixed name`, file: doc.path, ...locateText(doc, t) });
    }
  }
}

const CLASS_TERMS = (terms: Record<string, unknown>): string => Object.keys(terms).filter((k) => /^[A-Z]/.test(k)).join(', ');

function jsonLdFailure(error: unknown, doc: ParsedDocument, locate: (key: string) => { line: number; column: number }): Diagnostic {
  const cause = findMdkgError(error);
  if (cause?.code === 'MDKG_REMOTE_CONTEXT') {
    return { code: 'MDKG_REMOTE_CONTEXT', severity: 'error', message: cause.message, file: doc.path, ...locateText(doc, String(cause.details.url)) };
  }
  const e = error as { message?: string; details?: { code?: string } };
  const detail = e.details?.code === undefined ? '' : ` (${e.details.code})`;
  return { code: 'MDKG_JSONLD_INVALID', severity: 'error', message: `invalid JSON-LD: ${e.message ?? String(error)}${detail}`, file: doc.path, ...locate('@context') };
}

function findMdkgError(error: unknown): MdkgError | undefined {
  for (let e: unknown = error, depth = 0; e !== null && e !== undefined && depth < 6; depth += 1) {
    if (e instanceof MdkgError) return e;
    const next = (e as { details?: { cause?: unknown }; cause?: unknown }).details?.cause ?? (e as { cause?: unknown }).cause;
    e = next;
  }
  return undefined;
}

function documentNames(doc: ParsedDocument, rawId: string | undefined): string[] {
  const fm = doc.frontMatter ?? {};
  const names: string[] = [];
  names.push(rawId ?? `doc:${doc.path.replace(/\.md$/i, '')}`);
  if (typeof fm.title === 'string') names.push(fm.title);
  const aliases = fm.aliases;
  if (Array.isArray(aliases)) {
    for (const a of aliases) if (typeof a === 'string') names.push(a);
  } else if (typeof aliases === 'string') {
    names.push(aliases);
  }
  if (doc.heading !== undefined) names.push(doc.heading);
  names.push(doc.path.replace(/\.md$/i, ''), (doc.path.split('/').pop() ?? doc.path).replace(/\.md$/i, ''));
  return [...new Set(names)];
}

function locateInDocument(doc: ParsedDocument, key: string): { line: number; column: number } {
  const inFront = locateKey(doc.frontMatterText, key, doc.frontMatterLine);
  if (inFront !== undefined) return inFront;
  for (const block of doc.blocks) {
    const at = locateKey(block.text, key, block.line);
    if (at !== undefined) return at;
  }
  return { line: doc.frontMatterLine, column: 1 };
}

function locateText(doc: ParsedDocument, needle: string): { line: number; column: number } {
  const sources: Array<[string, number]> = [[doc.frontMatterText, doc.frontMatterLine], ...doc.blocks.map((b): [string, number] => [b.text, b.line])];
  for (const [text, first] of sources) {
    const index = text.indexOf(needle);
    if (index === -1) continue;
    const before = text.slice(0, index);
    const line = first + (before.match(/\n/g)?.length ?? 0);
    return { line, column: index - before.lastIndexOf('\n') };
  }
  return { line: doc.frontMatterLine, column: 1 };
}
