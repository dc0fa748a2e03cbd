// What a learned pair or a relevance check may name: a tool or a code symbol (or source file) of
// the graph, by id (`tool:memory/delete_entities`, `code:src/a.ts#f`), IRI, `<source>/<name>`, a
// tool's bare name or a symbol's qualified name when only one node has it.
import { DataFactory } from 'n3';
import { DEFAULT_PREFIXES, MDKG, RDF_TYPE } from '../rdf/namespaces.js';
import { compactId } from '../search/learned/pair-records.js';
import type { QuadStore } from '../rdf/quad-store.js';

const { namedNode, literal } = DataFactory;
const m = (local: string): string => `${MDKG}${local}`;
/** The classes a pair may point at. */
const KINDS: ReadonlyArray<[string, 'tool' | 'symbol']> = [
  [m('Tool'), 'tool'],
  [m('Symbol'), 'symbol'],
  [m('SourceFile'), 'symbol'],
];

export interface ResolvedTarget {
  iri: string;
  /** Compact id (`tool:memory/delete_entities`). */
  id: string;
  kind: 'tool' | 'symbol';
  /** What people call it: `memory/delete_entities`, `AuthService.signIn`, a file path. */
  label: string;
}

export interface UnresolvedTarget {
  error: string;
  candidates: string[];
}

const first = (store: QuadStore, iri: string, p: string): string | undefined => store.getQuads(namedNode(iri), namedNode(m(p)), null, null)[0]?.object.value;

/** The node as a target, when it is a tool, symbol or source file. */
function asTarget(store: QuadStore, iri: string): ResolvedTarget | undefined {
  for (const [cls, kind] of KINDS) {
    if (store.countQuads(namedNode(iri), namedNode(RDF_TYPE), namedNode(cls), null) === 0) continue;
    const label =
      kind === 'tool'
        ? `${first(store, iri, 'source') ?? '?'}/${first(store, iri, 'name') ?? compactId(iri)}`
        : (first(store, iri, 'qualifiedName') ?? first(store, iri, 'filePath') ?? compactId(iri));
    return { iri, id: compactId(iri), kind, label };
  }
  return undefined;
}

/** The IRI a reference spells out (a compact id with a known prefix, or an absolute IRI), if any. */
function spelledIri(ref: string): string | undefined {
  const colon = ref.indexOf(':');
  if (colon > 0) {
    const ns = DEFAULT_PREFIXES[ref.slice(0, colon)];
    if (ns !== undefined) return ns + ref.slice(colon + 1);
    if (/^https?:\/\//.test(ref)) return ref;
  }
  return undefined;
}

export function resolveTarget(store: QuadStore, ref: string): ResolvedTarget | UnresolvedTarget {
  const wanted = ref.trim();
  const iri = spelledIri(wanted);
  if (iri !== undefined) {
    const found = asTarget(store, iri);
    return found ?? { error: `no tool or symbol '${wanted}' in the graph`, candidates: [] };
  }
  if (/^[^/\s]+\/[^\s]+$/.test(wanted)) {
    const tool = asTarget(store, `${DEFAULT_PREFIXES.tool!}${wanted}`);
    if (tool !== undefined) return tool;
  }
  const named = new Set<string>();
  for (const p of ['qualifiedName', 'name']) {
    for (const q of store.getQuads(null, namedNode(m(p)), literal(wanted), null)) if (q.subject.termType === 'NamedNode') named.add(q.subject.value);
    if (named.size > 0) break;
  }
  const found = [...named]
    .map((i) => asTarget(store, i))
    .filter((t): t is ResolvedTarget => t !== undefined)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (found.length === 1) return found[0]!;
  if (found.length > 1) return { error: `'${wanted}' names ${found.length} nodes: give the id`, candidates: found.slice(0, 10).map((t) => t.id) };
  return { error: `no tool or symbol '${wanted}' in the graph`, candidates: [] };
}

/** The words of a target that say what it is: name, title, qualified name, summary, description, signature, path. */
export function targetText(store: QuadStore, iri: string): string {
  const parts: string[] = [];
  for (const p of [
    `${MDKG}name`,
    `${MDKG}qualifiedName`,
    `${MDKG}signature`,
    `${MDKG}filePath`,
    'https://schema.org/name',
    'https://schema.org/abstract',
    'https://schema.org/description',
    'https://schema.org/alternateName',
    `${MDKG}keyword`,
  ]) {
    for (const q of store.getQuads(namedNode(iri), namedNode(p), null, null)) if (q.object.termType === 'Literal') parts.push(q.object.value);
  }
  return [...new Set(parts)].join(' \n');
}
