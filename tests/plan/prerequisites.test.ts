// withPrerequisites: each hit followed by the tools it requires, marked prerequisiteOf; a ranked
// prerequisite moves up instead of appearing twice; a value in the request means no prerequisite.
import { beforeAll, describe, expect, it } from 'vitest';
import { withPrerequisites } from '../../src/plan/prerequisites.js';
import type { PlanSource } from '../../src/plan/types.js';
import { BILLING, planFixture } from '../helpers/plan-graph.js';

let source: PlanSource;
beforeAll(async () => {
  source = await planFixture('bill', BILLING);
});

const rows = async (request: string, limit: number): Promise<string[]> => {
  const result = withPrerequisites(source, await source.index.search(request, { limit }));
  return result.hits.map(
    (h) => `${h.id.replace('tool:bill/', '')}${h.prerequisiteOf === undefined ? '' : ` <- ${h.prerequisiteOf.replace('tool:bill/', '')}`}`,
  );
};

describe('withPrerequisites', () => {
  it('puts the producers a hit requires right after it, nearest first', async () => {
    expect(await rows('send the invoice', 1)).toEqual(['send_invoice', 'create_invoice <- send_invoice', 'find_customer <- send_invoice']);
  });

  it('a value in the request needs no producer', async () => {
    expect(await rows('send invoice INV-7', 1)).toEqual(['send_invoice']);
  });

  it('moves a ranked prerequisite up and does not repeat a tool', async () => {
    const hits = await rows('send the invoice', 4);
    expect(hits.slice(0, 3)).toEqual(['send_invoice', 'create_invoice <- send_invoice', 'find_customer <- send_invoice']);
    expect(new Set(hits).size).toBe(hits.length);
    expect(hits.filter((h) => h.startsWith('create_invoice')).length).toBe(1);
  });

  it('gives a prerequisite the confidence of its hit times the edge scores', async () => {
    const base = await source.index.search('send the invoice', { limit: 1 });
    const out = withPrerequisites(source, base);
    const conf = base.hits[0]!.confidence;
    expect(out.hits.slice(1).map((h) => h.confidence)).toEqual([Math.round(conf * 0.8 * 1e4) / 1e4, Math.round(conf * 0.8 * 0.75 * 1e4) / 1e4]);
  });
});
