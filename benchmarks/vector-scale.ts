// The embedding and vector-search numbers of docs/benchmarks.md (`npm run bench:vector`): use-lite's
// model load time and throughput on tool-like texts (when its optional packages are installed),
// and the exact cosine index's query time at catalog sizes up to 10,000 tools x 512 dimensions.
import { CosineIndex } from '../src/search/vector/cosine-index.js';
import { UseLiteProvider } from '../src/search/vector/use-lite.js';
import { seededRandom } from './seeded-random.js';

const SIZES = [1000, 5000, 10000];
const DIMENSIONS = 512;
const QUERIES = 200;

const percentile = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

async function useLite(): Promise<void> {
  const provider = new UseLiteProvider();
  try {
    await provider.ready();
  } catch (error) {
    console.log(`use-lite: not available (${(error as Error).message})`);
    return;
  }
  const verbs = ['read', 'write', 'delete', 'list', 'create', 'update', 'search', 'move'];
  const nouns = ['file', 'directory', 'issue', 'pull request', 'entity', 'relation', 'pod', 'order'];
  const texts = Array.from(
    { length: 512 },
    (_, i) =>
      `${verbs[i % 8]} ${nouns[(i >> 3) % 8]} ${i}: ${verbs[i % 8]} the ${nouns[(i >> 3) % 8]} given by its id. parameters: id, owner, limit. keywords: ${nouns[(i >> 1) % 8]}`,
  );
  await provider.embed(texts.slice(0, 8));
  const started = performance.now();
  await provider.embed(texts);
  const batch = performance.now() - started;
  const single: number[] = [];
  for (const text of texts.slice(0, 50)) {
    const t = performance.now();
    await provider.embed([`how do I ${text.slice(0, 30)}`]);
    single.push(performance.now() - t);
  }
  console.log(
    `use-lite: model load ${provider.loadMs?.toFixed(0)} ms; ${texts.length} tool texts in ${batch.toFixed(0)} ms (${((texts.length / batch) * 1000).toFixed(0)} texts/s); one request p50 ${percentile(single, 0.5).toFixed(1)} ms`,
  );
}

function cosine(): void {
  const next = seededRandom(42);
  for (const size of SIZES) {
    const rows = Array.from({ length: size }, () => Float32Array.from({ length: DIMENSIONS }, next));
    const t0 = performance.now();
    const index = new CosineIndex(rows, DIMENSIONS);
    const build = performance.now() - t0;
    const times: number[] = [];
    for (let q = 0; q < QUERIES; q++) {
      const query = Float32Array.from({ length: DIMENSIONS }, next);
      const t = performance.now();
      index.search(query, 100);
      times.push(performance.now() - t);
    }
    console.log(
      `cosine ${size} x ${DIMENSIONS}: build ${build.toFixed(0)} ms, top-100 query p50 ${percentile(times, 0.5).toFixed(2)} ms, p95 ${percentile(times, 0.95).toFixed(2)} ms`,
    );
  }
}

await useLite();
cosine();
