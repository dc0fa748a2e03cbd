import { describe, expect, it } from 'vitest';
import { MAX_FIELD_DEPTH } from '../../../src/ingest/openapi/fields.js';
import { jsonResponse, read, spec30, tool } from './helpers.js';

const produces = (schema: unknown, schemas: Record<string, unknown> = {}) => {
  const op = tool(read(spec30({ '/a': { get: { operationId: 'op', responses: jsonResponse(schema) } } }, { schemas })), 'op');
  return { fields: op.openapi?.produces, refs: op.openapi?.schemaRefs };
};
const obj = (properties: Record<string, unknown>) => ({ type: 'object', properties });

describe('readOpenApi: leaf fields (consumes / produces) and schema refs', () => {
  it('follows objects and arrays (nested arrays too), naming leaves by their own name and full path', () => {
    const schema = obj({ orderId: { type: 'string' }, lines: { type: 'array', items: obj({ sku: { type: 'string' }, tags: { type: 'array', items: { type: 'array', items: { type: 'integer' } } } }) }, meta: { type: 'object' } });
    expect(produces(schema).fields).toStrictEqual([
      { name: 'orderId', path: 'response.orderId', type: 'string' },
      { name: 'sku', path: 'response.lines[].sku', type: 'string' },
      { name: 'tags', path: 'response.lines[].tags[][]', type: 'integer' },
      { name: 'meta', path: 'response.meta', type: 'object' },
    ]);
  });

  it('names the component schema each field sits in, and a whole-response ref for a primitive root', () => {
    const schemas = { Order: obj({ id: { type: 'string' }, customer: { $ref: '#/components/schemas/Customer' }, status: { $ref: '#/components/schemas/Status' } }), Customer: obj({ email: { type: 'string' } }), Status: { type: 'string', enum: ['open'] } };
    expect(produces({ $ref: '#/components/schemas/Order' }, schemas)).toStrictEqual({
      fields: [
        { name: 'id', path: 'response.id', type: 'string', schema: 'Order' },
        { name: 'email', path: 'response.customer.email', type: 'string', schema: 'Customer' },
        { name: 'status', path: 'response.status', type: 'string', schema: 'Order' },
      ],
      refs: ['Order', 'Customer', 'Status'],
    });
    expect(produces({ $ref: '#/components/schemas/Status' }, schemas)).toStrictEqual({ fields: [{ name: 'response', path: 'response', type: 'string', schema: 'Status' }], refs: ['Status'] });
  });

  it('merges allOf and follows every oneOf / anyOf member, one field per path', () => {
    const schemas = { Cat: obj({ name: { type: 'string' }, meows: { type: 'boolean' } }), Dog: obj({ name: { type: 'string' }, barks: { type: 'boolean' } }) };
    const schema = { allOf: [obj({ id: { type: 'integer' } }), { properties: { pet: { oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }] }, extra: { anyOf: [{ type: 'string' }, { type: 'null' }] } } }] };
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
                responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/R' } } } } }, '400': { description: 'e', content: { 'application/json': { schema: { $ref: '#/components/schemas/E' } } } } },
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
