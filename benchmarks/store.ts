/**
 * mdkg push and queries on a SPARQL server (issue 27), against a real Virtuoso started from
 * tests/fixtures/virtuoso/virtuoso.ini (Debian's virtuoso-opensource-7-bin must be installed):
 *
 *   npm run bench:store                                   # 10,000 tools, node_modules/@comunica, queries at 100k and 1M triples
 *   npm run bench:store -- --tools 2000 --code src --scales 100000 --json out.json
 *
 * 1. Push: the first push, a push with nothing changed, and one with 1% of the documents edited,
 *    of N generated tool documents (benchmarks/synthetic-tools.ts) and of the code graph of a
 *    source folder (mdkg generate code); then the bulk path: the N-Quads file written, loaded by
 *    Virtuoso's own loader (ld_dir, rdf_loader_run) into an emptied store.
 * 2. Queries: the same ten queries (lookups, joins, aggregates, property paths, text filters) in
 *    process (Comunica over mdkg's store) and on the server, at each scale (tool documents enough
 *    for that many triples, bulk-loaded); the median of 3 runs after one warm-up (1 run at 1M and
 *    more), each under a 120 s limit.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateCode } from '../src/generate/generate-code.js';
import { type KnowledgeGraph, loadGraph } from '../src/graph/knowledge-graph.js';
import { runQuery } from '../src/sparql/run.js';
import type { QueryResult } from '../src/sparql/types.js';
import { localGraphs, toNQuads } from '../src/store/local-graphs.js';
import { MANIFEST_GRAPH, manifestBody } from '../src/store/manifest.js';
import { pushGraph } from '../src/store/push.js';
import { RemoteGraph } from '../src/store/remote-graph.js';
import { StoreClient } from '../src/store/store-client.js';
import { startVirtuoso, type Virtuoso } from '../tests/helpers/virtuoso.js';
import { generateTools, writeTools } from './synthetic-tools.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const QUERY_LIMIT_MS = 120_000;

/** Ten queries over tool documents (`title`, `iri`: the first generated tool's): two lookups, two joins, three aggregates, a property path, two text filters. */
const queries = (title: string, iri: string): ReadonlyArray<[string, string]> => [
  ['lookup by name', `SELECT ?t WHERE { ?t schema:name ${JSON.stringify(title)} }`],
  ['lookup of one node', `SELECT ?p ?o WHERE { <${iri}> ?p ?o }`],
  [
    'join: tools and parameters',
    'SELECT ?t ?pn WHERE { ?t a mdkg:Tool ; schema:keywords "github" ; mdkg:parameter ?p . ?p mdkg:name ?pn ; mdkg:required true }',
  ],
  ['two-step join', 'SELECT ?a ?c WHERE { ?a mdkg:relatedTo ?b . ?b mdkg:nextStep ?c . ?a mdkg:readOnlyHint true }'],
  ['count by class', 'SELECT ?c (COUNT(?s) AS ?n) WHERE { ?s a ?c FILTER(STRSTARTS(STR(?c), "https://w3id.org/mdkg/")) } GROUP BY ?c'],
  [
    'count per graph, top 10',
    'SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } FILTER(STRSTARTS(STR(?g), "https://w3id.org/mdkg/")) } GROUP BY ?g ORDER BY DESC(?n) ?g LIMIT 10',
  ],
  ['parameters per type', 'SELECT ?type (COUNT(DISTINCT ?t) AS ?tools) WHERE { ?t mdkg:parameter ?p . ?p mdkg:valueType ?type } GROUP BY ?type'],
  // An unbounded path (mdkg:relatedTo+) over these cyclic links runs out of Virtuoso 7.2's transitive
  // memory (1 GB) at 20,000 triples; Comunica answers it. A sequence path of three steps runs on both.
  ['property path from one tool', `SELECT DISTINCT ?x WHERE { <${iri}> mdkg:relatedTo/mdkg:relatedTo/mdkg:relatedTo ?x }`],
  ['text: CONTAINS', 'SELECT ?t ?d WHERE { ?t a mdkg:Tool ; schema:description ?d FILTER(CONTAINS(LCASE(?d), "workspace permissions")) }'],
  ['text: REGEX', 'SELECT ?t WHERE { ?t schema:abstract ?a FILTER(REGEX(?a, "^(Delete|Archive) a .* in (slack|jira)")) }'],
];

