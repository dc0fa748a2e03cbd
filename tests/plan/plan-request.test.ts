// planRequest on a small billing graph: a value in the request means no producer, a missing value
// chains a producer, known values, an unknown target, a cycle, the depth limit, defaults and enums,
// deterministic order, and the shape of bindings.
import { beforeAll, describe, expect, it } from 'vitest';
import { planRequest } from '../../src/plan/plan-request.js';
import type { Plan, PlanOptions, PlanSource } from '../../src/plan/types.js';
import { BILLING, planFixture } from '../helpers/plan-graph.js';

let source: PlanSource;
beforeAll(async () => {
  source = await planFixture('bill', BILLING);
});

const short = (id: string): string => id.replace('tool:bill/', '');
/** The plan in a few strings: steps (tool role <- dependsOn), bindings, missing, diagnostic codes. */
function outline(plan: Plan): Record<string, string[]> {
  return {
    steps: plan.steps.map((s) => `${s.id} ${short(s.tool)} ${s.role}${s.dependsOn.length > 0 ? ` <- ${s.dependsOn.join(',')}` : ''}`),
    bindings: plan.bindings.map((b) => `${b.from === undefined ? `'${b.field}'` : `${b.from}.${b.field}`} -> ${b.to}.${b.parameter} (${b.rule})`),
    missing: plan.missing.map((m) => `${m.step}.${m.parameter}`),
    diagnostics: plan.diagnostics.map((d) => d.code),
  };
}

