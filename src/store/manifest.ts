// The manifest graph: what the server holds, as mdkg pushed it. One entry per document graph (its
// IRI, path and content hash) and the schema profile the query path checks queries against. A push
// writes it last, after every data graph, so it never claims a graph the server does not have.
import { createHash } from 'node:crypto';
import type { Quad } from '@rdfjs/types';
import { DataFactory, Parser } from 'n3';
import { MdkgError } from '../errors.js';
import type { SchemaProfile } from '../rdf/schema-profile.js';
import { termToNTriples } from '../rdf/serialize.js';
import type { LocalGraph } from './local-graphs.js';

/** The manifest's graph name. Its triples use only STORE_NS predicates and urn: subjects, never a document's terms. */
export const MANIFEST_GRAPH = 'urn:mdkg:store:manifest';
export const STORE_NS = 'https://w3id.org/mdkg/store#';
/** The subject of the push's own fields (time, version, profile). */
export const MANIFEST_ROOT = `${MANIFEST_GRAPH}:root`;

export interface ManifestEntry {
  iri: string;
  path: string;
  hash: string;
}

export interface Manifest {
  pushedAt: string;
  mdkgVersion: string;
  /** Undefined when the stored JSON does not parse (an older or foreign manifest). */
  profile: SchemaProfile | undefined;
  entries: Map<string, ManifestEntry>;
}

const { namedNode, literal } = DataFactory;
const XSD_DATETIME = 'http://www.w3.org/2001/XMLSchema#dateTime';

function line(s: string, p: string, o: ReturnType<typeof literal> | ReturnType<typeof namedNode>): string {
  return `${termToNTriples(namedNode(s))} ${termToNTriples(namedNode(`${STORE_NS}${p}`))} ${termToNTriples(o)} .\n`;
}

/** The entry node of a graph: a urn: named by the hash of the graph IRI, so the document's IRI appears only as a literal. */
const entryNode = (iri: string): string => `urn:mdkg:store:entry:${createHash('sha256').update(iri).digest('hex').slice(0, 32)}`;

/** The manifest as N-Triples for a Graph Store PUT. */
export function manifestBody(graphs: readonly LocalGraph[], profile: SchemaProfile, pushedAt: Date, mdkgVersion: string): string {
  const lines = [
    line(MANIFEST_ROOT, 'pushedAt', literal(pushedAt.toISOString(), namedNode(XSD_DATETIME))),
    line(MANIFEST_ROOT, 'mdkgVersion', literal(mdkgVersion)),
    line(MANIFEST_ROOT, 'profile', literal(JSON.stringify(profile))),
  ];
  for (const g of graphs) {
    const e = entryNode(g.iri);
    lines.push(line(e, 'graph', literal(g.iri)), line(e, 'path', literal(g.path)), line(e, 'hash', literal(g.hash)));
  }
  return lines.join('');
}

/** The profile JSON of a manifest; undefined when it does not parse or has another shape. */
export function parseProfile(text: string | undefined): SchemaProfile | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as SchemaProfile;
    return Array.isArray(value.classes) && Array.isArray(value.predicates) && typeof value.prefixes === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Reads a manifest from the N-Triples (or Turtle) the server returned; an answer that does not parse is MDKG_STORE_BAD_ANSWER. */
export function parseManifest(text: string): Manifest {
  let quads: Quad[];
  try {
    quads = new Parser({ format: 'text/turtle' }).parse(text);
  } catch (error) {
    throw new MdkgError('MDKG_STORE_BAD_ANSWER', `the manifest graph ${MANIFEST_GRAPH} is not RDF: ${(error as Error).message}`, {}, { cause: error });
  }
  const bySubject = new Map<string, Map<string, string>>();
  for (const q of quads) {
    if (!q.predicate.value.startsWith(STORE_NS)) continue;
    let fields = bySubject.get(q.subject.value);
    if (fields === undefined) bySubject.set(q.subject.value, (fields = new Map()));
    fields.set(q.predicate.value.slice(STORE_NS.length), q.object.value);
  }
  const root = bySubject.get(MANIFEST_ROOT);
  const entries = new Map<string, ManifestEntry>();
  for (const [subject, fields] of bySubject) {
    const iri = fields.get('graph');
    const hash = fields.get('hash');
    if (subject === MANIFEST_ROOT || iri === undefined || hash === undefined) continue;
    entries.set(iri, { iri, hash, path: fields.get('path') ?? '' });
  }
  return { pushedAt: root?.get('pushedAt') ?? '', mdkgVersion: root?.get('mdkgVersion') ?? '', profile: parseProfile(root?.get('profile')), entries };
}

export interface PushPlan {
  put: Array<{ graph: LocalGraph; reason: 'new' | 'changed' }>;
  /** Graph IRIs on the server that no document has now. */
  remove: string[];
  unchanged: number;
}

/** What a push must send: graphs whose hash differs from the manifest's, and deletes for graphs no document has. */
export function planPush(local: readonly LocalGraph[], manifest: Manifest | undefined, serverGraphs: Iterable<string> = []): PushPlan {
  const remote = manifest?.entries ?? new Map<string, ManifestEntry>();
  const put: PushPlan['put'] = [];
  let unchanged = 0;
  for (const g of local) {
    const had = remote.get(g.iri);
    if (had === undefined) put.push({ graph: g, reason: 'new' });
    else if (had.hash !== g.hash) put.push({ graph: g, reason: 'changed' });
    else unchanged += 1;
  }
  const names = new Set(local.map((g) => g.iri));
  const remove = [...new Set([...remote.keys(), ...serverGraphs])].filter((iri) => !names.has(iri) && iri !== MANIFEST_GRAPH).sort();
  return { put, remove, unchanged };
}
