// The JSON answers of `mdkg view` (/api/sparql, /api/search, /api/plan, /api/node, /api/document, /api/schema):
// each takes the request's parameters and returns a bounded value or throws a coded MdkgError.
import { join, posix } from 'node:path';
import type { MdkgConfig } from '../config.js';
import { confinePath } from '../code-search/confine-path.js';
import { type Diagnostic, MdkgError } from '../errors.js';
import type { KnowledgeGraph } from '../graph/knowledge-graph.js';
import { planRequest } from '../plan/plan-request.js';
import type { Plan } from '../plan/types.js';
import type { ToolIndex } from '../search/tool-index.js';
import { readTextFile } from '../util/read-file.js';
import { decodeTerm, encodeTerm, type GraphData, shortIri } from './graph-data.js';
import { DEFAULT_EDGES, type GraphIndex, MAX_EDGES, type Neighbourhood, neighbourhood } from './neighbourhood.js';
import { sparqlJson, type SparqlJson } from './sparql-json.js';
import { tripleLines } from './triple-lines.js';

/** Most rows a page query returns, and its longest time (the config may ask for less). */
export const MAX_ROWS = 1000;
export const MAX_QUERY_MS = 10_000;
/** Most triples a document answer lists, and most diagnostics. */
export const MAX_DOCUMENT_TRIPLES = 2000;
const MAX_DOCUMENT_BYTES = 1024 * 1024;

export interface ViewContext {
  kg: KnowledgeGraph;
  index: ToolIndex;
  config: MdkgConfig;
  data: GraphData;
  graph: GraphIndex;
}

/** A positive integer parameter, at most `max`; missing gives `fallback`. */
export function intParam(value: string | null, name: string, fallback: number, max: number): number {
  if (value === null) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isInteger(n) || n < 1 || n > max)
    throw new MdkgError('MDKG_USAGE', `${name} must be an integer from 1 to ${max}, got '${value.slice(0, 40)}'`);
  return n;
}

/** A required text parameter of at most `max` characters. */
export function textParam(value: string | null, name: string, max: number): string {
  if (value === null || value.trim() === '') throw new MdkgError('MDKG_USAGE', `the ${name} parameter is missing`);
  if (value.length > max) throw new MdkgError('MDKG_USAGE', `${name} is ${value.length} characters long, over the limit of ${max}`);
  return value;
}

export async function sparqlApi(ctx: ViewContext, query: string): Promise<SparqlJson> {
  const limit = Math.min(ctx.config.sparql?.limit ?? MAX_ROWS, MAX_ROWS);
  const timeoutMs = Math.min(ctx.config.sparql?.timeout_ms ?? MAX_QUERY_MS, MAX_QUERY_MS);
  const result = await ctx.kg.query(query, { limit, timeoutMs, allowServices: [] });
  return sparqlJson(result);
}

export async function searchApi(ctx: ViewContext, request: string, limit: number) {
  const result = await ctx.index.search(request, { limit, strategy: 'full' });
  const { query, searched, intent, strategy, mode, hits, diagnostics, sparql } = result;
  return { query, searched, intent, strategy, mode, hits, diagnostics, sparql };
}

/** The plan of a request, as `mdkg plan --json` gives it (nothing is called). */
export function planApi(ctx: ViewContext, request: string, maxDepth: number | undefined): Promise<Plan> {
  return planRequest({ index: ctx.index, graph: ctx.kg }, request, maxDepth === undefined ? {} : { maxDepth });
}

/** The neighbourhood of a node named by its IRI (or `_:label` for a blank node). */
export function nodeApi(ctx: ViewContext, iri: string, limit = DEFAULT_EDGES): Neighbourhood {
  const code = iri.startsWith('_:') ? `B${iri.slice(2)}` : `I${iri}`;
  const found = neighbourhood(ctx.graph, code, Math.min(limit, MAX_EDGES));
  if (found === undefined) throw new MdkgError('MDKG_NOT_FOUND', `the graph has no node ${iri}`, { iri });
  return found;
}

export interface DocumentView {
  iri: string;
  path: string;
  title?: string;
  text: string;
  triples: Array<{ subject: string; predicate: string; object: string; objectKind: string; line?: number }>;
  /** Triples of the document not listed (past MAX_DOCUMENT_TRIPLES). */
  more: number;
  diagnostics: Diagnostic[];
}

/** The document that holds a node (its named graph), with each triple's line and the document's diagnostics. */
export async function documentApi(ctx: ViewContext, iri: string): Promise<DocumentView> {
  const doc = ctx.kg.document(iri) ?? documentOfSubject(ctx, iri);
  if (doc === undefined) throw new MdkgError('MDKG_NOT_FOUND', `no document holds ${iri}`, { iri });
  const rel = await confinePath(ctx.kg.root, doc.path);
  const text = await readTextFile(join(ctx.kg.root, rel), { maxBytes: MAX_DOCUMENT_BYTES, file: doc.path, follow: false });
  const all = ctx.kg.store.getQuads(null, null, null, { termType: 'NamedNode', value: doc.iri } as never);
  const listed = all.slice(0, MAX_DOCUMENT_TRIPLES).map((q) => ({ predicate: q.predicate.value, object: encodeTerm(q.object), subject: q.subject }));
  const lines = tripleLines(text, listed, ctx.data.prefixes);
  const prefixes = ctx.data.prefixes;
  const diagnostics = [...doc.diagnostics, ...ctx.kg.diagnostics.filter((d) => d.file === doc.path && !doc.diagnostics.includes(d))].slice(0, 200);
  return {
    iri: doc.iri,
    path: doc.path,
    ...(doc.title === undefined ? {} : { title: doc.title }),
    text,
    triples: listed.map((t, i) => {
      const o = decodeTerm(t.object);
      const line = lines[i];
      return {
        subject: t.subject.termType === 'BlankNode' ? `_:${t.subject.value}` : shortIri(t.subject.value, prefixes),
        predicate: shortIri(t.predicate, prefixes),
        object: o.kind === 'iri' ? shortIri(o.value, prefixes) : o.kind === 'blank' ? `_:${o.value}` : o.value,
        objectKind: o.kind,
        ...(line === undefined ? {} : { line }),
      };
    }),
    more: all.length - listed.length,
    diagnostics,
  };
}

/** A node that is not a document's own IRI: the document whose graph states something about it. */
function documentOfSubject(ctx: ViewContext, iri: string) {
  for (const q of ctx.kg.store.readQuads({ termType: 'NamedNode', value: iri } as never, null, null, null)) {
    const found = ctx.kg.document(q.graph.value);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Classes with their instance counts, predicates with their triples, and documents per folder. */
export function schemaApi(ctx: ViewContext) {
  const profile = ctx.kg.profile;
  const prefixes = ctx.data.prefixes;
  const folders = new Map<string, number>();
  for (const d of ctx.data.documents) {
    const folder = posix.dirname(d.path);
    folders.set(folder, (folders.get(folder) ?? 0) + 1);
  }
  return {
    documents: profile.documents,
    triples: profile.triples,
    classes: profile.classes.map((c) => ({ iri: c.iri, label: shortIri(c.iri, prefixes), instances: c.instances })),
    predicates: profile.predicates.map((p) => ({ iri: p.iri, label: shortIri(p.iri, prefixes), triples: p.triples })),
    folders: [...folders].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([folder, documents]) => ({ folder, documents })),
    prefixes,
    diagnostics: ctx.kg.diagnostics.length,
  };
}
