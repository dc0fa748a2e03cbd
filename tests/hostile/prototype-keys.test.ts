// Keys from input never reach Object.prototype: every own property name of Object.prototype (and
// __proto__, prototype) used as a tool name, a description word, a parameter name, a front-matter
// key, a query word, a source id and a file name — generate, load, query, search and bench all work.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBench } from '../../src/bench/runner.js';
import { generateTools } from '../../src/generate/generate-tools.js';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import { ToolIndex } from '../../src/search/tool-index.js';
import { tempDir } from '../helpers/temp-dir.js';

const NAMES = [...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__', 'prototype'])].sort();

/** A tools/list whose every name, description word and parameter name is a prototype key. */
function toolList(): string {
  const tools = NAMES.map((name) => ({
    name,
    description: `Runs ${name} on the ${name} of a ${NAMES.join(' ')} record.`,
    inputSchema: { type: 'object', properties: Object.fromEntries([[name, { type: 'string', description: `the ${name}` }]]), required: [name] },
  }));
  // JSON.stringify keeps an own "__proto__" key made by Object.fromEntries.
  return JSON.stringify({ tools });
}

function expectCleanPrototype(): void {
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(typeof ({} as { toString: unknown }).toString).toBe('function');
}

describe('keys from input never reach Object.prototype', () => {
  it.each(['constructor', '__proto__', 'hasOwnProperty', 'toString'])(
    'source id %s: generate, load, query, search and bench work',
    async (sourceId) => {
      const dir = await tempDir({ 'tools.json': toolList() });
      const out = join(dir, 'graphs', 'tools');
      const reports = await generateTools([{ id: sourceId, kind: 'mcp-tools', file: 'tools.json' }], { outDir: out, cwd: dir });
      expect(reports.map((r) => [r.source, r.ok, r.tools])).toEqual([[sourceId, true, NAMES.length]]);
      expect(reports[0]!.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);

      // A hand-written document whose front matter uses every prototype key, and whose file name is one.
      const keys = NAMES.map((k) => `${JSON.stringify(k)}: x`).join('\n');
      await writeFile(
        join(dir, 'graphs', 'constructor.md'),
        `---\nid: concept:valueOf\ntype: Concept\ntitle: toString\n${keys}\n---\n# hasOwnProperty\nSee [[__proto__]] and [[constructor]].\n`,
      );
      await writeFile(join(dir, 'graphs', '__proto__.md'), '---\nid: concept:__proto__\ntype: Concept\ntitle: __proto__\n---\n# __proto__\n');

      const kg = await loadGraph(join(dir, 'graphs'), { cache: false });
      const errors = kg.diagnostics.filter((d) => d.severity === 'error');
      // Every prototype key is an unmapped front-matter key, reported like any other.
      expect(errors.every((d) => d.code === 'MDKG_JSONLD_DROPPED_TERM' && d.file === 'constructor.md')).toBe(true);
      expect(NAMES.filter((k) => !errors.some((d) => d.message.includes(`'${k}'`)))).toEqual([]);
      expect(
        kg
          .documents()
          .map((d) => d.path)
          .filter((p) => !p.startsWith('tools/')),
      ).toEqual(['__proto__.md', 'constructor.md']);

      const rows = await kg.query(`SELECT ?n WHERE { ?t a mdkg:Tool ; mdkg:source ${JSON.stringify(sourceId)} ; mdkg:name ?n } ORDER BY ?n`);
      expect(rows.kind === 'bindings' ? rows.rows.map((r) => r.n?.value) : []).toEqual([...NAMES].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

      const index = ToolIndex.build(kg);
      for (const name of NAMES) {
        const found = await index.search(`${name} the ${name}`, { limit: 5 });
        expect(
          found.hits.map((h) => h.id),
          name,
        ).toContain(`tool:${encodeURIComponent(sourceId) === sourceId ? sourceId : sourceId}/${name}`);
      }

      const dataset = join(dir, 'ds');
      await tempWrite(dataset, sourceId);
      const report = await runBench([dataset], { strategies: ['bm25'], makeSearcher: (g) => ToolIndex.build(g), warmup: false });
      const run = report.datasets[0]!;
      expect([run.status, run.diagnostics]).toEqual(['ok', []]);
      expect(run.runs[0]!.queries.length).toBe(NAMES.length);
      expect(run.runs[0]!.metrics.hit1).toBeGreaterThan(0.5);
      expectCleanPrototype();
    },
    60_000,
  );
});

async function tempWrite(dir: string, sourceId: string): Promise<void> {
  const { mkdir } = await import('node:fs/promises');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'tools.json'), toolList());
  await writeFile(
    join(dir, 'dataset.json'),
    JSON.stringify({
      name: 'proto',
      split: 'dev',
      license: 'MIT',
      origin: 'test',
      catalog: [{ type: 'mcp-tools', path: 'tools.json', source: sourceId }],
      queries: 'queries.jsonl',
    }),
  );
  await writeFile(
    join(dir, 'queries.jsonl'),
    `${NAMES.map((n, i) => JSON.stringify({ id: n === '__proto__' ? `q${i}` : n, query: `${n} the ${n}`, expected: [n], match: 'all', lang: 'en' })).join('\n')}\n`,
  );
}