interface PushRow {
  graph: string;
  documents: number;
  triples: number;
  firstMs: number;
  unchangedMs: number;
  /** Documents edited, and the graphs the push sent for them. */
  editedDocs: number;
  editedGraphs: number;
  editedMs: number;
  bulkWriteMs: number;
  bulkLoadMs: number;
}

interface QueryRow {
  triples: number;
  query: string;
  inProcessMs: number | 'timeout' | 'error';
  serverMs: number | 'timeout' | 'error';
  rows: [number, number];
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const size = (r: QueryResult): number => (r.kind === 'bindings' ? r.rows.length : r.kind === 'quads' ? r.quads.length : 1);

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await run();
  return { ms: performance.now() - t, value };
}

/** Empties the server (all but Virtuoso's system graph) and its bulk loader's list. */
async function emptyServer(v: Virtuoso): Promise<void> {
  await v.sql(
    `DELETE FROM DB.DBA.RDF_QUAD WHERE G <> iri_to_id('http://www.openlinksw.com/schemas/virtrdf#'); DELETE FROM DB.DBA.load_list; checkpoint;`,
    600_000,
  );
}

async function bulkLoad(v: Virtuoso, kg: KnowledgeGraph, dir: string): Promise<{ writeMs: number; loadMs: number }> {
  const write = await timed(async () => {
    const graphs = localGraphs(kg);
    const manifest = manifestBody(graphs, kg.profile, new Date(), 'bench')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => `${l.slice(0, -2)} <${MANIFEST_GRAPH}> .\n`)
      .join('');
    await writeFile(join(dir, 'bulk.nq'), toNQuads(graphs) + manifest);
  });
  await emptyServer(v);
  const load = await timed(() => v.sql(`ld_dir('${dir}', 'bulk.nq', 'urn:mdkg:unused'); rdf_loader_run(); checkpoint;`, 1_800_000));
  await rm(join(dir, 'bulk.nq'));
  return { writeMs: write.ms, loadMs: load.ms };
}

/** Appends a line to the body of every hundredth document: 1% edited. */
async function editOnePercent(dir: string): Promise<number> {
  const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.md')).sort();
  const chosen = files.filter((_, i) => i % 100 === 0);
  for (const f of chosen) await writeFile(join(dir, f), `${await readFile(join(dir, f), 'utf8')}\nEdited for the benchmark.\n`);
  return chosen.length;
}

async function pushRow(v: Virtuoso, name: string, dir: string, work: string, log: (line: string) => void): Promise<PushRow> {
  await emptyServer(v);
  const kg = await loadGraph(dir, { cache: false, racyMs: 0 });
  const client = (): StoreClient =>
    new StoreClient({
      queryUrl: v.queryUrl,
      graphStoreUrl: v.graphStoreUrl,
      auth: { scheme: 'digest', user: v.user, password: v.password },
      concurrency: 8,
      timeoutMs: 300_000,
      maxBytes: 256 * 1024 * 1024,
    });
  const first = await timed(() => pushGraph(client(), kg));
  log(`${name}: first push of ${first.value.plan.put.length} graphs in ${first.ms.toFixed(0)} ms`);
  const unchanged = await timed(() => pushGraph(client(), kg));
  log(`${name}: ${kg.store.size} triples; push with nothing changed in ${unchanged.ms.toFixed(0)} ms`);
  const editedDocs = await editOnePercent(dir);
  await kg.refresh();
  const edited = await timed(() => pushGraph(client(), kg));
  log(`${name}: ${edited.value.plan.put.length} edited graphs pushed in ${edited.ms.toFixed(0)} ms`);
  const bulk = await bulkLoad(v, kg, work);
  log(`${name}: bulk N-Quads written in ${bulk.writeMs.toFixed(0)} ms, loaded in ${bulk.loadMs.toFixed(0)} ms`);
  return {
    graph: name,
    documents: kg.documents().filter((d) => d.loaded).length,
    triples: kg.store.size,
    firstMs: first.ms,
    unchangedMs: unchanged.ms,
    editedDocs,
    editedGraphs: edited.value.plan.put.length,
    editedMs: edited.ms,
    bulkWriteMs: bulk.writeMs,
    bulkLoadMs: bulk.loadMs,
  };
}

