// Work stays linear in input size: the timing checks that used to sit in unit tests, run as a
// benchmark (`npm run bench:linear`). For each hostile construct the time at 4n is compared with
// the time at n (a linear construct takes about 4x, a quadratic one 16x); exit 1 when any ratio
// is over 12x (with a 250 ms floor, so tiny times do not count) or any absolute time over 5 s.
// The unit tests keep checking that the same inputs give the right answer.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ignoreMatcher } from '../src/graph/scan.js';
import { readMcpToolList } from '../src/ingest/mcp/index.js';
import { readOpenApi } from '../src/ingest/openapi/index.js';
import { parseDocument } from '../src/markdown-ld/parse.js';
import { documentToQuads } from '../src/rdf/to-quads.js';
import { terms } from '../src/search/text/tokenize.js';

const fm = (body: string): string => `---\nid: concept:a\ntype: Concept\n${body}\n---\n# a\n`;
const times = (n: number, f: (i: number) => string, sep: string): string => Array.from({ length: n }, (_, i) => f(i)).join(sep);

/** Builders of an input of size about n, and the work to time on it. */
const CASES: ReadonlyArray<[string, (n: number) => unknown, (input: never) => unknown]> = [
  ...(
    [
      ['document: unmapped front-matter keys', (n: number) => fm(times(n, (i) => `k${i}: v`, '\n'))],
      ['document: a long list', (n: number) => fm(`keywords:\n${times(n, (i) => `  - w${i}`, '\n')}`)],
      ['document: mapped keys with prefixes', (n: number) => fm(times(n, (i) => `schema:about${i}: p${i}:x`, '\n'))],
      ['document: wiki links in one paragraph', (n: number) => `${fm('')}${times(n, (i) => `[[l${i}]]`, ' ')}`],
      ['document: brackets in one paragraph', (n: number) => `${fm('')}${times(n, (i) => `[l${i}]`, ' ')} [[z]]`],
      ['document: emphasis markers', (n: number) => `${fm('')}[[x]]\n${times(n, (i) => `*a${i}`, ' ')}`],
      ['document: jsonld blocks', (n: number) => fm('') + times(n / 8, (i) => `\n\`\`\`jsonld\n{"id":"concept:a","schema:name":"n${i}"}\n\`\`\`\n`, '')],
      ['document: nested flow lists', (n: number) => fm(`schema:about: ${'['.repeat(n / 4)}${']'.repeat(n / 4)}`)],
      [
        'document: nested JSON in a block',
        (n: number) => `${fm('')}\n\`\`\`jsonld\n{"id":"concept:a","schema:about":${'['.repeat(n / 4)}${']'.repeat(n / 4)}}\n\`\`\`\n`,
      ],
      ['document: one long line', (n: number) => fm(`summary: ${'word '.repeat(n * 2)}`)],
    ] as const
  ).map(([name, make]): [string, (n: number) => unknown, (input: never) => unknown] => [
    name,
    make,
    async (text: string) => documentToQuads(parseDocument(text, 'a.md', { maxBytes: 4 << 20 })),
  ]),
  ...['a', '.', 'a.', 'aA', '7', '1.', '/a', 'a@', 'a-1', 'ab::', 'http://a', '漢', '\ud800'].map(
    (unit): [string, (n: number) => unknown, (input: never) => unknown] => [
      `tokenizer: ${JSON.stringify(unit)} repeated`,
      (n) => unit.repeat(n * 16),
      (text: string) => terms(text),
    ],
  ),
  ...['*a*a*a*a*a*a*a*a*a*a*a*a*b', '**/**/**/**/**/**/**/**/**/**/x', '?*?*?*?*?*?*?*?*?*?*?*?*b'].map(
    (pattern): [string, (n: number) => unknown, (input: never) => unknown] => [
      `.mdkgignore pattern ${pattern}`,
      (n) => Array.from({ length: n / 40 }, (_, i) => `${'a'.repeat(200)}${i}`),
      (names: string[]) => {
        const ignored = ignoreMatcher([pattern]);
        for (const name of names) ignored(name, false);
      },
    ],
  ),
  [
    'MCP tool list: tools',
    (n) =>
      JSON.stringify({ tools: Array.from({ length: n / 4 }, (_, i) => ({ name: `tool_${i}`, description: `Tool ${i}`, inputSchema: { type: 'object' } })) }),
    (text: string) => readMcpToolList(text, { source: 'demo', file: 'tools.json' }),
  ],
];

async function cost(work: (input: never) => unknown, input: unknown): Promise<number> {
  const started = performance.now();
  await work(input as never);
  return performance.now() - started;
}

const N = 4000;
let failed = 0;
console.log('| input | n | 4n | ratio |');
console.log('|---|---|---|---|');
for (const [name, make, work] of CASES) {
  const small = make(N);
  const large = make(4 * N);
  await cost(work, small); // warm up
  const a = Math.min(await cost(work, small), await cost(work, small));
  const b = await cost(work, large);
  const bad = b > Math.max(12 * a, 250) || b > 5000;
  if (bad) failed += 1;
  console.log(`| ${name} | ${a.toFixed(1)} ms | ${b.toFixed(1)} ms | ${(b / Math.max(a, 0.01)).toFixed(1)}x${bad ? ' (superlinear)' : ''} |`);
}

const k8s = join(
  process.env.MDKG_GTC_DIR ?? join(import.meta.dirname, '..', '..', 'shared', 'datasets', 'graph-tool-call', 'benchmarks'),
  'specs',
  'k8s_core_v1.json',
);
try {
  const text = readFileSync(k8s, 'utf8');
  const runs: number[] = [];
  for (let i = 0; i < 3; i += 1) runs.push(await cost((t: string) => readOpenApi(t, { source: 'k8s' }), text));
  console.log(`\nreadOpenApi on kubernetes core v1 (248 operations): best of 3 ${Math.min(...runs).toFixed(0)} ms`);
} catch {
  console.log('\n(kubernetes core v1 spec not found: skipped)');
}
if (failed > 0) {
  console.error(`${failed} input(s) grew faster than linear`);
  process.exitCode = 1;
}
