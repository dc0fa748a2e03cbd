// mdkg plan on a graph generated from the OpenAPI petstore spec of the shared datasets (read in
// place; skipped when absent): --json, the table, --target, errors; and mdkg search --prerequisites.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, runCli } from '../helpers/cli.js';
import { GTC_BENCHMARKS, GTC_PRESENT } from '../helpers/shared-datasets.js';

let dir: string;

describe.skipIf(!GTC_PRESENT)('mdkg plan', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mdkg-plan-'));
    const made = await runCli(
      ['generate', 'tools', join(GTC_BENCHMARKS, 'specs/petstore3.json'), '--source-id', 'petstore', '--out', join(dir, 'graphs/tools')],
      dir,
    );
    expect(made.code).toBe(0);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const graphs = (): string[] => ['--graphs', join(dir, 'graphs'), '--no-cache'];

  it('--json: targets per clause, steps in order, a request value, a binding with its evidence', async () => {
    const out = await runCli(['plan', '--json', 'find available pets, then upload an image for it', ...graphs()], dir);
    expect([out.code, out.stderr]).toEqual([0, '']);
    const plan = JSON.parse(out.stdout);
    expect(plan.targets.map((t: { tool: string }) => t.tool)).toEqual(['tool:petstore/findPetsByStatus', 'tool:petstore/uploadFile']);
    expect(plan.steps).toEqual([
      { id: 's1', tool: 'tool:petstore/findPetsByStatus', role: 'target', arguments: { status: 'available' }, dependsOn: [] },
      { id: 's2', tool: 'tool:petstore/uploadFile', role: 'target', arguments: {}, dependsOn: ['s1'] },
    ]);
    expect(plan.bindings[1]).toEqual({
      from: 's1',
      field: 'response[].id',
      to: 's2',
      parameter: 'path.petId',
      rule: 'field-match',
      score: 0.75,
      evidence: 'findPetsByStatus produces response[].id (integer) that uploadFile consumes as path.petId (integer) (pet id)',
    });
    expect(Object.keys(plan)).toEqual(['request', 'targets', 'steps', 'bindings', 'missing', 'optional', 'closure', 'diagnostics']);
  });

  it('the table for people: a number in the request fills the id, no prerequisite', async () => {
    const out = await runCli(['plan', 'upload an image of pet 42', ...graphs()], dir);
    expect(out.code).toBe(0);
    expect(out.stdout.split('\n').slice(0, 5)).toEqual([
      "target tool:petstore/uploadFile (confidence 0.86) for 'upload an image of pet 42'",
      '',
      'step  tool                      role    after  known arguments',
      '----  ------------------------  ------  -----  ---------------',
      's1    tool:petstore/uploadFile  target         petId=42',
    ]);
  });

  it('--target with --max-depth 0: the target alone, its id missing', async () => {
    const out = await runCli(['plan', '--json', '--target', 'petstore/getPetById', '--max-depth', '0', 'show the pet', ...graphs()], dir);
    const plan = JSON.parse(out.stdout);
    expect([plan.steps.map((s: { tool: string }) => s.tool), plan.missing, plan.diagnostics.map((d: { code: string }) => d.code)]).toEqual([
      ['tool:petstore/getPetById'],
      [{ step: 's1', parameter: 'path.petId', reason: 'its producer is below the depth limit (0)' }],
      ['MDKG_PLAN_DEPTH'],
    ]);
  });

  it('--explain: the values known before the calls, the evidence, every candidate producer', async () => {
    const out = await runCli(['plan', '--explain', 'upload an image of the pet', ...graphs()], dir);
    const tail = out.stdout.slice(out.stdout.indexOf('values known before the calls'));
    expect(tail.split('\n')).toEqual([
      'values known before the calls',
      '  s1.query.status = available  (the default of status)',
      '',
      'evidence of the bindings',
      '  s2.path.petId: findPetsByStatus produces response[].id (integer) that uploadFile consumes as path.petId (integer) (pet id)',
      '  candidates for s2.path.petId:',
      '    * tool:petstore/findPetsByStatus field-match 0.75',
      '      tool:petstore/findPetsByTags field-match 0.75',
      '      tool:petstore/addPet field-match 0.75',
      '      tool:petstore/getOrderById field-match 0.6',
      '',
    ]);
  });

  it('--known gives a value by parameter name: no prerequisite (a name such as __proto__ is a plain key)', async () => {
    const out = await runCli(['plan', '--json', '--known', 'petId=7', '--known', '__proto__=x', 'upload an image of the pet', ...graphs()], dir);
    const plan = JSON.parse(out.stdout);
    expect([plan.steps, plan.bindings.map((b: { rule: string }) => b.rule)]).toEqual([
      [{ id: 's1', tool: 'tool:petstore/uploadFile', role: 'target', arguments: { petId: 7 }, dependsOn: [] }],
      ['known-value'],
    ]);
  });

  it.each<[string, string[], number, string]>([
    ['an unknown target fails with its code', ['plan', 'x', '--target', 'petstore/nope'], 1, 'MDKG_PLAN_UNKNOWN_TARGET'],
    ['a bad --max-depth is a usage error', ['plan', 'x', '--max-depth', 'deep'], 2, 'MDKG_USAGE'],
    ['no request is a usage error', ['plan', ''], 2, 'MDKG_USAGE'],
    ['--known without = is a usage error', ['plan', 'x', '--known', 'petId'], 2, 'MDKG_USAGE'],
  ])('%s', async (_, argv, code, error) => {
    const out = await runCli([...argv, ...graphs()], dir);
    expect([out.code, out.stderr.includes(error)]).toEqual([code, true]);
  });

  it('mdkg search --prerequisites puts the lookup a hit needs right after it', async () => {
    const out = await runCli(['search', '--json', '--prerequisites', '--limit', '1', 'upload an image for the pet', ...graphs()], dir);
    const hits = JSON.parse(out.stdout).hits as Array<{ id: string; prerequisiteOf?: string }>;
    expect(hits.map((h) => [h.id, h.prerequisiteOf])).toEqual([
      ['tool:petstore/uploadFile', undefined],
      ['tool:petstore/findPetsByStatus', 'tool:petstore/uploadFile'],
    ]);
  });
});

