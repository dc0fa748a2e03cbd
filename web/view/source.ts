// Where the page's answers come from: the `mdkg view` server's JSON API, or (from `mdkg view
// --static`) the graph embedded in the page, where neighbourhoods are computed by the same code
// the server runs (src/view/neighbourhood.ts) and SPARQL and tool search are not available.
import type { DocumentView } from '../../src/view/api.js';
import type { PlanView } from './plan-view.js';
import type { GraphData } from '../../src/view/graph-data.js';
import { GraphIndex, type Neighbourhood, neighbourhood } from '../../src/view/neighbourhood.js';

export interface Schema {
  documents: number;
  triples: number;
  classes: Array<{ iri: string; label: string; instances: number }>;
  predicates: Array<{ iri: string; label: string; triples: number }>;
  folders: Array<{ folder: string; documents: number }>;
  prefixes: Record<string, string>;
  diagnostics: number;
}

export interface Hit {
  id: string;
  iri: string;
  title?: string;
  description?: string;
  confidence?: number;
  annotations: { readOnlyHint?: boolean; destructiveHint?: boolean };
  required: string[];
  evidence: Array<{
    source: string;
    matched?: Array<{ term: string }>;
    corrected?: Array<{ from: string; to: string }>;
    path?: { from: string; relations: string[] };
    cosine?: number;
    pair?: { term: string };
  }>;
}

export interface StaticData {
  graph: GraphData;
  documents: Record<string, DocumentView>;
  schema: Schema;
}

export interface Source {
  live: boolean;
  sparql(query: string): Promise<unknown>;
  search(request: string): Promise<{ hits: Hit[]; intent?: string }>;
  plan(request: string): Promise<PlanView>;
  node(iri: string, limit?: number): Promise<Neighbourhood>;
  document(iri: string): Promise<DocumentView>;
  schema(): Promise<Schema>;
}

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function liveSource(token: string | undefined): Source {
  const get = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const headers: Record<string, string> = token === undefined ? {} : { authorization: `Bearer ${token}` };
    const res = await fetch(path, { ...init, headers: { ...headers, ...(init.headers as Record<string, string> | undefined) } });
    const body = (await res.json()) as T & { error?: { code: string; message: string } };
    if (!res.ok) throw new ApiError(body.error?.code ?? String(res.status), body.error?.message ?? res.statusText);
    return body;
  };
  return {
    live: true,
    sparql: (query) => get('api/sparql', { method: 'POST', headers: { 'content-type': 'application/sparql-query' }, body: query }),
    search: (request) => get(`api/search?q=${encodeURIComponent(request)}&limit=10`),
    plan: (request) => get(`api/plan?q=${encodeURIComponent(request)}`),
    node: (iri, limit = 100) => get(`api/node?iri=${encodeURIComponent(iri)}&limit=${limit}`),
    document: (iri) => get(`api/document?iri=${encodeURIComponent(iri)}`),
    schema: () => get('api/schema'),
  };
}

export function staticSource(data: StaticData): Source {
  const index = new GraphIndex(data.graph);
  const docOfNode = new Map<string, string>();
  for (const d of data.graph.documents) docOfNode.set(d.iri, d.iri);
  const refused = (what: string) => Promise.reject(new ApiError('MDKG_USAGE', `${what} needs the mdkg view server: this page is a static copy of the graph`));
  return {
    live: false,
    sparql: () => refused('SPARQL'),
    plan: () => refused('A plan'),
    // Without the tool index, the box finds documents by words of their title or path.
    search: async (request) => {
      const words = request
        .toLowerCase()
        .split(/\s+/)
        .filter((w) => w !== '');
      const hits = data.graph.documents
        .filter((d) => words.every((w) => `${d.title ?? ''} ${d.path}`.toLowerCase().includes(w)))
        .slice(0, 20)
        .map((d) => ({ id: d.path, iri: d.iri, ...(d.title === undefined ? {} : { title: d.title }), annotations: {}, required: [], evidence: [] }));
      return { hits };
    },
    node: async (iri, limit = 100) => {
      const found = neighbourhood(index, iri.startsWith('_:') ? `B${iri.slice(2)}` : `I${iri}`, limit);
      if (found === undefined) throw new ApiError('MDKG_NOT_FOUND', `the graph has no node ${iri}`);
      return found;
    },
    document: async (iri) => {
      const found = data.documents[iri] ?? data.documents[subjectDocument(index, iri) ?? ''];
      if (found === undefined) throw new ApiError('MDKG_NOT_FOUND', `no document holds ${iri}`);
      return found;
    },
    schema: async () => data.schema,
  };
}

/** The named graph (document IRI) of the first triple about a node. */
function subjectDocument(index: GraphIndex, iri: string): string | undefined {
  const id = index.id(`I${iri}`);
  const first = id === undefined ? undefined : index.out(id)[0];
  return first === undefined ? undefined : index.data.terms[index.data.triples[4 * first + 3]!]!.slice(1);
}
