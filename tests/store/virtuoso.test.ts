// mdkg push and queries on a real Virtuoso: the bundled graph and a generated catalog pushed, the
// README's queries answered equally (as sets) on both sides, edits, deletes and renames sent alone,
// and a push stopped half-way (the server killed) finished by the next one.
import { cp, mkdir, mkdtemp, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Term } from '@rdfjs/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticOpenApi } from '../../benchmarks/synthetic-openapi.js';
import { buildGateway } from '../../src/gateway/gateway.js';
import { graphExport, graphQuery, graphSchema, graphSearchCall, indexStatus } from '../../src/gateway/graph-calls.js';
import { generateTools } from '../../src/generate/generate-tools.js';
import { type KnowledgeGraph, loadGraph } from '../../src/graph/knowledge-graph.js';
import { termToNTriples } from '../../src/rdf/serialize.js';
import { runQuery } from '../../src/sparql/run.js';
import type { QueryResult } from '../../src/sparql/types.js';
import { checkDrift, pushGraph } from '../../src/store/push.js';
import { RemoteGraph } from '../../src/store/remote-graph.js';
import { StoreClient } from '../../src/store/store-client.js';
import type { StoreTarget } from '../../src/store/store-config.js';
import { REPO, runCli } from '../helpers/cli.js';
import { startVirtuoso, type Virtuoso, virtuosoAvailable } from '../helpers/virtuoso.js';

/** The README's example queries (README.md, `mdkg query` and the library example), and a few of each form. */
const QUERIES = [
  'SELECT ?tool ?readOnly ?destructive ?summary WHERE { ?t a mdkg:Tool ; mdkg:source "filesystem" ; mdkg:name ?tool ; schema:abstract ?summary . OPTIONAL { ?t mdkg:readOnlyHint ?readOnly } OPTIONAL { ?t mdkg:destructiveHint ?destructive } } ORDER BY ?tool',
  'SELECT ?title ?summary WHERE { ?c a mdkg:Concept ; schema:name ?title ; schema:abstract ?summary }',
  'SELECT ?t WHERE { ?c a mdkg:Concept ; schema:name ?t }',
  // Virtuoso's union default graph holds its own system graph (virtrdf:): the classes are mdkg's.
  'SELECT ?class (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s a ?class FILTER(STRSTARTS(STR(?class), "https://w3id.org/mdkg/")) } GROUP BY ?class',
  'SELECT ?g ?name WHERE { GRAPH ?g { ?t a mdkg:Tool ; mdkg:name ?name } }',
  // Virtuoso needs one end of a transitive path bound.
  'SELECT ?t ?x WHERE { ?t a mdkg:Tool . ?t mdkg:source/^mdkg:source ?x }',
  'SELECT ?s ?name WHERE { ?s a mdkg:Tool ; mdkg:name ?name FILTER(CONTAINS(LCASE(?name), "file")) }',
  'ASK { ?t a mdkg:Tool }',
  'CONSTRUCT { ?t schema:name ?n } WHERE { ?t a mdkg:Tool ; schema:name ?n }',
];

/** A result as a set of lines; blank node labels differ between stores, so they are dropped. */
function asSet(result: QueryResult): string[] {
  const nt = (t: Term | undefined): string => (t === undefined ? '' : t.termType === 'BlankNode' ? '_:' : termToNTriples(t));
  if (result.kind === 'boolean') return [String(result.value)];
  if (result.kind === 'quads') return [...new Set(result.quads.map((q) => `${nt(q.subject)} ${nt(q.predicate)} ${nt(q.object)}`))].sort();
  return [...new Set(result.rows.map((row) => result.variables.map((v) => `${v}=${nt(row[v])}`).join(' ')))].sort();
}

function target(v: Virtuoso, concurrency = 8): StoreTarget {
  return {
    queryUrl: v.queryUrl,
    graphStoreUrl: v.graphStoreUrl,
    auth: { scheme: 'digest', user: v.user, password: v.password },
    concurrency,
    timeoutMs: 30_000,
    maxBytes: 64 * 1024 * 1024,
  };
}

async function sameAnswers(kg: KnowledgeGraph, remote: RemoteGraph, queries: readonly string[]): Promise<void> {
  for (const q of queries) {
    const here = await runQuery(kg, q, { limit: 100_000 });
    const there = await remote.query(q, { limit: 100_000 });
    expect({ q, rows: asSet(there) }).toEqual({ q, rows: asSet(here) });
  }
}