// The same command on a graph generated from the repository's own LedgerDesk spec (declared
// dependencies: links and x-mdkg-requires), so it runs wherever the suite runs.
describe('mdkg plan on declared dependencies', () => {
  let ledger: string;
  beforeAll(async () => {
    ledger = await mkdtemp(join(tmpdir(), 'mdkg-plan-ledger-'));
    const spec = join(REPO, 'benchmarks', 'datasets', 'closure-catalog', 'ledgerdesk.openapi.json');
    const made = await runCli(['generate', 'tools', spec, '--source-id', 'ledgerdesk', '--out', join(ledger, 'graphs/tools')], ledger);
    expect(made.code).toBe(0);
  });
  afterAll(async () => {
    await rm(ledger, { recursive: true, force: true });
  });

  it('--json: an id in the request fills its parameter, a declared producer chains before the target with its binding', async () => {
    const out = await runCli(['plan', '--json', 'assign the ticket tkt_4242 to an agent', '--graphs', join(ledger, 'graphs'), '--no-cache'], ledger);
    expect([out.code, out.stderr]).toEqual([0, '']);
    const plan = JSON.parse(out.stdout);
    expect(plan.targets.map((t: { tool: string }) => t.tool)).toEqual(['tool:ledgerdesk/assignTicket']);
    expect(plan.steps).toEqual([
      { id: 's1', tool: 'tool:ledgerdesk/listAgents', role: 'prerequisite', arguments: {}, dependsOn: [] },
      { id: 's2', tool: 'tool:ledgerdesk/assignTicket', role: 'target', arguments: { ticketId: 'tkt_4242' }, dependsOn: ['s1'] },
    ]);
    expect(plan.bindings.map((b: { rule: string; parameter: string }) => [b.rule, b.parameter])).toEqual([
      ['request-value', 'path.ticketId'],
      ['declared:x-mdkg-requires', 'body.agentId'],
    ]);
    expect(plan.missing).toEqual([]);
  });
});
