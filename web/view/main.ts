// The page of `mdkg view`: SPARQL box (YASQE, prefixes preloaded) with its result table (YASR),
// tool search, neighbourhood graph, document panel and schema overview. Nothing is fetched but the
// page's own API; the static copy (`mdkg view --static`) reads the graph embedded in the page.
import './app.css';
import type { DocumentView } from '../../src/view/api.js';
import type { Neighbourhood } from '../../src/view/neighbourhood.js';
import { graphView, typeColour } from './graph-view.js';
import { planGraph, planLines } from './plan-view.js';
import { ApiError, type Hit, liveSource, type Schema, type Source, type StaticData, staticSource } from './source.js';

declare global {
  interface Window {
    mdkgStaticGraph?: StaticData;
    mdkgView?: { showNode(iri: string, limit?: number): Promise<void>; graph: ReturnType<typeof graphView> };
  }
}

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

function el(tag: string, text?: string, className?: string): HTMLElement {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (className !== undefined) e.className = className;
  return e;
}

function status(text: string): void {
  $('status').textContent = text;
}

export function failed(error: unknown): void {
  status(error instanceof ApiError ? `${error.code}: ${error.message}` : String(error));
}

/** The API's IRI of a graph node id (`I<iri>` or `B<label>`). */
const iriOf = (id: string): string => (id.startsWith('B') ? `_:${id.slice(1)}` : id.slice(1));

function nodeLink(iri: string, text: string, open: (iri: string) => void): HTMLElement {
  const a = el('a', text, 'node') as HTMLAnchorElement;
  a.href = '#';
  a.dataset.iri = iri;
  a.addEventListener('click', (event) => {
    event.preventDefault();
    open(iri);
  });
  return a;
}

function annotationTag(hit: Hit): HTMLElement | undefined {
  const a = hit.annotations;
  const kind = a.destructiveHint === true ? 'destructive' : a.readOnlyHint === true ? 'read-only' : a.readOnlyHint === false ? 'write' : undefined;
  return kind === undefined ? undefined : el('span', kind, `tag ${kind}`);
}

function evidenceText(hit: Hit): string {
  const parts: string[] = [];
  for (const e of hit.evidence) {
    if (e.matched !== undefined && e.matched.length > 0) parts.push(`${e.source}: ${e.matched.map((m) => m.term).join(' ')}`);
    if (e.corrected !== undefined && e.corrected.length > 0) parts.push(`corrected ${e.corrected.map((c) => `${c.from}→${c.to}`).join(' ')}`);
    if (e.path !== undefined) parts.push(`via ${e.path.from} (${e.path.relations.join('/')})`);
    if (e.cosine !== undefined) parts.push(`cosine ${e.cosine.toFixed(2)}`);
    if (e.pair !== undefined) parts.push(`learned '${e.pair.term}'`);
  }
  return parts.join('; ');
}

function renderHits(hits: Hit[], open: (iri: string) => void): void {
  const list = $('hits');
  list.replaceChildren();
  for (const hit of hits) {
    const li = el('li');
    li.className = 'hit';
    li.dataset.id = hit.id;
    const head = el('div', undefined, 'hit-head');
    head.append(nodeLink(hit.iri, hit.id, open));
    if (hit.confidence !== undefined) {
      const bar = el('span', undefined, 'bar');
      const fill = el('i');
      fill.style.width = `${Math.round(hit.confidence * 100)}%`;
      bar.append(fill);
      head.append(bar, el('span', hit.confidence.toFixed(2), 'confidence'));
    }
    const tag = annotationTag(hit);
    if (tag !== undefined) head.append(tag);
    li.append(head);
    if (hit.description !== undefined) li.append(el('div', hit.description.slice(0, 200), 'muted'));
    if (hit.required.length > 0) li.append(el('div', `required: ${hit.required.join(', ')}`, 'required muted'));
    const evidence = evidenceText(hit);
    if (evidence !== '') li.append(el('div', evidence, 'evidence'));
    list.append(li);
  }
  if (hits.length === 0) list.append(el('li', 'no tools found', 'muted'));
}

function renderEdges(n: Neighbourhood, open: (iri: string) => void): void {
  const list = $('edges');
  list.replaceChildren();
  const label = new Map(n.nodes.map((v) => [v.id, v.label]));
  for (const e of n.edges) {
    const li = el('li');
    // Plan nodes that are no graph node (P…) are text, not links.
    const end = (id: string): Node | string => (id.startsWith('P') ? (label.get(id) ?? id) : nodeLink(iriOf(id), label.get(id) ?? id, open));
    li.append(end(e.source), ` ${e.label} `, end(e.target));
    list.append(li);
  }
  if (n.more > 0) list.append(el('li', `… ${n.more} more edges (double-click a node to expand it)`, 'muted'));
  const legend = $('legend');
  legend.replaceChildren();
  for (const type of [...new Set(n.nodes.map((v) => v.types[0]).filter((t): t is string => t !== undefined))].sort()) {
    const span = el('span');
    const dot = el('i');
    dot.style.background = typeColour(type);
    span.append(dot, type);
    legend.append(span);
  }
}

