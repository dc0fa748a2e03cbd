import { describe, expect, it } from 'vitest';
import type { ReadContext, WalkStack } from '../../../src/ingest/openapi/context.js';
import { collectFields, FieldList, MAX_FIELD_DEPTH, MAX_VISITS, type FieldRoot } from '../../../src/ingest/openapi/fields.js';
import { RefResolver } from '../../../src/ingest/openapi/refs.js';
import { Reporter } from '../../../src/ingest/openapi/reporter.js';
import { inside, viewSchema } from '../../../src/ingest/openapi/schema-view.js';
import type { FieldRef } from '../../../src/ingest/types.js';
import { jsonResponse, read, spec30, tool } from './helpers.js';

const produces = (schema: unknown, schemas: Record<string, unknown> = {}) => {
  const op = tool(read(spec30({ '/a': { get: { operationId: 'op', responses: jsonResponse(schema) } } }, { schemas })), 'op');
  return { fields: op.openapi?.produces, refs: op.openapi?.schemaRefs };
};
const obj = (properties: Record<string, unknown>) => ({ type: 'object', properties });

describe('readOpenApi: leaf fields (consumes / produces) and schema refs', () => {
  it('follows objects and arrays (nested arrays too), naming leaves by their own name and full path', () => {
    const schema = obj({
      orderId: { type: 'string' },
      lines: { type: 'array', items: obj({ sku: { type: 'string' }, tags: { type: 'array', items: { type: 'array', items: { type: 'integer' } } } }) },
      meta: { type: 'object' },
    });
    expect(produces(schema).fields).toStrictEqual([
      { name: 'orderId', path: 'response.orderId', type: 'string' },
      { name: 'sku', path: 'response.lines[].sku', type: 'string' },
      { name: 'tags', path: 'response.lines[].tags[][]', type: 'integer' },
      { name: 'meta', path: 'response.meta', type: 'object' },
    ]);
  });

  it('names the component schema each field sits in, and a whole-response ref for a primitive root', () => {
    const schemas = {
      Order: obj({ id: { type: 'string' }, customer: { $ref: '#/components/schemas/Customer' }, status: { $ref: '#/components/schemas/Status' } }),
      Customer: obj({ email: { type: 'string' } }),
      Status: { type: 'string', enum: ['open'] },
    };
    expect(produces({ $ref: '#/components/schemas/Order' }, schemas)).toStrictEqual({
      fields: [
        { name: 'id', path: 'response.id', type: 'string', schema: 'Order' },
        { name: 'email', path: 'response.customer.email', type: 'string', schema: 'Customer' },
        { name: 'status', path: 'response.status', type: 'string', schema: 'Order' },
      ],
      refs: ['Order', 'Customer', 'Status'],
    });
    expect(produces({ $ref: '#/components/schemas/Status' }, schemas)).toStrictEqual({
      fields: [{ name: 'response', path: 'response', type: 'string', schema: 'Status' }],
      refs: ['Status'],
    });
  });

  it('merges allOf and follows every oneOf / anyOf member, one field per path', () => {
    const schemas = { Cat: obj({ name: { type: 'string' }, meows: { type: 'boolean' } }), Dog: obj({ name: { type: 'string' }, barks: { type: 'boolean' } }) };
    const schema = {
      allOf: [
        obj({ id: { type: 'integer' } }),
        {
          properties: {
            pet: { oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }] },
            extra: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          },
        },
      ],
    };
    expect(produces(schema, schemas)).toStrictEqual({
      fields: [
        { name: 'id', path: 'response.id', type: 'integer' },
        { name: 'name', path: 'response.pet.name', type: 'string', schema: 'Cat' },
        { name: 'meows', path: 'response.pet.meows', type: 'boolean', schema: 'Cat' },
        { name: 'barks', path: 'response.pet.barks', type: 'boolean', schema: 'Dog' },
        { name: 'extra', path: 'response.extra', type: 'string' },
      ],
      refs: ['Cat', 'Dog'],
    });
  });

  it(`stops following properties ${MAX_FIELD_DEPTH} levels down, keeping the field there as a leaf; schema refs go all the way`, () => {
    let schema: unknown = { $ref: '#/components/schemas/Deep' };
    for (let level = 8; level >= 1; level--) schema = obj({ [`l${level}`]: schema, [`v${level}`]: { type: 'string' } });
    const { fields, refs } = produces(schema, { Deep: obj({ x: { type: 'string' } }) });
    expect(fields).toStrictEqual([
      { name: 'l6', path: 'response.l1.l2.l3.l4.l5.l6', type: 'object' },
      { name: 'v6', path: 'response.l1.l2.l3.l4.l5.v6', type: 'string' },
      { name: 'v5', path: 'response.l1.l2.l3.l4.v5', type: 'string' },
      { name: 'v4', path: 'response.l1.l2.l3.v4', type: 'string' },
      { name: 'v3', path: 'response.l1.l2.v3', type: 'string' },
      { name: 'v2', path: 'response.l1.v2', type: 'string' },
      { name: 'v1', path: 'response.v1', type: 'string' },
    ]);
    expect(refs).toStrictEqual(['Deep']);
  });

  it('reads consumes from every parameter location and the body', () => {
    const op = tool(
      read(
        spec30({
          '/a/{id}': {
            post: {
              operationId: 'op',
              parameters: [
                { name: 'id', in: 'path', schema: { type: 'integer' } },
                { name: 'q', in: 'query', schema: { type: 'string' } },
                { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
                { name: 'session', in: 'cookie', schema: { type: 'string' } },
              ],
              requestBody: { content: { 'application/json': { schema: obj({ items: { type: 'array', items: obj({ sku: { type: 'string' } }) } }) } } },
              responses: {},
            },
          },
        }),
      ),
      'op',
    );
    expect(op.openapi?.consumes).toStrictEqual([
      { name: 'id', path: 'path.id', type: 'integer' },
      { name: 'q', path: 'query.q', type: 'string' },
      { name: 'X-Trace', path: 'header.X-Trace', type: 'string' },
      { name: 'session', path: 'cookie.session', type: 'string' },
      { name: 'sku', path: 'body.items[].sku', type: 'string' },
    ]);
  });

  it('takes schema refs from parameters, body and the chosen response only (not error responses)', () => {
    const schemas = Object.fromEntries(['P', 'B', 'R', 'E', 'N'].map((name) => [name, obj({ [name.toLowerCase()]: { type: 'string' } })]));
    const op = tool(
      read(
        spec30(
          {
            '/a': {
              post: {
                operationId: 'op',
                parameters: [{ $ref: '#/components/parameters/P' }],
                requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/B' } } } },
                responses: {
                  '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/R' } } } } },
                  '400': { description: 'e', content: { 'application/json': { schema: { $ref: '#/components/schemas/E' } } } },
                },
              },
            },
          },
          { schemas, parameters: { P: { name: 'p', in: 'query', schema: { $ref: '#/components/schemas/P' } } } },
        ),
      ),
      'op',
    );
    expect(op.openapi?.schemaRefs).toStrictEqual(['P', 'B', 'R']);
  });
});

