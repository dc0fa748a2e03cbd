import { describe, expect, it } from 'vitest';
import type { ToolParameter } from '../../../src/ingest/types.js';
import { read, spec30, tool } from './helpers.js';

const post = (requestBody: unknown, parameters: unknown[] = []) => ({ '/a': { post: { operationId: 'op', parameters, requestBody, responses: {} } } });
const json = (schema: unknown, required?: boolean) => ({ ...(required === undefined ? {} : { required }), content: { 'application/json': { schema } } });

describe('readOpenApi: request bodies', () => {
  it('gives one body parameter per top-level property, allOf merged, required from the schema', () => {
    const schemas = {
      Base: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, note: { type: 'string' } } },
      Order: {
        allOf: [
          { $ref: '#/components/schemas/Base' },
          { type: 'object', required: ['items'], properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Line' } } } },
        ],
        properties: { note: { type: 'integer', description: 'own wins' } },
      },
      Line: { type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'integer' } } },
    };
    const result = read(spec30(post(json({ $ref: '#/components/schemas/Order' }, false)), { schemas }));
    const op = tool(result, 'op');
    expect(op.parameters).toStrictEqual<ToolParameter[]>([
      { name: 'id', in: 'body', required: true, type: 'string' },
      { name: 'note', in: 'body', required: false, type: 'integer', description: 'own wins' },
      { name: 'items', in: 'body', required: true, type: 'array' },
    ]);
    expect(op.openapi?.consumes).toStrictEqual([
      { name: 'id', path: 'body.id', type: 'string', schema: 'Base' },
      { name: 'note', path: 'body.note', type: 'integer', schema: 'Order' },
      { name: 'sku', path: 'body.items[].sku', type: 'string', schema: 'Line' },
      { name: 'qty', path: 'body.items[].qty', type: 'integer', schema: 'Line' },
    ]);
    expect(op.openapi?.schemaRefs).toStrictEqual(['Order', 'Base', 'Line']);
    expect(op.inputSchema).toStrictEqual({
      type: 'object',
      properties: { id: { type: 'string' }, note: { type: 'integer', description: 'own wins' }, items: { type: 'array', items: schemas.Line } },
      required: ['id', 'items'],
    });
  });

  it.each<[string, unknown, boolean | undefined, ToolParameter, unknown[]]>([
    [
      'an array body',
      { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } },
      true,
      { name: 'body', in: 'body', required: true, type: 'array' },
      [{ name: 'id', path: 'body[].id', type: 'integer' }],
    ],
    [
      'a string body',
      { type: 'string', format: 'binary' },
      false,
      { name: 'body', in: 'body', required: false, type: 'string' },
      [{ name: 'body', path: 'body', type: 'string' }],
    ],
    ['a body without a schema', undefined, undefined, { name: 'body', in: 'body', required: false }, [{ name: 'body', path: 'body' }]],
    [
      'a free-form object body',
      { type: 'object', additionalProperties: true },
      true,
      { name: 'body', in: 'body', required: true, type: 'object' },
      [{ name: 'body', path: 'body', type: 'object' }],
    ],
  ])('gives one parameter for %s', (_, schema, required, parameter, consumes) => {
    const content = schema === undefined ? { content: { 'application/octet-stream': {} } } : json(schema, required);
    const op = tool(read(spec30(post(content))), 'op');
    expect(op.parameters).toStrictEqual([parameter]);
    expect(op.openapi?.consumes).toStrictEqual(consumes);
  });

  it('names a body field body.<name> when a parameter already has its name', () => {
    const op = tool(
      read(
        spec30(
          post(json({ type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } }), [
            { name: 'id', in: 'query', schema: { type: 'string' } },
          ]),
        ),
      ),
      'op',
    );
    expect(op.parameters.map((p) => [p.name, p.in])).toStrictEqual([
      ['id', 'query'],
      ['body.id', 'body'],
      ['name', 'body'],
    ]);
    expect(op.openapi?.consumes.map((f) => f.path)).toStrictEqual(['query.id', 'body.id', 'body.name']);
  });

  it('follows a requestBody $ref to components/requestBodies and picks the media type by preference', () => {
    const requestBodies = {
      Patch: {
        content: {
          'application/xml': { schema: { type: 'object', properties: { xml: { type: 'string' } } } },
          'application/merge-patch+json': { schema: { type: 'object', properties: { merge: { type: 'string' } } } },
          '*/*': { schema: { type: 'object', properties: { any: { type: 'string' } } } },
        },
      },
    };
    const op = tool(read(spec30(post({ $ref: '#/components/requestBodies/Patch' }), { requestBodies })), 'op');
    expect(op.parameters).toStrictEqual([{ name: 'merge', in: 'body', required: false, type: 'string' }]);
  });

  it('reads Swagger 2.0 body and formData parameters as body fields', () => {
    const swagger = (parameters: unknown[]) =>
      read({
        swagger: '2.0',
        paths: { '/a': { post: { operationId: 'op', parameters, responses: {} } } },
        definitions: { Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
      });
    const form = tool(
      swagger([
        { name: 'file', in: 'formData', type: 'file', required: true, description: 'the upload' },
        { name: 'note', in: 'formData', type: 'string' },
      ]),
      'op',
    );
    expect(form.parameters).toStrictEqual<ToolParameter[]>([
      { name: 'file', in: 'body', required: true, type: 'string', description: 'the upload' },
      { name: 'note', in: 'body', required: false, type: 'string' },
    ]);
    expect(form.inputSchema).toStrictEqual({
      type: 'object',
      properties: { file: { type: 'string', format: 'binary', description: 'the upload' }, note: { type: 'string' } },
      required: ['file'],
    });
    expect(form.openapi?.consumes).toStrictEqual([
      { name: 'file', path: 'body.file', type: 'string' },
      { name: 'note', path: 'body.note', type: 'string' },
    ]);
    const listBody = tool(swagger([{ name: 'pets', in: 'body', required: true, schema: { type: 'array', items: { $ref: '#/definitions/Pet' } } }]), 'op');
    expect(listBody.parameters).toStrictEqual([{ name: 'pets', in: 'body', required: true, type: 'array' }]);
    expect(listBody.openapi?.consumes).toStrictEqual([{ name: 'name', path: 'body[].name', type: 'string', schema: 'Pet' }]);
    expect(listBody.openapi?.schemaRefs).toStrictEqual(['Pet']);
  });
});
