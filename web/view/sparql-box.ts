// The SPARQL box: YASQE (highlighting; the default prefixes preloaded; its autocompleters, which
// would fetch prefix.cc and LOV, are off) and YASR's result table, running queries through the
// page's API (its token, mdkg's error codes). Built as its own script, assets/sparql.js.
import Yasqe from '@zazuko/yasqe';
import Yasr from '@zazuko/yasr';
import '@zazuko/yasqe/build/yasqe.min.css';
import '@zazuko/yasr/build/yasr.min.css';
import { ApiError, type Source } from './source.js';

declare global {
  interface Window {
    mdkgSparql?: { mount: typeof mountSparqlBox };
  }
}

const $ = (id: string): HTMLElement => document.getElementById(id)!;

export function mountSparqlBox(source: Source, prefixes: Record<string, string>, open: (iri: string) => void, failed: (error: unknown) => void): void {
  const prologue = Object.entries(prefixes)
    .map(([p, ns]) => `PREFIX ${p}: <${ns}>`)
    .join('\n');
  const yasqe = new Yasqe($('yasqe'), {
    value: `${prologue}\n\nSELECT ?tool ?name WHERE {\n  ?tool a mdkg:Tool ; schema:name ?name .\n} LIMIT 20`,
    persistenceId: null,
    autocompleters: [],
    showQueryButton: true,
    resizeable: false,
    editorHeight: '180px',
    requestConfig: { endpoint: 'api/sparql' },
  } as never);
  const yasr = new Yasr($('yasr'), { persistenceId: null, prefixes, defaultPlugin: 'table' } as never);
  if (!source.live) {
    $('sparql-note').hidden = false;
    $('sparql-note').textContent =
      'This is a static copy of the graph: SPARQL needs the mdkg view server (run mdkg view). The neighbourhoods, documents and schema below are embedded in the page.';
    (yasqe as unknown as { setOption(name: string, value: unknown): void }).setOption('readOnly', true);
  }
  // The query runs through the page's own API (the page's token, mdkg's error codes), not YASQE's request.
  (yasqe as unknown as { query: () => Promise<void> }).query = async () => {
    const started = performance.now();
    try {
      const json = await source.sparql(yasqe.getValue());
      yasr.setResponse({ data: JSON.stringify(json), contentType: 'application/sparql-results+json', status: 200 }, performance.now() - started);
      $('yasr').dataset.state = 'done';
      $('status').textContent = '';
    } catch (error) {
      $('yasr').dataset.state = 'error';
      yasr.setResponse({ error: { status: 400, statusText: error instanceof ApiError ? `${error.code}: ${error.message}` : String(error) } });
      failed(error);
    }
  };
  $('yasr').addEventListener('click', (event) => {
    const a = (event.target as HTMLElement).closest('a');
    if (a === null || !a.href.startsWith('http')) return;
    event.preventDefault();
    open(a.href);
  });
}

window.mdkgSparql = { mount: mountSparqlBox };
