// How long a plan takes: the bundled graph and graphs generated from two OpenAPI specs of the
// shared datasets (read in place, generated into a temp folder). For each graph: the first plan
// (it reads the plan's view of the tools from the graph) and the median and p95 of warm plans over
// a few requests written for this script (not benchmark queries), 5 rounds each.
//
//   npm run bench:plan-latency [-- --json]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateTools } from '../src/generate/generate-tools.js';
import { KnowledgeGraph } from '../src/graph/knowledge-graph.js';
import { planRequest } from '../src/plan/plan-request.js';
import { ToolIndex } from '../src/search/tool-index.js';
import { renderTable } from '../src/util/table.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const SPECS = process.env.MDKG_GTC_DIR ?? join(REPO, '../shared/datasets/graph-tool-call/benchmarks');
const ROUNDS = 5;

const GRAPHS: Array<{ name: string; spec?: string; requests: string[] }> = [
  { name: 'bundled', requests: ['delete entities', 'delete the entity called Bob, then read the whole graph', 'write a file', 'move a file to /tmp/x'] },
  {
    name: 'petstore3',
    spec: 'specs/petstore3.json',
    requests: ['upload an image of the pet', 'place an order for pet 7', 'find available pets, then upload an image for it'],
  },
  {
    name: 'k8s_core_v1',
    spec: 'specs/k8s_core_v1.json',
    requests: ['read the logs of a pod', 'delete the config map named app-settings', 'list the services of a namespace'],
  },
];

const tmp = await mkdtemp(join(tmpdir(), 'mdkg-plan-latency-'));
const rows: Array<Record<string, number | string>> = [];
try {
  for (const g of GRAPHS) {
    let dir = join(REPO, 'graphs');
    if (g.spec !== undefined) {
      dir = join(tmp, g.name);
      await generateTools([{ id: g.name, kind: 'openapi', file: join(SPECS, g.spec) }], { outDir: join(dir, 'tools'), cwd: SPECS });
    }
    const graph = await KnowledgeGraph.load(dir, { cache: false });
    const index = ToolIndex.build(graph);
    let started = performance.now();
    await planRequest({ index, graph }, g.requests[0]!);
    const first = performance.now() - started;
    const times: number[] = [];
    for (let r = 0; r < ROUNDS; r += 1)
      for (const request of g.requests) {
        started = performance.now();
        await planRequest({ index, graph }, request);
        times.push(performance.now() - started);
      }
    times.sort((a, b) => a - b);
    const at = (q: number): number => Math.round(times[Math.min(times.length - 1, Math.floor(times.length * q))]! * 10) / 10;
    rows.push({ graph: g.name, tools: index.size, plans: times.length, firstMs: Math.round(first * 10) / 10, medianMs: at(0.5), p95Ms: at(0.95) });
  }
} finally {
  await rm(tmp, { recursive: true, force: true });
}
if (process.argv.includes('--json')) console.log(JSON.stringify(rows, null, 2));
else
  process.stdout.write(
    renderTable(
      ['graph', 'tools', 'plans', 'first ms', 'median ms', 'p95 ms'],
      rows.map((r) => [String(r.graph), String(r.tools), String(r.plans), String(r.firstMs), String(r.medianMs), String(r.p95Ms)]),
    ),
  );
