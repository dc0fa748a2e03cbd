// Confidence never increases down a result list: a property over random requests, on the bundled
// catalog and on random catalogs, with random limits (fixed seed: tests/helpers/fast-check-seed.ts).
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTools } from '../../../src/generate/generate-tools.js';
import { KnowledgeGraph } from '../../../src/graph/knowledge-graph.js';
import { capConfidence } from '../../../src/search/result/confidence-order.js';
import { ToolIndex } from '../../../src/search/tool-index.js';
import type { SearchHit } from '../../../src/search/types.js';
import { REPO } from '../../helpers/cli.js';
import { tempDir } from '../../helpers/temp-dir.js';

const VERBS = ['get', 'list', 'create', 'delete', 'update', 'find', 'read', 'write', 'send', 'move', 'search', 'show', 'remove', 'add'];
const NOUNS = ['file', 'user', 'order', 'invoice', 'note', 'folder', 'message', 'record', 'image', 'weather', 'memory', 'entity', 'report', 'tag'];
const OTHER = ['my', 'the', 'all', 'new', 'old', 'what', 'which', 'changed', 'in', 'from', 'yesterday', 'Seoul', 'quickly', 'xq'];
const word = fc.constantFrom(...VERBS, ...NOUNS, ...OTHER);
const request = fc.array(word, { minLength: 1, maxLength: 7 }).map((w) => w.join(' '));

const monotone = (hits: readonly SearchHit[]): boolean => hits.every((h, i) => i === 0 || h.confidence <= hits[i - 1]!.confidence);

let bundled: ToolIndex;
beforeAll(async () => {
  bundled = ToolIndex.build(await KnowledgeGraph.load(join(REPO, 'graphs/tools'), { cache: false }));
});
afterAll(() => undefined);

describe('confidence down a result list', () => {
  it('capConfidence: a running minimum; a capped hit keeps its calibrated value under explain', () => {
    const hit = (confidence: number, explain = false): SearchHit =>
      ({ id: `t${confidence}`, confidence, ...(explain ? { features: { confidence: { fused: 1 } } } : {}) }) as unknown as SearchHit;
    const capped = capConfidence([hit(0.058), hit(0.079, true), hit(0.03), hit(0.05)]);
    expect(capped.map((h) => h.confidence)).toEqual([0.058, 0.058, 0.03, 0.03]);
    expect(capped[1]?.features).toEqual({ confidence: { fused: 1 }, calibrated: 0.079 });
  });

  it('never increases on the bundled catalog, whatever the request and the limit', async () => {
    await fc.assert(
      fc.asyncProperty(request, fc.integer({ min: 1, max: 20 }), async (text, limit) => {
        const full = (await bundled.search(text, { limit: 20 })).hits;
        const cut = (await bundled.search(text, { limit })).hits;
        expect(monotone(full)).toBe(true);
        // The cap is a prefix property: a shorter list has the same confidences.
        expect(cut.map((h) => [h.id, h.confidence])).toEqual(full.slice(0, limit).map((h) => [h.id, h.confidence]));
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it('never increases on random catalogs', async () => {
    const tool = fc.record({
      verb: fc.constantFrom(...VERBS),
      noun: fc.constantFrom(...NOUNS),
      extra: fc.array(fc.constantFrom(...NOUNS, ...OTHER), { maxLength: 6 }),
      readOnly: fc.option(fc.boolean(), { nil: undefined }),
    });
    const catalogs = fc.sample(fc.uniqueArray(tool, { minLength: 2, maxLength: 25, selector: (t) => `${t.verb}_${t.noun}` }), 4);
    for (const [c, tools] of catalogs.entries()) {
      const dir = await tempDir({
        'tools.json': JSON.stringify({
          tools: tools.map((t) => ({
            name: `${t.verb}_${t.noun}`,
            description: `${t.verb} a ${t.noun} ${t.extra.join(' ')}`,
            inputSchema: { type: 'object', properties: { [t.noun]: { type: 'string' } } },
            ...(t.readOnly === undefined ? {} : { annotations: { readOnlyHint: t.readOnly } }),
          })),
        }),
      });
      const [report] = await generateTools([{ id: `random${c}`, kind: 'mcp-tools', file: 'tools.json' }], { outDir: join(dir, 'out'), cwd: dir });
      expect(report?.ok).toBe(true);
      const index = ToolIndex.build(await KnowledgeGraph.load(join(dir, 'out'), { cache: false }));
      await fc.assert(
        fc.asyncProperty(request, async (text) => {
          const { hits } = await index.search(text, { limit: 10, explain: true });
          expect(monotone(hits)).toBe(true);
          for (const h of hits) expect(h.confidence >= 0 && h.confidence <= 1).toBe(true);
        }),
        { numRuns: 25 },
      );
    }
  }, 60_000);
});
