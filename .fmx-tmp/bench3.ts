import { performance } from 'node:perf_hooks';
import { load, CORE_SCHEMA } from 'js-yaml';
import { parseDocument } from 'yaml';
import { generateTools } from '../benchmarks/synthetic-tools.ts';
import { splitFrontMatter } from '../src/markdown-ld/parse.ts';
import * as after from '../src/markdown-ld/front-matter.ts';
import * as before from './front-matter-before.ts';
const texts = generateTools(10000).map((t) => splitFrontMatter(t.text).yaml as string);
const fns: Record<string, (t: string) => unknown> = {
  jsyaml: (t) => load(t, { schema: CORE_SCHEMA, json: false }),
  yaml: (t) => parseDocument(t, { schema: 'core', uniqueKeys: true, strict: true, prettyErrors: false }).toJS(),
  before: (t) => before.parseFrontMatter(t, 'x', 2),
  after: (t) => after.parseFrontMatter(t, 'x', 2),
  fastOnly: (t) => after.parseFrontMatterFast(t),
};
const f = fns[process.argv[2]!]!;
const ts: number[] = []; for (let r = 0; r < 8; r++) { const t0 = performance.now(); for (const t of texts) f(t); ts.push(performance.now() - t0); }
const first = ts[0]!; const warm = ts.slice(1).sort((a, b) => a - b);
console.log(process.argv[2]!.padEnd(10), 'first pass ms', first.toFixed(0).padStart(5), ' warm median ms', warm[3]!.toFixed(0).padStart(5), ' warm us/doc', (warm[3]! / 10).toFixed(1));