// The field walk as it was before walks below shared schemas were replayed: every call walks afresh.
// The same fields (names, paths, types, owners, in order) and visit counts must come out.
function referenceWalk(
  schema: unknown,
  at: string,
  name: string,
  path: string,
  owner: string | undefined,
  depth: number,
  steps: number,
  ctx: ReadContext,
  stack: WalkStack,
  out: FieldList,
): void {
  if (out.visits >= MAX_VISITS || out.full) return;
  out.visits++;
  const view = viewSchema(schema, at, ctx, stack);
  const leaf = (): void => {
    const field: FieldRef = { name, path };
    if (view.type !== undefined) field.type = view.type;
    const from = owner ?? (view.broken === undefined ? view.component : undefined);
    if (from !== undefined) field.schema = from;
    out.add(field);
  };
  if (view.node === undefined || steps >= 24) {
    leaf();
    return;
  }
  const childOwner = view.component ?? owner;
  const followProperties = view.properties.size > 0 && depth < MAX_FIELD_DEPTH;
  if (!followProperties && view.items === undefined && view.variants.length === 0) {
    leaf();
    return;
  }
  inside(stack, view, () => {
    if (followProperties) {
      for (const [key, child] of view.properties)
        referenceWalk(child.schema, child.at, key, `${path}.${key}`, child.owner ?? childOwner, depth + 1, steps + 1, ctx, stack, out);
    } else if (view.properties.size > 0) {
      leaf();
    }
    if (view.items !== undefined) referenceWalk(view.items.schema, view.items.at, name, `${path}[]`, childOwner, depth, steps + 1, ctx, stack, out);
    for (const variant of view.variants) referenceWalk(variant.schema, variant.at, name, path, childOwner, depth, steps + 1, ctx, stack, out);
  });
}