function showDocument(doc: DocumentView | undefined, open: (iri: string) => void): void {
  const body = $('triples').querySelector('tbody')!;
  body.replaceChildren();
  $('diagnostics').replaceChildren();
  if (doc === undefined) {
    $('document-path').textContent = '(no document)';
    $('document-text').textContent = '';
    return;
  }
  $('document-path').textContent = doc.path;
  $('document-text').textContent = doc.text;
  for (const d of doc.diagnostics) $('diagnostics').append(el('li', `${d.code} ${d.line === undefined ? '' : `line ${d.line}: `}${d.message}`));
  for (const t of doc.triples) {
    const tr = el('tr');
    const object = el('td');
    object.append(t.objectKind === 'iri' ? nodeLink(t.object, t.object, open) : t.object.slice(0, 300));
    tr.append(el('td', t.line === undefined ? '' : String(t.line)), el('td', t.subject), el('td', t.predicate), object);
    body.append(tr);
  }
  if (doc.more > 0) body.append(el('tr', `… ${doc.more} more triples`, 'muted'));
}

function showSchema(schema: Schema): void {
  $('schema-summary').textContent =
    `${schema.documents} documents · ${schema.triples} triples · ${schema.classes.length} classes · ${schema.predicates.length} predicates · ${schema.diagnostics} diagnostics`;
  const fill = (id: string, rows: Array<[string, number]>): void => {
    const body = $(id).querySelector('tbody')!;
    body.replaceChildren(
      ...rows.slice(0, 200).map(([a, b]) => {
        const tr = el('tr');
        tr.append(el('td', a), el('td', String(b)));
        return tr;
      }),
    );
  };
  fill(
    'classes',
    schema.classes.map((c) => [c.label, c.instances]),
  );
  fill(
    'predicates',
    schema.predicates.map((p) => [p.label, p.triples]),
  );
  fill(
    'folders',
    schema.folders.map((f) => [f.folder, f.documents]),
  );
}

/**
 * The SPARQL box comes in its own script (YASQE and YASR are most of the page's code), loaded
 * after the rest of the page is drawn, as a classic script so that it loads from file:// too.
 */
function loadSparqlBox(source: Source, prefixes: Record<string, string>, open: (iri: string) => void): void {
  const script = document.createElement('script');
  script.src = 'assets/sparql.js';
  script.onload = () => {
    window.mdkgSparql?.mount(source, prefixes, open, failed);
    document.body.dataset.sparql = 'ready';
    performance.mark('mdkg-sparql');
  };
  document.body.append(script);
}

async function boot(): Promise<void> {
  performance.mark('mdkg-boot');
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? undefined;
  const source = window.mdkgStaticGraph === undefined ? liveSource(token) : staticSource(window.mdkgStaticGraph);
  $('mode').textContent = source.live ? '' : 'static copy';
  const graph = graphView(
    $('graph'),
    (id) => void open(iriOf(id)),
    (id) => void expand(iriOf(id)),
  );
  const open = async (iri: string, limit?: number): Promise<void> => {
    try {
      // The node's document is asked for at the same time (a node without one gets 404: no document shown).
      const [n, doc] = await Promise.all([source.node(iri, limit), source.document(iri).catch(() => undefined)]);
      graph.show(n);
      $('graph-title').textContent = n.nodes[0]?.label ?? iri;
      renderEdges(n, (i) => void open(i));
      showDocument(doc, (i) => void open(i));
    } catch (error) {
      failed(error);
    }
  };
  const expand = async (iri: string): Promise<void> => {
    try {
      graph.merge(await source.node(iri));
    } catch (error) {
      failed(error);
    }
  };
  const schema = await source.schema();
  performance.mark('mdkg-schema');
  $('search-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const request = ($('search-input') as HTMLInputElement).value;
    if (request.trim() === '') return;
    source.search(request).then((r) => renderHits(r.hits, (i) => void open(i)), failed);
  });
  $('plan-button').addEventListener('click', () => {
    const request = ($('search-input') as HTMLInputElement).value;
    if (request.trim() === '') return;
    source.plan(request).then((plan) => {
      const n = planGraph(plan, schema.prefixes);
      graph.show(n);
      $('graph-title').textContent = `plan: ${plan.request}`;
      renderEdges(n, (i) => void open(i));
      $('hits').replaceChildren(...planLines(plan).map((line) => el('li', line, 'plan-step')));
    }, failed);
  });
  if (!source.live) {
    ($('plan-button') as HTMLButtonElement).disabled = true;
    $('search-note').hidden = false;
    $('search-note').textContent =
      'Static copy: tool search needs the index of the mdkg view server; here the box finds documents by words of their title and path.';
  }
  showSchema(schema);
  loadSparqlBox(source, schema.prefixes, (i) => void open(i));
  // For the browser tests and benchmarks/view.ts.
  window.mdkgView = { showNode: open, graph };
  document.body.dataset.ready = 'true';
  performance.mark('mdkg-ready');
}

void boot().catch(failed);
