import { createHash } from 'node:crypto';
import { DataFactory } from 'n3';
import type { Quad } from 'n3';
import { decodeTerm, type EncodedQuads, termTable } from './term-codec.js';
import { MdkgError, type Diagnostic } from '../errors.js';
import type { ParsedDocument } from '../markdown-ld/types.js';
import {
  contextPrefixes,
  DEFAULT_CONTEXT_URL,
  defaultContext,
  offlineDocumentLoader,
  type RemoteDocument,
  remoteContextIn,
  remoteContextInNodes,
} from './context.js';
import { boundNodes, checkTypes, documentIri, isIriText, locateInDocument, locateText, pathIri, undeclaredPrefix } from './document-checks.js';
import { DEFAULT_PREFIXES, MDKG, XSD } from './namespaces.js';
import { plainToRdf } from './plain-to-rdf.js';

const { namedNode, quad } = DataFactory;

interface JsonLdTerm {
  termType: string;
  value: string;
  datatype?: { value: string };
  language?: string;
}
interface JsonLdQuad {
  subject: JsonLdTerm;
  predicate: JsonLdTerm;
  object: JsonLdTerm;
}
interface JsonLdEvent {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}
type JsonLd = {
  toRDF(
    input: unknown,
    options: { base: string; documentLoader: (url: string) => Promise<RemoteDocument>; eventHandler: (arg: { event: JsonLdEvent; next: () => void }) => void },
  ): Promise<JsonLdQuad[]>;
};
let jsonldLib: Promise<JsonLd> | undefined;
/** The jsonld library, loaded on the first document that needs the full path. */
const loadJsonLd = (): Promise<JsonLd> => (jsonldLib ??= import('jsonld').then((m) => (m.default ?? m) as unknown as JsonLd));

/** JSON-LD warnings that lose no data: a node reference with nothing else to say. */
const HARMLESS_EVENTS = new Set(['object with only @id']);

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

/** A document's RDF as the loader keeps it: the quads of its graph encoded (term-codec). */
export type DocumentEncoded = Omit<DocumentQuads, 'quads'> & { encoded: EncodedQuads };

function scopeFor(iri: string): string {
  return `g${createHash('sha1').update(iri).digest('hex').slice(0, 10)}_`;
}

/** Converts a parsed document to quads in the named graph of its IRI. Problems become diagnostics. */
export async function documentToQuads(doc: ParsedDocument): Promise<DocumentQuads> {
  const { encoded, ...rest } = await documentToEncoded(doc);
  const graph = namedNode(rest.iri);
  const terms = encoded.terms.map(decodeTerm);
  const quads: Quad[] = [];
  for (let i = 0; i < encoded.spo.length; i += 3) {
    const [s, p, o] = [terms[encoded.spo[i] as number], terms[encoded.spo[i + 1] as number], terms[encoded.spo[i + 2] as number]];
    quads.push(quad(s as Quad['subject'], p as Quad['predicate'], o as Quad['object'], graph));
  }
  return { ...rest, quads };
}