// A real server on a shared 2-core machine: a push of the bundled graph plus a server restart take
// 10 to 25 s under load, over the default 20 s of a test.
describe.skipIf(!virtuosoAvailable)('mdkg push and --endpoint on Virtuoso', { timeout: 90_000 }, () => {
  let v: Virtuoso;
  let dir: string;
  beforeAll(async () => {
    v = await startVirtuoso();
    dir = await mkdtemp(join(tmpdir(), 'mdkg-store-'));
  }, 90_000);
  afterAll(async () => {
    await v?.stop();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it('pushes the bundled graph, answers the README queries as in process, and sends nothing the second time', async () => {
    const graphs = join(dir, 'bundled');
    await cp(join(REPO, 'graphs'), graphs, { recursive: true, filter: (src) => !src.includes('.mdkg') });
    const kg = await loadGraph(graphs, { cache: false });
    const client = new StoreClient(target(v));
    const first = await pushGraph(client, kg);
    const loaded = kg.documents().filter((d) => d.loaded).length;
    expect([first.firstPush, first.plan.put.length, first.plan.remove.length, first.manifestWritten]).toEqual([true, loaded, 0, true]);
    await sameAnswers(kg, new RemoteGraph(new StoreClient(target(v))), QUERIES);
    const again = new StoreClient(target(v));
    const second = await pushGraph(again, kg);
    expect([second.plan.put.length, second.plan.remove.length, second.plan.unchanged, second.manifestWritten]).toEqual([0, 0, loaded, false]);
    // The manifest's GET twice: the digest challenge (401), then the answer. Nothing else.
    expect(Object.fromEntries(again.sent)).toEqual({ GET: 2 });
    expect(await checkDrift(again, kg)).toMatchObject({ differ: [], missing: [], extra: [] });
  });

  it('sends only the edited, renamed and new documents, deletes the removed one, and reports drift before', async () => {
    const graphs = join(dir, 'edits');
    const doc = (name: string, title: string): string => `---\nid: concept:edits-${name}\ntype: Concept\ntitle: ${title}\n---\n# ${title}\n`;
    await mkdir(graphs, { recursive: true });
    for (const name of ['alpha', 'beta', 'gamma', 'delta', 'epsilon']) await writeFile(join(graphs, `${name}.md`), doc(name, name.toUpperCase()));
    // Its own server state: the other tests' manifests are not this folder's.
    await v.sql('SPARQL CLEAR GRAPH <urn:mdkg:store:manifest>;');
    const kg = await loadGraph(graphs, { cache: false, racyMs: 0 });
    await pushGraph(new StoreClient(target(v)), kg);
    await writeFile(join(graphs, 'alpha.md'), doc('alpha', 'ALPHA edited'));
    await rename(join(graphs, 'beta.md'), join(graphs, 'beta-renamed.md'));
    await unlink(join(graphs, 'gamma.md'));
    await writeFile(join(graphs, 'zeta.md'), doc('zeta', 'ZETA'));
    await kg.refresh();
    const concept = (name: string): string => `https://w3id.org/mdkg/concept/edits-${name}`;
    expect(await checkDrift(new StoreClient(target(v)), kg)).toMatchObject({
      differ: [concept('alpha'), concept('beta')],
      missing: [concept('zeta')],
      extra: [concept('gamma')],
    });
    const client = new StoreClient(target(v));
    const report = await pushGraph(client, kg);
    expect(report.plan.put.map((p) => `${p.reason} ${p.graph.path}`).sort()).toEqual(['changed alpha.md', 'changed beta-renamed.md', 'new zeta.md']);
    expect(report.plan.unchanged).toBe(2);
    // GET: the digest challenge and the manifest; PUT: the pending manifest, three graphs, the manifest; DELETE: gamma.
    expect(Object.fromEntries(client.sent)).toEqual({ GET: 2, PUT: 5, DELETE: 1 });
    expect(await checkDrift(client, kg)).toMatchObject({ differ: [], missing: [], extra: [] });
    await sameAnswers(kg, new RemoteGraph(new StoreClient(target(v))), [
      'SELECT ?c ?title ?path WHERE { ?c a mdkg:Concept ; schema:name ?title ; mdkg:sourcePath ?path FILTER(STRSTARTS(STR(?c), "https://w3id.org/mdkg/concept/edits-")) }',
    ]);
  });

  it('finishes, on the next push, a push whose server was killed half-way', async () => {
    const graphs = join(dir, 'catalog');
    const spec = join(dir, 'spec.json');
    await writeFile(spec, JSON.stringify(syntheticOpenApi(200).spec));
    await mkdir(graphs, { recursive: true });
    const [generated] = await generateTools([{ id: 'synth', kind: 'openapi', file: spec }], { outDir: join(graphs, 'tools'), cwd: dir });
    expect(generated?.ok).toBe(true);
    await v.sql('SPARQL CLEAR GRAPH <urn:mdkg:store:manifest>;');
    const kg = await loadGraph(graphs, { cache: false });
    const total = kg.documents().filter((d) => d.loaded).length;
    let killed: Promise<void> | undefined;
    const dying = pushGraph(new StoreClient(target(v, 2)), kg, {
      onProgress: (done) => {
        if (done === 20) killed = v.kill();
      },
    });
    await expect(dying).rejects.toMatchObject({ code: 'MDKG_STORE_UNREACHABLE' });
    await killed;
    await v.start();
    const client = new StoreClient(target(v));
    const drift = await checkDrift(client, kg);
    expect(drift.missing.length + drift.differ.length).toBe(total);
    const report = await pushGraph(client, kg);
    expect([report.firstPush, report.plan.put.length, report.manifestWritten]).toEqual([false, total, true]);
    expect(await checkDrift(client, kg)).toMatchObject({ differ: [], missing: [], extra: [] });
    await sameAnswers(kg, new RemoteGraph(new StoreClient(target(v))), [
      'SELECT ?name ?method WHERE { ?t a mdkg:Tool ; mdkg:source "synth" ; mdkg:name ?name . OPTIONAL { ?t mdkg:httpMethod ?method } }',
      'SELECT ?p (COUNT(*) AS ?n) WHERE { ?t a mdkg:Tool ; mdkg:source "synth" ; ?p ?o } GROUP BY ?p',
    ]);
  });

  it('mdkg push, --dry-run, --check, --bulk and mdkg query --endpoint from the command line', async () => {
    const root = join(dir, 'cli');
    const doc = (name: string): string => `---\nid: concept:cli-${name}\ntype: Concept\ntitle: CLI ${name}\n---\n# ${name}\n`;
    await mkdir(join(root, 'graphs'), { recursive: true });
    for (const name of ['one', 'two']) await writeFile(join(root, 'graphs', `${name}.md`), doc(name));
    await writeFile(
      join(root, 'mdkg.config.yaml'),
      `store:\n  query_url: ${v.queryUrl}\n  auth: { scheme: digest, user_env: STORE_TEST_USER, password_env: STORE_TEST_PASSWORD }\n`,
    );
    await v.sql('SPARQL CLEAR GRAPH <urn:mdkg:store:manifest>;');
    process.env.STORE_TEST_USER = v.user;
    process.env.STORE_TEST_PASSWORD = v.password;
    try {
      const cli = (...argv: string[]) => runCli([...argv, '--no-cache'], root);
      const concept = (name: string): string => `https://w3id.org/mdkg/concept/cli-${name}`;
      expect(await cli('push', '--store', '--dry-run')).toEqual({
        code: 0,
        stdout: `put new ${concept('one')} (one.md)\nput new ${concept('two')} (two.md)\nwould push 2 graphs (2 new, 0 changed), would delete 0, 0 unchanged: ${v.queryUrl}\n`,
        stderr: '',
      });
      const drift = await cli('push', '--store', '--check');
      expect([drift.code, drift.stdout, drift.stderr]).toEqual([
        1,
        `missing ${concept('one')}\nmissing ${concept('two')}\n`,
        'error MDKG_STORE_DRIFT 2 graphs out of step (0 differ, 2 missing, 0 extra); run mdkg push\n',
      ]);
      expect(await cli('push', '--store')).toEqual({
        code: 0,
        stdout: `pushed 2 graphs (2 new, 0 changed), deleted 0, 0 unchanged: ${v.queryUrl}\n`,
        stderr: '',
      });
      expect((await cli('push', '--store', '--check')).code).toBe(0);
      const query = `SELECT ?title WHERE { ?c a mdkg:Concept ; schema:name ?title FILTER(STRSTARTS(STR(?c), "${concept('')}")) } ORDER BY ?title`;
      const local = await cli('query', query, '--format', 'csv');
      expect(await cli('query', query, '--format', 'csv', '--endpoint', v.queryUrl)).toEqual(local);
      expect(local.stdout).toBe('title\r\nCLI one\r\nCLI two\r\n');
      const update = await cli('query', 'INSERT DATA { <urn:a> <urn:b> <urn:c> }', '--store');
      expect([update.code, update.stderr]).toEqual([1, 'mdkg query: MDKG_SPARQL_READ_ONLY The graph is read-only: SPARQL updates are refused (INSERT DATA)\n']);
      const exported = await cli('export', '--format', 'nq', '--store');
      expect([exported.code, exported.stdout]).toEqual([0, (await cli('export', '--format', 'nq')).stdout]);
      const bulk = await cli('push', '--bulk', 'all.nq');
      expect([bulk.code, bulk.stderr]).toEqual([0, 'wrote 2 graphs and the manifest to all.nq\n']);
      // The bulk file loaded by Virtuoso's own loader leaves the server in step, manifest included.
      await v.sql(`SPARQL CLEAR GRAPH <${concept('one')}>; SPARQL CLEAR GRAPH <${concept('two')}>; SPARQL CLEAR GRAPH <urn:mdkg:store:manifest>;`);
      expect((await cli('push', '--store', '--check')).code).toBe(1);
      await v.sql(`ld_dir('${root}', 'all.nq', 'urn:mdkg:unused'); rdf_loader_run(); checkpoint;`);
      expect(await cli('push', '--store', '--check')).toMatchObject({ code: 0, stdout: expect.stringMatching(/^in step: 2 graphs, last push 20/) });
    } finally {
      delete process.env.STORE_TEST_USER;
      delete process.env.STORE_TEST_PASSWORD;
    }
  });

  it('serves graph_query, graph_schema, graph_search and index_status from the server', async () => {
    const root = join(dir, 'gateway');
    const doc = (name: string): string => `---\nid: concept:cli-${name}\ntype: Concept\ntitle: CLI ${name}\n---\n# ${name}\n`;
    await mkdir(join(root, 'graphs'), { recursive: true });
    for (const name of ['one', 'two']) await writeFile(join(root, 'graphs', `${name}.md`), doc(name));
    await v.sql('SPARQL CLEAR GRAPH <urn:mdkg:store:manifest>;');
    await pushGraph(new StoreClient(target(v)), await loadGraph(join(root, 'graphs'), { cache: false }));
    const gw = await buildGateway(join(root, 'graphs'), {}, root);
    gw.remote = new RemoteGraph(new StoreClient(target(v)));
    const query = await graphQuery(gw, {
      sparql: 'SELECT ?title WHERE { ?c a mdkg:Concept ; schema:name ?title FILTER(STRSTARTS(?title, "CLI ")) } ORDER BY ?title',
    });
    expect(query.structuredContent).toMatchObject({
      results: { bindings: [{ title: { value: 'CLI one' } }, { title: { value: 'CLI two' } }] },
      truncated: false,
    });
    const schema = await graphSchema(gw);
    expect(schema.structuredContent).toMatchObject({ documents: 2, store: v.queryUrl, warnings: [] });
    const search = await graphSearchCall(gw, { query: 'cli two' });
    expect((search.structuredContent?.matches as Array<{ iri: string }> | undefined)?.[0]?.iri).toBe('https://w3id.org/mdkg/concept/cli-two');
    const status = await indexStatus(gw);
    expect(status.structuredContent?.store).toMatchObject({ url: v.queryUrl, lastPush: expect.stringMatching(/^20\d\d-/), documents: 2 });
    const exported = await graphExport(gw, { format: 'nq', node: 'https://w3id.org/mdkg/concept/cli-one' });
    expect(exported.structuredContent).toMatchObject({
      format: 'nq',
      truncated: false,
      data: expect.stringContaining('"CLI one" <https://w3id.org/mdkg/concept/cli-one> .'),
    });
    expect((await graphExport(gw, { format: 'mermaid' })).isError).toBe(true);
    const update = await graphQuery(gw, { sparql: 'DELETE WHERE { ?s ?p ?o }' });
    expect([update.isError, update.structuredContent?.code]).toEqual([true, 'MDKG_SPARQL_READ_ONLY']);
  });

  it('keeps the anonymous query endpoint read-only: an update sent past mdkg is refused by the server', async () => {
    const body = new URLSearchParams({ query: 'INSERT DATA { GRAPH <urn:mdkg:test:intruder> { <urn:a> <urn:b> <urn:c> } }' });
    const response = await fetch(v.queryUrl, { method: 'POST', body, headers: { accept: 'application/sparql-results+json' } });
    expect(response.ok).toBe(false);
    const check = await new RemoteGraph(new StoreClient(target(v))).query('ASK { GRAPH <urn:mdkg:test:intruder> { ?s ?p ?o } }');
    expect(check).toMatchObject({ kind: 'boolean', value: false });
  });
});
