// One measured in-process step of benchmarks/scale.ts, in a fresh process (so RSS is its own):
//   node --import ./scale-rss.mjs scale-probe.mjs load <graphs>          load the graph (cache as found)
//   node --import ./scale-rss.mjs scale-probe.mjs search <graphs> <q>    open the index (persisted when current) and search
// Prints one JSON line: what it did and how long it took in ms (module loading excluded).
const [mode, root, query = 'list all orders'] = process.argv.slice(2);
const dist = new URL('../dist/', import.meta.url);
if (mode === 'load') {
  const { loadGraph } = await import(new URL('graph/knowledge-graph.js', dist).href);
  const t0 = performance.now();
  const kg = await loadGraph(root);
  const ms = performance.now() - t0;
  process.stdout.write(`${JSON.stringify({ mode, ms, parsed: kg.stats.parsed, reused: kg.stats.reused, triples: kg.stats.triples })}\n`);
} else {
  const { openToolIndex } = await import(new URL('search/open-index.js', dist).href);
  const t0 = performance.now();
  const opened = await openToolIndex(root);
  const openMs = performance.now() - t0;
  const t1 = performance.now();
  const result = await opened.index.search(query, { limit: 5 });
  const searchMs = performance.now() - t1;
  process.stdout.write(`${JSON.stringify({ mode, warm: opened.warm, openMs, searchMs, tools: opened.index.size, first: result.hits[0]?.id })}\n`);
}
