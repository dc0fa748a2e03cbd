import { performance } from 'node:perf_hooks';
import { generateTools } from '../benchmarks/synthetic-tools.ts';
import { splitFrontMatter } from '../src/markdown-ld/parse.ts';
const which = process.argv[2] ?? 'after';
const mod = which === 'before' ? await import('./front-matter-before.ts') : await import('../src/markdown-ld/front-matter.ts');
const texts = generateTools(10000).map((t) => splitFrontMatter(t.text).yaml as string);
const times: number[] = [];
let sink = 0;
for (let round = 0; round < 8; round++) {
  const t0 = performance.now();
  for (const text of texts) { const r = mod.parseFrontMatter(text, 'x.md', 2); if (r.value) sink += 1; }
  times.push(performance.now() - t0);
}
const sorted = [...times.slice(1)].sort((a, b) => a - b);
console.log(JSON.stringify({ which, docs: texts.length, avgFmBytes: Math.round(texts.reduce((s, t) => s + t.length, 0) / texts.length), firstPassMs: +times[0]!.toFixed(1), firstPassPerDocMs: +(times[0]! / texts.length).toFixed(4), warmMedianMs: +sorted[Math.floor(sorted.length / 2)]!.toFixed(1), warmPerDocMs: +(sorted[Math.floor(sorted.length / 2)]! / texts.length).toFixed(4), sink }));