describe('planRequest', () => {
  it.each<[string, string, PlanOptions, Record<string, string[]>]>([
    [
      'a value in the request fills the parameter: no producer',
      'send invoice INV-7',
      { target: 'send_invoice' },
      { steps: ['s1 send_invoice target'], bindings: ["'INV-7' -> s1.invoiceId (request-value)"], missing: [], diagnostics: [] },
    ],
    [
      'a missing value chains producers, the read-only lookup first; values nobody produces are missing',
      'send the invoice to the customer',
      { target: 'bill/send_invoice' },
      {
        steps: ['s1 find_customer prerequisite', 's2 create_invoice prerequisite <- s1', 's3 send_invoice target <- s2'],
        bindings: ['s1.customers[].id -> s2.customerId (field-match)', 's2.id -> s3.invoiceId (field-match)'],
        missing: ['s1.email', 's2.amount'],
        diagnostics: [],
      },
    ],
    [
      'values of the request fill the prerequisites too (an e-mail, a number)',
      'send the invoice of alice@example.com for 40',
      { target: 'tool:bill/send_invoice' },
      {
        steps: ['s1 find_customer prerequisite', 's2 create_invoice prerequisite <- s1', 's3 send_invoice target <- s2'],
        bindings: [
          "'alice@example.com' -> s1.email (request-value)",
          's1.customers[].id -> s2.customerId (field-match)',
          "'40' -> s2.amount (request-value)",
          's2.id -> s3.invoiceId (field-match)',
        ],
        missing: [],
        diagnostics: [],
      },
    ],
    [
      'known values fill parameters by name',
      'send the invoice',
      { target: 'send_invoice', known: { invoice_id: 'INV-9' } },
      { steps: ['s1 send_invoice target'], bindings: ["'invoice_id' -> s1.invoiceId (known-value)"], missing: [], diagnostics: [] },
    ],
    [
      'an allowed value named in the request fills an enum parameter',
      'list the archived customers',
      { target: 'list_customers' },
      { steps: ['s1 list_customers target'], bindings: ["'archived' -> s1.status (request-value)"], missing: [], diagnostics: [] },
    ],
    [
      'a declared binding (mdkg:binding) outranks a detected edge, and declares its edge',
      'void the invoice',
      { target: 'void_invoice' },
      {
        steps: ['s1 list_invoices prerequisite', 's2 void_invoice target <- s1'],
        bindings: ['s1.invoices[].id -> s2.invoiceId (declared:x-mdkg-requires)'],
        missing: [],
        diagnostics: [],
      },
    ],
    [
      'an unknown target: a coded diagnostic, no steps',
      'send the invoice',
      { target: 'bill/no_such_tool' },
      { steps: [], bindings: [], missing: [], diagnostics: ['MDKG_PLAN_UNKNOWN_TARGET'] },
    ],
    [
      'a cycle of requires edges: the producer that closes it is skipped, its parameter missing',
      'lock the door',
      { target: 'lock_door' },
      {
        steps: ['s1 open_safe prerequisite', 's2 lock_door target <- s1'],
        bindings: ['s1.keyId -> s2.keyId (field-match)'],
        missing: ['s1.doorId'],
        diagnostics: ['MDKG_PLAN_CYCLE'],
      },
    ],
    [
      'the depth limit stops the chain; the parameter below it is missing',
      'run the pipeline',
      { target: 'stage_1', maxDepth: 2 },
      {
        steps: ['s1 stage_3 prerequisite', 's2 stage_2 prerequisite <- s1', 's3 stage_1 target <- s2'],
        bindings: ['s1.stage3Token -> s2.stage3Token (field-match)', 's2.stage2Token -> s3.stage2Token (field-match)'],
        missing: ['s1.stage4Token'],
        diagnostics: ['MDKG_PLAN_DEPTH'],
      },
    ],
    [
      'depth 0: the target alone',
      'run the pipeline',
      { target: 'stage_1', maxDepth: 0 },
      { steps: ['s1 stage_1 target'], bindings: [], missing: ['s1.stage2Token'], diagnostics: ['MDKG_PLAN_DEPTH'] },
    ],
    [
      'a bad depth is a warning and the default is used',
      'send invoice INV-7',
      { target: 'send_invoice', maxDepth: -1 },
      { steps: ['s1 send_invoice target'], bindings: ["'INV-7' -> s1.invoiceId (request-value)"], missing: [], diagnostics: ['MDKG_USAGE'] },
    ],
  ])('%s', async (_, request, options, expected) => {
    expect(outline(await planRequest(source, request, options))).toEqual(expected);
  });

  it('finds the targets by search, one per clause, prerequisites shared and in dependency order', async () => {
    const plan = await planRequest(source, 'create an invoice for alice@example.com, then send the invoice');
    expect(plan.targets.map((t) => [t.clause, short(t.tool)])).toEqual([
      ['create an invoice for alice@example.com', 'create_invoice'],
      ['send the invoice', 'send_invoice'],
    ]);
    expect(outline(plan).steps).toEqual(['s1 find_customer prerequisite', 's2 create_invoice target <- s1', 's3 send_invoice target <- s2']);
    expect(plan.closure.map((c) => `${short(c.tool)} ${c.role}`)).toEqual(['create_invoice target', 'find_customer prerequisite', 'send_invoice target']);
  });

  it('gives bindings with every field, and the same plan every time', async () => {
    const first = await planRequest(source, 'send the invoice to the customer', { target: 'send_invoice' });
    expect(first.bindings[1]).toEqual({
      from: 's2',
      field: 'id',
      to: 's3',
      parameter: 'invoiceId',
      rule: 'field-match',
      score: 0.8,
      evidence: 'create_invoice produces id (string) that send_invoice consumes as invoiceId (invoice id)',
    });
    expect(first.optional).toEqual([{ tool: 'tool:bill/get_invoice', relation: 'after', step: 's2', score: 0.6 }]);
    expect(first.closure).toEqual([
      { tool: 'tool:bill/send_invoice', role: 'target', score: 1 },
      { tool: 'tool:bill/create_invoice', role: 'prerequisite', score: 0.8 },
      { tool: 'tool:bill/find_customer', role: 'prerequisite', score: 0.6 },
    ]);
    expect(await planRequest(source, 'send the invoice to the customer', { target: 'send_invoice' })).toEqual(first);
  });

  it('explains the candidates of each parameter in ranked order', async () => {
    const plan = await planRequest(source, 'create an invoice', { target: 'create_invoice', explain: true });
    expect(plan.explanation).toEqual([
      {
        step: 's2',
        parameter: 'customerId',
        candidates: [
          { tool: 'tool:bill/find_customer', rule: 'field-match', score: 0.75, declared: false, chosen: true },
          { tool: 'tool:bill/list_customers', rule: 'field-match', score: 0.7, declared: false, chosen: false },
        ],
      },
    ]);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a list', ['INV-1']],
    ['a string', 'INV-1'],
  ])('known values that are %s are ignored with MDKG_USAGE', async (_, known) => {
    const plan = await planRequest(source, 'send invoice INV-7', { target: 'send_invoice', known: known as Record<string, unknown> });
    expect(outline(plan)).toEqual({
      steps: ['s1 send_invoice target'],
      bindings: ["'INV-7' -> s1.invoiceId (request-value)"],
      missing: [],
      diagnostics: ['MDKG_USAGE'],
    });
  });

  it('a long hostile request is planned, its values capped', async () => {
    const plan = await planRequest(source, `send invoice ${'INV-1 '.repeat(400)}`, { target: 'send_invoice' });
    expect([plan.steps.length, plan.bindings.map((b) => b.field)]).toEqual([1, ['INV-1']]);
  });

  it.each<[string, unknown]>([
    ['an empty request', ''],
    ['only spaces', '   '],
    ['not a string', 42],
  ])('never throws: %s gives MDKG_PLAN_UNKNOWN_TARGET', async (_, request) => {
    const plan = await planRequest(source, request as string);
    expect([plan.steps, plan.diagnostics.map((d) => d.code)]).toEqual([[], ['MDKG_PLAN_UNKNOWN_TARGET']]);
  });
});
