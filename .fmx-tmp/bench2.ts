import { performance } from 'node:perf_hooks';
import { load, CORE_SCHEMA, JSON_SCHEMA } from 'js-yaml';
import { parseDocument } from 'yaml';
import { generateTools } from '../benchmarks/synthetic-tools.ts';
import { splitFrontMatter } from '../src/markdown-ld/parse.ts';
import { parseFrontMatterFast } from '../src/markdown-ld/front-matter.ts';
const texts = generateTools(10000).map((t) => splitFrontMatter(t.text).yaml as string);
function time(name: string, f: (t: string) => unknown) { const ts: number[] = []; for (let r = 0; r < 6; r++) { const t0 = performance.now(); for (const t of texts) f(t); ts.push(performance.now() - t0); } ts.sort((a, b) => a - b); console.log(name.padEnd(30), 'median ms/10k', ts[3]!.toFixed(1), 'min', ts[0]!.toFixed(1)); }
time('js-yaml load core', (t) => load(t, { schema: CORE_SCHEMA, json: false }));
time('js-yaml load json schema', (t) => load(t, { schema: JSON_SCHEMA }));
time('yaml parseDocument+toJS', (t) => parseDocument(t, { schema: 'core', uniqueKeys: true, strict: true, prettyErrors: false }).toJS());
time('parseFrontMatterFast', (t) => parseFrontMatterFast(t));
time('JSON.parse baseline', (t) => JSON.parse(JSON.stringify(t)));
console.log(texts[0]);
