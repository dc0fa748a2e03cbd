// Work stays linear in document size for every construct: the time at 4n is compared with the
// time at n. Generous bounds (a quadratic construct gives 16x, a linear one 4x) keep it stable on a
// busy machine; the absolute bound says "does not hang".
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/markdown-ld/parse.js';
import { documentToQuads } from '../../src/rdf/to-quads.js';

const fm = (body: string): string => `---\nid: concept:a\ntype: Concept\n${body}\n---\n# a\n`;
const times = (n: number, f: (i: number) => string, sep: string): string => Array.from({ length: n }, (_, i) => f(i)).join(sep);

const CONSTRUCTS: ReadonlyArray<[string, (n: number) => string]> = [
  ['unmapped front-matter keys', (n) => fm(times(n, (i) => `k${i}: v`, '\n'))],
  ['a long list', (n) => fm(`keywords:\n${times(n, (i) => `  - w${i}`, '\n')}`)],
  ['mapped keys with prefixes', (n) => fm(times(n, (i) => `schema:about${i}: p${i}:x`, '\n'))],
  ['wiki links in one paragraph', (n) => `${fm('')}${times(n, (i) => `[[l${i}]]`, ' ')}`],
  ['brackets in one paragraph', (n) => `${fm('')}${times(n, (i) => `[l${i}]`, ' ')} [[z]]`],
  ['emphasis markers', (n) => `${fm('')}[[x]]\n${times(n, (i) => `*a${i}`, ' ')}`],
  ['jsonld blocks', (n) => fm('') + times(n / 8, (i) => `\n\`\`\`jsonld\n{"id":"concept:a","schema:name":"n${i}"}\n\`\`\`\n`, '')],
  ['nested flow lists', (n) => fm(`schema:about: ${'['.repeat(n / 4)}${']'.repeat(n / 4)}`)],
  ['nested JSON in a block', (n) => `${fm('')}\n\`\`\`jsonld\n{"id":"concept:a","schema:about":${'['.repeat(n / 4)}${']'.repeat(n / 4)}}\n\`\`\`\n`],
  ['one long line', (n) => fm(`summary: ${'word '.repeat(n * 2)}`)],
];

async function cost(text: string): Promise<number> {
  const started = performance.now();
  const doc = parseDocument(text, 'a.md', { maxBytes: 4 << 20 });
  await documentToQuads(doc);
  return performance.now() - started;
}

describe('load work is linear in document size', () => {
  it.each(CONSTRUCTS)(
    '%s',
    async (_, make) => {
      const n = 4000;
      await cost(make(n)); // warm up the parsers
      const small = Math.min(await cost(make(n)), await cost(make(n)));
      const large = await cost(make(4 * n));
      expect(large, `4x the size took ${large.toFixed(0)} ms against ${small.toFixed(0)} ms`).toBeLessThan(Math.max(12 * small, 250));
      expect(large).toBeLessThan(5000);
    },
    30_000,
  );
});