async function measureQuery(run: () => Promise<QueryResult>, runs: number): Promise<{ ms: number | 'timeout' | 'error'; rows: number }> {
  try {
    await run();
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < runs; i += 1) {
      const r = await timed(run);
      times.push(r.ms);
      rows = size(r.value);
    }
    return { ms: median(times), rows };
  } catch (error) {
    const code = (error as { code?: string }).code;
    process.stderr.write(`  ${(error as Error).message.slice(0, 300)}\n`);
    return { ms: code === 'MDKG_SPARQL_TIMEOUT' ? 'timeout' : 'error', rows: -1 };
  }
}

async function queryRows(v: Virtuoso, triples: number, work: string, log: (line: string) => void): Promise<QueryRow[]> {
  const dir = join(work, `tools-${triples}`);
  const generated = generateTools(Math.ceil(triples / 20.6));
  await writeTools(dir, generated);
  const sample = generated[0];
  const loaded = await timed(() => loadGraph(dir, { cache: false }));
  const kg = loaded.value;
  const bulk = await bulkLoad(v, kg, work);
  log(
    `${kg.store.size} triples: loaded in process in ${loaded.ms.toFixed(0)} ms; N-Quads written in ${bulk.writeMs.toFixed(0)} ms, bulk-loaded in ${bulk.loadMs.toFixed(0)} ms`,
  );
  const remote = new RemoteGraph(
    new StoreClient({ queryUrl: v.queryUrl, graphStoreUrl: v.graphStoreUrl, concurrency: 1, timeoutMs: QUERY_LIMIT_MS, maxBytes: 256 * 1024 * 1024 }),
  );
  const runs = kg.store.size >= 1_000_000 ? 1 : 3;
  const rows: QueryRow[] = [];
  for (const [name, q] of queries(sample?.title ?? '', `https://w3id.org/mdkg/tool/${sample?.source}/${sample?.name}`)) {
    const options = { timeoutMs: QUERY_LIMIT_MS, limit: 100_000 };
    const here = await measureQuery(() => runQuery(kg, q, options), runs);
    const there = await measureQuery(() => remote.query(q, options), runs);
    const fmt = (x: number | string): string => (typeof x === 'number' ? `${x.toFixed(1)} ms` : x);
    log(`${kg.store.size} triples, ${name}: in process ${fmt(here.ms)}, server ${fmt(there.ms)} (${here.rows}/${there.rows} rows)`);
    rows.push({ triples: kg.store.size, query: name, inProcessMs: here.ms, serverMs: there.ms, rows: [here.rows, there.rows] });
  }
  await rm(dir, { recursive: true, force: true });
  return rows;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { tools: { type: 'string' }, code: { type: 'string' }, scales: { type: 'string' }, json: { type: 'string' }, skip: { type: 'string' } },
  });
  const tools = Number(values.tools ?? 10_000);
  const codeFolder = values.code ?? 'node_modules/@comunica';
  const scales = (values.scales ?? '100000,1000000').split(',').map(Number);
  const skip = new Set((values.skip ?? '').split(','));
  const log = (line: string): void => {
    process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
  };
  log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}`);
  const v = await startVirtuoso();
  const work = await mkdtemp(join(tmpdir(), 'mdkg-bench-store-'));
  const pushes: PushRow[] = [];
  const queries: QueryRow[] = [];
  try {
    if (!skip.has('push')) {
      const toolsDir = join(work, 'tools');
      await writeTools(toolsDir, generateTools(tools));
      pushes.push(await pushRow(v, `${tools} tool documents`, toolsDir, work, log));
      const codeDir = join(work, 'code');
      await generateCode({ root: ROOT, start: codeFolder, outDir: codeDir, statePath: join(work, 'code-state.json') });
      pushes.push(await pushRow(v, `code graph of ${codeFolder}`, codeDir, work, log));
    }
    if (!skip.has('queries')) for (const scale of scales) queries.push(...(await queryRows(v, scale, work, log)));
  } finally {
    await v.stop();
    await rm(work, { recursive: true, force: true });
  }
  const report = { date: new Date().toISOString(), machine: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`, node: process.version, pushes, queries };
  if (values.json !== undefined) await writeFile(values.json, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

await main();
process.exit(0);