describe('collectFields replays walks below shared schemas', () => {
  const ref = (name: string): Record<string, unknown> => ({ $ref: `#/components/schemas/${name}` });
  const wrapped = (name: string): Record<string, unknown> => ({ allOf: [ref(name)], description: `a ${name}` });
  const wide = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`f${i}`, { type: 'string' }]));
  const chain = (n: number): Record<string, unknown> => (n === 0 ? { type: 'string' } : obj({ [`l${n}`]: chain(n - 1), [`s${n}`]: { type: 'integer' } }));
  const chainTo = (n: number): Record<string, unknown> => (n === 0 ? ref('Deep') : obj({ [`l${n}`]: chainTo(n - 1) }));
  const schemas: Record<string, unknown> = {
    Meta: obj({ name: { type: 'string' }, labels: { type: 'object' }, owner: wrapped('Ref') }),
    Ref: obj({ kind: { type: 'string' }, uid: { type: 'string' } }),
    Pod: obj({ metadata: wrapped('Meta'), spec: wrapped('Spec'), status: { type: 'object', properties: { phase: { type: 'string' } } } }),
    Spec: obj({ containers: { type: 'array', items: ref('Container') }, volumes: { type: 'array', items: wrapped('Volume') }, deep: chain(8) }),
    Container: obj({ name: { type: 'string' }, env: { type: 'array', items: obj({ name: { type: 'string' }, from: ref('Ref') }) } }),
    Volume: { oneOf: [ref('Ref'), obj({ path: { type: 'string' } })], properties: { id: { type: 'string' } } },
    PodList: obj({ items: { type: 'array', items: ref('Pod') }, metadata: ref('Meta') }),
    // cycles: through items, properties, allOf, and a schema reached first from outside its cycle
    Node: obj({ id: { type: 'string' }, children: { type: 'array', items: ref('Node') }, parent: ref('Node') }),
    A: obj({ b: ref('B'), a: { type: 'string' } }),
    B: obj({ c: ref('C'), x: { type: 'integer' } }),
    C: obj({ a: ref('A'), b: ref('B'), y: { type: 'string' } }),
    Entry: obj({ into: ref('B') }),
    Loop: { allOf: [ref('LoopBase'), { properties: { next: wrapped('Loop') } }] },
    LoopBase: obj({ v: { type: 'string' }, back: ref('Loop') }),
    // a schema with properties and variants at the depth cap, reached from two owners: its leaf is the owner's
    Deep: { properties: { k: { type: 'string' } }, oneOf: [{ type: 'string' }, { type: 'integer' }] },
    P1: chainTo(MAX_FIELD_DEPTH),
    P2: chainTo(MAX_FIELD_DEPTH),
    // caps: 300 fields reached in many places (MAX_FIELDS), variants of variants (MAX_VISITS)
    Wide: obj(wide),
    ManyWide: obj(Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`w${i}`, ref('Wide')]))),
    Fan: { oneOf: Array.from({ length: 12 }, () => ref('Fan2')) },
    Fan2: { oneOf: Array.from({ length: 12 }, () => ref('Fan3')) },
    Fan3: { oneOf: Array.from({ length: 12 }, () => obj({ leaf: { type: 'string' } })) },
  };
  const names = Object.keys(schemas);
  const roots: FieldRoot[] = [
    { name: 'response', path: 'response' },
    { name: 'body', path: 'body' },
    { name: 'item', path: 'body.item', owner: 'Outer' },
  ];
  const context = (): ReadContext => {
    const spec = structuredClone(spec30({}, { schemas }));
    const reporter = new Reporter(undefined);
    return { spec, version: '3.0', refs: new RefResolver(spec, reporter), reporter };
  };
  const plainList = (list: FieldList): unknown => ({ fields: list.fields, visits: list.visits });

  it.each([
    ['in order', names],
    ['in reverse', [...names].reverse()],
    [
      'each schema after the ones it is reached from',
      ['Entry', 'A', 'C', 'B', 'PodList', 'Pod', 'Spec', 'Meta', 'Loop', 'LoopBase', 'P2', 'P1', 'ManyWide', 'Wide', 'Fan', 'Node'],
    ],
  ])('gives the fields of walking afresh, %s, one list per schema and one shared by all', (_, order) => {
    const ctx = context();
    const refCtx = context();
    const got: unknown[] = [];
    const want: unknown[] = [];
    for (let round = 0; round < 2; round += 1) {
      const shared = new FieldList();
      const sharedRef = new FieldList();
      for (const name of order) {
        for (const [i, root] of roots.entries()) {
          for (const value of [ref(name), wrapped(name)]) {
            const at = i === 0 ? '#/paths/~1x/get/responses/200' : `#/paths/~1y/post/requestBody/${name}`;
            const own = new FieldList();
            const ownRef = new FieldList();
            collectFields(value, at, root, ctx, own);
            referenceWalk(value, at, root.name, root.path, root.owner, 0, 0, refCtx, [], ownRef);
            collectFields(value, at, root, ctx, shared);
            referenceWalk(value, at, root.name, root.path, root.owner, 0, 0, refCtx, [], sharedRef);
            got.push(plainList(own));
            want.push(plainList(ownRef));
          }
        }
      }
      got.push(plainList(shared));
      want.push(plainList(sharedRef));
      expect(shared.full || shared.visits >= MAX_VISITS).toBe(true);
    }
    expect(got).toEqual(want);
    expect(ctx.reporter.diagnostics).toEqual(refCtx.reporter.diagnostics);
  });
});
