// The JSON API of `mdkg view` without a browser, in-process on 127.0.0.1 port 0: each endpoint's
// answer on a small graph, the Host/Origin checks (DNS rebinding) and the bearer token, and the
// coded errors of bad parameters, unknown nodes, other methods and SPARQL updates.
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import { closeQueryWorkers } from '../../src/sparql/worker-pool.js';
import { viewContext } from '../../src/view/context.js';
import { serveView } from '../../src/view/server.js';
import { writeFiles } from '../helpers/temp-dir.js';
import { DELETE_NOTE, NOTE_GROUP, READ_NOTE, VIEW_GRAPH } from '../helpers/view-graph.js';

const TOKEN = 'view-test-token-0123456789';
let open: Server;
let guarded: Server;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mdkg-view-'));
  await writeFiles(dir, VIEW_GRAPH);
  const ctx = viewContext(await loadGraph(dir, { cache: false }), {});
  open = await serveView(ctx, { port: 0 });
  guarded = await serveView(ctx, { port: 0, token: TOKEN });
});

afterAll(async () => {
  await Promise.all([open, guarded].map((s) => new Promise((done) => s.close(done))));
  await closeQueryWorkers();
  await rm(dir, { recursive: true, force: true });
});

interface Reply {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
}

function call(server: Server, path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Reply> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown>, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const code = (r: Reply): unknown => [r.status, (r.body.error as { code?: string } | undefined)?.code];
const q = encodeURIComponent;

describe('mdkg view API', () => {
  it('answers a SELECT in the SPARQL JSON results format, default prefixes preloaded', async () => {
    const r = await call(open, `/api/sparql?query=${q('SELECT ?name WHERE { ?t a mdkg:Tool ; mdkg:name ?name } ORDER BY ?name')}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      head: { vars: ['name'] },
      results: { bindings: [{ name: { type: 'literal', value: 'delete_note' } }, { name: { type: 'literal', value: 'read_note' } }] },
      truncated: false,
      warnings: [],
    });
  });

  it('takes a query as a POST body', async () => {
    const r = await call(open, '/api/sparql', { 'content-type': 'application/sparql-query' }, 'POST', 'ASK { ?t a mdkg:Group }');
    expect([r.status, r.body.boolean]).toEqual([200, true]);
  });

  it.each([
    ['an update', 'DELETE WHERE { ?s ?p ?o }', [400, 'MDKG_SPARQL_READ_ONLY']],
    ['an INSERT DATA', 'INSERT DATA { <urn:a> <urn:b> <urn:c> }', [400, 'MDKG_SPARQL_READ_ONLY']],
    ['bad syntax', 'SELECT WHERE {', [400, 'MDKG_SPARQL_SYNTAX']],
    ['a SERVICE call', 'SELECT * WHERE { SERVICE <https://example.org/sparql> { ?s ?p ?o } }', [400, 'MDKG_SPARQL_SERVICE_DENIED']],
  ])('refuses %s with its code', async (_, query, expected) => {
    expect(code(await call(open, `/api/sparql?query=${q(query)}`))).toEqual(expected);
  });

  it('searches tools as mdkg search does: confidence, annotations, required arguments, evidence', async () => {
    const r = await call(open, `/api/search?q=${q('delete a note')}&limit=2`);
    const hits = r.body.hits as Array<{
      id: string;
      confidence: number;
      annotations: Record<string, boolean>;
      required: string[];
      evidence: Array<{ source: string }>;
    }>;
    expect(hits.map((h) => [h.id, h.annotations.destructiveHint ?? null, h.required])).toEqual([
      ['tool:notes/delete_note', true, []],
      ['tool:notes/read_note', null, ['name']],
    ]);
    expect(hits[0]!.confidence).toBeGreaterThan(hits[1]!.confidence);
    expect(hits[0]!.evidence.map((e) => e.source)).toContain('bm25');
    expect(r.body.intent).toBe('delete');
  });

  it('plans a request as mdkg plan does: steps, values read from the request, values to ask for', async () => {
    const named = (await call(open, `/api/plan?q=${q('read the note named todo')}`)).body as { steps: unknown[]; bindings: unknown[]; missing: unknown[] };
    expect(named.steps).toEqual([{ id: 's1', tool: 'tool:notes/read_note', role: 'target', arguments: { name: 'todo' }, dependsOn: [] }]);
    expect(named.bindings).toEqual([{ field: 'todo', to: 's1', parameter: 'name', rule: 'request-value', score: 0.9, evidence: "name 'todo' in the request" }]);
    const unnamed = (await call(open, `/api/plan?q=${q('read a note')}&max_depth=0`)).body as { missing: unknown[] };
    expect(unnamed.missing).toEqual([{ step: 's1', parameter: 'name', reason: 'not in the request and no tool produces it: ask the user' }]);
    for (const depth of ['11', '-1', '1.5', 'x'])
      expect(code(await call(open, `/api/plan?q=${q('read a note')}&max_depth=${depth}`)), depth).toEqual([400, 'MDKG_USAGE']);
    expect(code(await call(open, '/api/plan'))).toEqual([400, 'MDKG_USAGE']);
  });

  it('gives a neighbourhood: edges by predicate, node types and labels, the centre values', async () => {
    const r = await call(open, `/api/node?iri=${q(NOTE_GROUP)}`);
    const body = r.body as { edges: Array<{ source: string; label: string }>; nodes: Array<{ id: string; label: string; types: string[] }>; more: number };
    expect(body.edges.map((e) => [e.source, e.label]).sort()).toEqual([
      [`I${NOTE_GROUP}`, 'rdf:type'],
      [`I${DELETE_NOTE}`, 'mdkg:memberOf'],
      [`I${READ_NOTE}`, 'mdkg:memberOf'],
    ]);
    expect(body.nodes.find((n) => n.id === `I${READ_NOTE}`)).toEqual({ id: `I${READ_NOTE}`, label: 'Read Note', types: ['mdkg:Tool'], kind: 'iri' });
    expect(body.more).toBe(0);
    const limited = (await call(open, `/api/node?iri=${q(NOTE_GROUP)}&limit=1`)).body as { edges: unknown[]; more: number };
    expect([limited.edges.length, limited.more]).toEqual([1, 2]);
  });

  it("gives a node's document with the line of each triple it states, and its diagnostics", async () => {
    const reply = await call(open, `/api/document?iri=${q(READ_NOTE)}`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const doc = reply.body as { path: string; triples: Array<{ predicate: string; object: string; line?: number }> };
    const lines = Object.fromEntries(
      doc.triples.filter((t) => t.object !== '' && !t.predicate.startsWith('mdkg:content')).map((t) => [`${t.predicate} ${t.object}`, t.line ?? null]),
    );
    expect(doc.path).toBe('tools/notes/read_note.md');
    expect(lines).toMatchObject({
      'rdf:type mdkg:Tool': 3,
      'schema:name Read Note': 4,
      'mdkg:name read_note': 5,
      'mdkg:readOnlyHint true': 8,
      'mdkg:memberOf tool:notes/_groups/note': 10,
      'mdkg:parameter tool:notes/read_note#param-name': 12,
      'mdkg:name name': 14,
      'mdkg:required true': 16,
      'mdkg:sourcePath tools/notes/read_note.md': null,
    });
    const guide = (await call(open, `/api/document?iri=${q('https://w3id.org/mdkg/doc/guides/notes')}`)).body as {
      diagnostics: Array<{ code: string; line: number }>;
    };
    expect(guide.diagnostics.map((d) => [d.code, d.line])).toEqual([['MDKG_UNRESOLVED_LINK', 5]]);
  });

  it('gives the schema: classes with counts, predicates, documents per folder', async () => {
    const r = (await call(open, '/api/schema')).body as { classes: unknown[]; folders: unknown[]; documents: number; diagnostics: number };
    expect(r.classes).toEqual([
      { iri: 'https://w3id.org/mdkg/vocab#Group', label: 'mdkg:Group', instances: 1 },
      { iri: 'https://w3id.org/mdkg/vocab#Parameter', label: 'mdkg:Parameter', instances: 1 },
      { iri: 'https://w3id.org/mdkg/vocab#Tool', label: 'mdkg:Tool', instances: 2 },
    ]);
    expect(r.folders).toEqual([
      { folder: 'guides', documents: 1 },
      { folder: 'tools/notes', documents: 2 },
      { folder: 'tools/notes/_groups', documents: 1 },
    ]);
    expect([r.documents, r.diagnostics]).toEqual([4, 1]);
  });

  it.each([
    ['a node without iri', '/api/node', [400, 'MDKG_USAGE']],
    ['a limit of 0', `/api/node?iri=${q(READ_NOTE)}&limit=0`, [400, 'MDKG_USAGE']],
    ['a limit that is no number', `/api/node?iri=${q(READ_NOTE)}&limit=1e3`, [400, 'MDKG_USAGE']],
    ['a limit over the most', `/api/node?iri=${q(READ_NOTE)}&limit=2001`, [400, 'MDKG_USAGE']],
    ['an unknown node', `/api/node?iri=${q('urn:nothing')}`, [404, 'MDKG_NOT_FOUND']],
    ['an unknown document', `/api/document?iri=${q('urn:nothing')}`, [404, 'MDKG_NOT_FOUND']],
    ['a search without words', '/api/search?q=%20', [400, 'MDKG_USAGE']],
    ['a search limit over 100', '/api/search?q=note&limit=101', [400, 'MDKG_USAGE']],
    ['an iri too long', `/api/node?iri=${'a'.repeat(4097)}`, [400, 'MDKG_USAGE']],
    ['an unknown API', '/api/nothing', [404, 'MDKG_NOT_FOUND']],
    ['a page that does not exist', '/etc/passwd', [404, 'MDKG_NOT_FOUND']],
    ['a page path that climbs', '/assets/../../package.json', [404, 'MDKG_NOT_FOUND']],
  ])('answers %s with a coded error', async (_, path, expected) => {
    expect(code(await call(open, path))).toEqual(expected);
  });

  it.each([
    ['PUT', '/api/schema', [405, 'MDKG_USAGE']],
    ['DELETE', '/api/node', [405, 'MDKG_USAGE']],
    ['POST', '/api/node', [405, 'MDKG_USAGE']],
  ])('is read-only: %s %s is refused', async (method, path, expected) => {
    expect(code(await call(open, path, {}, method))).toEqual(expected);
  });

  it('answers with headers that keep the page to itself', async () => {
    const { headers } = await call(open, '/api/schema');
    expect([headers['content-type'], headers['x-content-type-options'], headers['cache-control'], headers['content-security-policy']]).toEqual([
      'application/json',
      'nosniff',
      'no-store',
      "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
    ]);
  });

  it.each([
    ['a foreign Host', { host: 'evil.example:80' }, 403],
    ['a foreign Origin', { origin: 'http://evil.example' }, 403],
    ['a Host of localhost', { host: 'localhost' }, 200],
    ['a loopback Origin', { origin: 'http://127.0.0.1:9' }, 200],
  ])('checks the host names of a request (DNS rebinding): %s', async (_, headers, status) => {
    expect((await call(open, '/api/schema', headers)).status).toBe(status);
  });

  it.each([
    ['no token', {}, 401],
    ['a wrong token', { authorization: 'Bearer wrong-token-0123456789' }, 401],
    ['the token', { authorization: `Bearer ${TOKEN}` }, 200],
    ['the token, scheme in capitals', { authorization: `BEARER ${TOKEN}` }, 200],
  ])('with a token, the API needs it: %s', async (_, headers, status) => {
    expect((await call(guarded, '/api/schema', headers)).status).toBe(status);
  });
});