/** The same, with the quads as a term table and s,p,o ids (term-codec): what the loader stores. */
export async function documentToEncoded(doc: ParsedDocument): Promise<DocumentEncoded> {
  const fm = { ...(doc.frontMatter ?? {}) };
  const inline = fm['@context'];
  delete fm['@context'];
  const prefixes = { ...DEFAULT_PREFIXES, ...contextPrefixes(inline) };
  const fallback = pathIri(doc.path);
  const diagnostics: Diagnostic[] = [];
  const given = fm.id ?? fm['@id'];
  const rawId = typeof given === 'string' ? given : undefined;
  const iri = rawId === undefined ? fallback : documentIri(rawId, prefixes, fallback, doc, diagnostics);
  if (given !== undefined && rawId === undefined) {
    diagnostics.push({
      code: 'MDKG_INVALID_ID',
      severity: 'error',
      message: `id must be a string IRI, got ${JSON.stringify(given)}; the document is named ${fallback}`,
      file: doc.path,
      ...locateInDocument(doc, 'id'),
    });
  }
  delete fm.id;
  fm['@id'] = iri;
  const blockNodes = doc.blocks
    .flatMap((b) => (Array.isArray(b.value) ? b.value : [b.value]))
    .map((n) => (n !== null && typeof n === 'object' && !Array.isArray(n) ? { ...(n as Record<string, unknown>) } : n));
  if (!boundNodes([fm, ...blockNodes], doc, diagnostics))
    return { iri, path: doc.path, hash: doc.hash, encoded: { terms: [], spo: [] }, names: documentNames(doc, rawId), diagnostics };
  checkTypes([fm, ...blockNodes], inline, doc, diagnostics);
  const result: DocumentEncoded = { iri, path: doc.path, hash: doc.hash, encoded: { terms: [], spo: [] }, names: documentNames(doc, rawId), diagnostics };
  if (typeof fm.title === 'string') result.title = fm.title;
  else if (doc.heading !== undefined) result.title = doc.heading;

  const nodes: unknown[] = [fm];
  nodes.push(...blockNodes);
  // Documents in the default context's plain shapes skip the jsonld library (same quads, in order).
  const plain = inline === undefined ? plainToRdf(nodes, iri, defaultContext) : undefined;
  const raw = plain ?? (await fullToRdf(nodes, inline, iri, doc, diagnostics));
  if (raw === undefined) return result;
  const scope = scopeFor(iri);
  const xsdString = `${XSD}string`;
  // A term's code (term-codec), or undefined when the triple must go (with a diagnostic each time).
  const valid = new Set<string>();
  const convert = (term: JsonLdTerm): string | undefined => {
    if (term.termType === 'BlankNode') return `B${scope}${term.value.replace(/^_:/, '')}`;
    if (term.termType === 'NamedNode') {
      if (valid.has(term.value)) return `N${term.value}`;
      if (!isIriText(term.value)) {
        diagnostics.push({
          code: 'MDKG_JSONLD_DROPPED_TERM',
          severity: 'error',
          message: `IRI '${term.value}' has characters an IRI cannot hold (spaces, control characters, quotes, brackets): the triple is dropped`,
          file: doc.path,
          line: doc.frontMatterLine,
          column: 1,
        });
        return undefined;
      }
      const scheme = undeclaredPrefix(term.value);
      if (scheme !== undefined) {
        diagnostics.push({
          code: 'MDKG_UNKNOWN_PREFIX',
          severity: 'error',
          message: `unknown prefix '${scheme}' in '${term.value}': declare it in an @context`,
          file: doc.path,
          ...locateText(doc, `${scheme}:`),
        });
        return undefined;
      }
      valid.add(term.value);
      return `N${term.value}`;
    }
    // As n3 keeps them: a language tag in lower case, xsd:string as a simple literal.
    if (term.language) return `L${term.language.toLowerCase()} ${term.value}`;
    const datatype = term.datatype?.value ?? xsdString;
    return datatype === xsdString ? `S${term.value}` : `T${datatype} ${term.value}`;
  };
  const { spo } = result.encoded;
  const { id } = termTable(result.encoded.terms);
  for (const q of raw) {
    const s = convert(q.subject);
    const p = convert(q.predicate);
    const o = convert(q.object);
    if (
      s === undefined ||
      p === undefined ||
      o === undefined ||
      s.charCodeAt(0) === 83 ||
      s.charCodeAt(0) === 76 ||
      s.charCodeAt(0) === 84 ||
      p.charCodeAt(0) !== 78
    )
      continue;
    spo.push(id(s), id(p), id(o));
  }
  spo.push(id(`N${iri}`), id(`N${MDKG}sourcePath`), id(`S${doc.path}`));
  spo.push(id(`N${iri}`), id(`N${MDKG}contentHash`), id(`S${doc.hash}`));
  return result;
}

/** The full JSON-LD path: any context, every keyword; what it cannot keep becomes a diagnostic. */
async function fullToRdf(nodes: unknown[], inline: unknown, iri: string, doc: ParsedDocument, diagnostics: Diagnostic[]): Promise<JsonLdQuad[] | undefined> {
  // A remote context anywhere (a list item, a scoped context, @import, a block's own @context) is
  // reported as such before JSON-LD runs: nothing is fetched, and the code says why.
  const remote = remoteContextIn(inline) ?? remoteContextInNodes(nodes);
  if (remote !== undefined) {
    diagnostics.push({
      code: 'MDKG_REMOTE_CONTEXT',
      severity: 'error',
      message: `${doc.path}: remote JSON-LD context ${remote} is not loaded (mdkg never fetches contexts); inline it or use the default context`,
      file: doc.path,
      ...locateText(doc, remote),
    });
    return undefined;
  }
  const contexts = inline === undefined ? DEFAULT_CONTEXT_URL : [DEFAULT_CONTEXT_URL, ...(Array.isArray(inline) ? inline : [inline])];
  const input = { '@context': contexts, '@graph': nodes };
  const locate = (key: string): { line: number; column: number } => locateInDocument(doc, key);
  const jsonld = await loadJsonLd();
  try {
    return await jsonld.toRDF(input, {
      base: iri,
      documentLoader: offlineDocumentLoader(doc.path),
      eventHandler: ({ event }) => {
        if (HARMLESS_EVENTS.has(event.code)) return;
        const property = typeof event.details?.property === 'string' ? event.details.property : undefined;
        const what = property === undefined ? '' : ` '${property}'`;
        diagnostics.push({
          code: 'MDKG_JSONLD_DROPPED_TERM',
          severity: 'error',
          message: `JSON-LD would drop${what}: ${event.message} (${event.code}); map it in an @context or use a prefixed name`,
          file: doc.path,
          ...locate(property ?? '@context'),
        });
      },
    });
  } catch (error) {
    diagnostics.push(jsonLdFailure(error, doc, locate));
    return undefined;
  }
}

function jsonLdFailure(error: unknown, doc: ParsedDocument, locate: (key: string) => { line: number; column: number }): Diagnostic {
  const cause = findMdkgError(error);
  if (cause?.code === 'MDKG_REMOTE_CONTEXT') {
    return { code: 'MDKG_REMOTE_CONTEXT', severity: 'error', message: cause.message, file: doc.path, ...locateText(doc, String(cause.details.url)) };
  }
  const e = error as { message?: string; details?: { code?: string } };
  const detail = e.details?.code === undefined ? '' : ` (${e.details.code})`;
  return {
    code: 'MDKG_JSONLD_INVALID',
    severity: 'error',
    message: `invalid JSON-LD: ${e.message ?? String(error)}${detail}`,
    file: doc.path,
    ...locate('@context'),
  };
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
