/**
 * CPU profile of one graph-load phase, scoped to that phase with the inspector (the same
 * .cpuprofile format `node --cpu-prof` writes, without module loading in it).
 *
 *   tsx --expose-gc benchmarks/profile-graph-load.ts <dir> prepare [n]   # write n synthetic tools
 *   tsx --expose-gc benchmarks/profile-graph-load.ts <dir> cold|warm|refresh|heap [out.cpuprofile]
 *
 * cold: load with an empty cache folder; warm: load with the cache of a previous load;
 * refresh: warm load, then touch one document and profile graph.refresh();
 * heap: where the heap of a warm-loaded graph goes (store vs. document table), no profile.
 * Summarise a profile with benchmarks/cpuprofile-summary.ts.
 */
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataFactory, Store } from 'n3';
import { loadGraph, type KnowledgeGraph } from '../src/graph/knowledge-graph.js';
import { generateTools, writeTools } from './synthetic-tools.js';

const [dir, phase = 'cold', arg] = process.argv.slice(2);
if (dir === undefined) throw new Error('usage: profile-graph-load.ts <dir> prepare [n] | cold|warm|refresh|heap [out]');
const gc = (globalThis as { gc?: () => void }).gc ?? ((): void => undefined);
const heap = (): number => {
  for (let i = 0; i < 3; i += 1) gc();
  return process.memoryUsage().heapUsed;
};

async function profiled<T>(out: string, fn: () => Promise<T>): Promise<T> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  const t0 = performance.now();
  const result = await fn();
  const ms = performance.now() - t0;
  const { profile } = await session.post('Profiler.stop');
  await writeFile(out, JSON.stringify(profile));
  session.disconnect();
  process.stderr.write(`${phase}: ${ms.toFixed(0)} ms, profile in ${out}\n`);
  return result;
}

async function heapBreakdown(): Promise<void> {
  const base = heap();
  const graph = await loadGraph(dir as string);
  const withGraph = heap();
  const quads = graph.store.getQuads(null, null, null, null);
  const n = quads.length;
  const withQuadArray = heap();
  // The same quads, rebuilt: (a) one named graph per document as loaded, (b) all in the default graph.
  const named = new Store();
  named.addQuads(quads);
  const namedBytes = heap() - withQuadArray;
  const flat = new Store();
  const dg = DataFactory.defaultGraph();
  flat.addQuads(quads.map((q) => DataFactory.quad(q.subject, q.predicate, q.object, dg)));
  const flatBytes = heap() - withQuadArray - namedBytes;
  const docs = graph.documents().length;
  process.stdout.write(
    `${JSON.stringify({ documents: docs, triples: n, graphBytesPerTriple: Math.round((withGraph - base) / n), quadArrayBytesPerTriple: Math.round((withQuadArray - withGraph) / n), storeNamedGraphsBytesPerTriple: Math.round(namedBytes / n), storeDefaultGraphBytesPerTriple: Math.round(flatBytes / n) }, null, 2)}\n`,
  );
  void [graph, named, flat, quads];
}

if (phase === 'prepare') {
  await writeTools(dir, generateTools(Number(arg ?? 10000), 42));
  // A warm cache for the warm and refresh phases.
  await loadGraph(dir);
} else if (phase === 'heap') {
  await heapBreakdown();
} else {
  const out = arg ?? `${phase}.cpuprofile`;
  if (phase === 'cold') {
    const cacheDir = await mkdtemp(join(tmpdir(), 'mdkg-cold-cache-'));
    const graph = await profiled(out, () => loadGraph(dir, { cacheDir }));
    process.stderr.write(`${JSON.stringify(graph.stats)}\n`);
    await rm(cacheDir, { recursive: true, force: true });
  } else if (phase === 'warm') {
    const graph = await profiled(out, () => loadGraph(dir));
    process.stderr.write(`${JSON.stringify(graph.stats)}\n`);
  } else if (phase === 'refresh') {
    const graph: KnowledgeGraph = await loadGraph(dir);
    const doc = graph.documents()[Math.floor(graph.documents().length / 2)];
    await appendFile(join(dir, doc?.path ?? ''), '\nEdited by the profiler.\n');
    const stats = await profiled(out, () => graph.refresh());
    process.stderr.write(`${JSON.stringify(stats)}\n`);
  } else throw new Error(`unknown phase ${phase}`);
}
