import { describe, expect, it } from 'vitest';
import { generateTools, type ToolSource } from '../../src/generate/generate-tools.js';
import { loadGraph } from '../../src/graph/knowledge-graph.js';
import { GTC_BENCHMARKS, GTC_PRESENT } from '../helpers/shared-datasets.js';
import { tempDir } from '../helpers/temp-dir.js';

const BENCH = GTC_BENCHMARKS;
const present = GTC_PRESENT;

const sources: ToolSource[] = [
  { id: 'petstore', kind: 'openapi', file: 'specs/petstore3.json' },
  { id: 'github', kind: 'openapi', file: 'specs/github_subset.json' },
  { id: 'ecommerce', kind: 'openapi', file: 'specs/ecommerce.json' },
  { id: 'k8s', kind: 'openapi', file: 'specs/k8s_core_v1.json' },
  ...['docker', 'filesystem', 'git', 'github-mcp', 'playwright', 'shell'].map(
    (id): ToolSource => ({ id, kind: 'mcp-tools', file: `mcp_tools/${id === 'github-mcp' ? 'github' : id}.json` }),
  ),
];

describe.skipIf(!present)(`shared datasets (read in place from ${BENCH})`, () => {
  it('generate, load with no errors, and carry annotations: explicit kept, the rest inferred and marked', async () => {
    const out = await tempDir();
    const reports = await generateTools(sources, { outDir: out, cwd: BENCH });
    expect(reports.map((r) => [r.source, r.ok, r.tools])).toEqual([
      ['petstore', true, 19],
      ['github', true, 58],
      ['ecommerce', true, 46],
      ['k8s', true, 248],
      ['docker', true, 13],
      ['filesystem', true, 11],
      ['git', true, 15],
      ['github-mcp', true, 27],
      ['playwright', true, 22],
      ['shell', true, 12],
    ]);
    const kg = await loadGraph(out, { cache: false });
    expect(kg.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const count = async (sparql: string): Promise<number> => {
      const r = await kg.query(sparql);
      return r.kind === 'bindings' ? Number(r.rows[0]?.n?.value) : -1;
    };
    // every k8s GET is read-only by the HTTP method rule; every DELETE destructive
    expect(
      await count(
        'SELECT (COUNT(*) AS ?n) WHERE { ?t mdkg:source "k8s" ; mdkg:httpMethod "GET" ; mdkg:readOnlyHint true ; mdkg:hintOrigin "readOnlyHint inferred http-method:GET" }',
      ),
    ).toBe(108);
    expect(await count('SELECT (COUNT(*) AS ?n) WHERE { ?t mdkg:source "k8s" ; mdkg:httpMethod "DELETE" ; mdkg:destructiveHint true }')).toBe(35);
    // explicit MCP annotations stay explicit
    expect(
      await count('SELECT (COUNT(*) AS ?n) WHERE { ?t mdkg:source "filesystem" ; mdkg:hintOrigin ?o . FILTER(CONTAINS(?o, " explicit")) }'),
    ).toBeGreaterThan(0);
    // dependency edges carry confidence, score and evidence (format 2: one note per edge, `relation target confidence score rule: evidence`)
    expect(
      await count(
        'SELECT (COUNT(*) AS ?n) WHERE { ?t mdkg:edgeNote ?e . FILTER(REGEX(?e, "^\\\\S+ \\\\S+ (inferred|ambiguous|extracted) [0-9.]+ \\\\S*: .")) }',
      ),
    ).toBeGreaterThan(100);
  }, 60_000);
});
