import { describe, expect, it } from 'vitest';
import { chooseMediaType, chooseResponse } from '../../../src/ingest/openapi/media.js';
import { read, spec30, tool } from './helpers.js';

describe('chooseMediaType', () => {
  it.each([
    [['application/xml', 'application/json', 'application/vnd.api+json', '*/*'], 'application/json'],
    [['application/json; charset=utf-8', 'application/json'], 'application/json'],
    [['text/plain', 'Application/JSON; charset=utf-8'], 'Application/JSON; charset=utf-8'],
    [['application/xml', '*/*', 'application/merge-patch+json', 'application/problem+json'], 'application/merge-patch+json'],
    [['application/xml', 'text/plain', '*/*'], '*/*'],
    [['application/xml', 'text/plain'], 'application/xml'],
    [['application/jsonl', 'text/json', 'application/x-json'], 'application/jsonl'],
    [['application/json;stream=watch', 'application/yaml'], 'application/json;stream=watch'],
    [[], undefined],
  ])('%j → %s', (keys, expected) => {
    const content = Object.fromEntries(keys.map((key) => [key, { schema: { title: key } }]));
    expect(chooseMediaType(content)?.[0]).toBe(expected);
  });

  it('skips media type entries that are not objects', () => {
    expect(chooseMediaType({ 'application/json': 'oops', 'text/plain': {} })?.[0]).toBe('text/plain');
  });
});

describe('chooseResponse', () => {
  it.each([
    [['404', '201', '200', 'default'], '200'],
    [['default', '204', '202'], '202'],
    [['2XX', '299'], '299'],
    [['2XX', 'default'], '2XX'],
    [['400', 'default'], 'default'],
    [['400', '500', '3XX'], undefined],
    [['20', '2000', 'x200'], undefined],
  ])('%j → %s', (statuses, expected) => {
    expect(chooseResponse(Object.fromEntries(statuses.map((status) => [status, {}])))?.[0]).toBe(expected);
  });
});

describe('readOpenApi: output from the chosen response and media type', () => {
  it('reads produces and outputSchema from the lowest 2xx response, its preferred media type, through $refs', () => {
    const result = read(
      spec30(
        {
          '/a': {
            get: {
              operationId: 'op',
              responses: {
                '404': { description: 'no', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
                '201': { $ref: '#/components/responses/Created' },
                '200': {
                  description: 'ok',
                  content: {
                    'application/xml': { schema: { type: 'object', properties: { xml: { type: 'string' } } } },
                    'application/hal+json': { schema: { type: 'object', properties: { id: { type: 'string' } } } },
                  },
                },
              },
            },
          },
        },
        {
          schemas: { Error: { type: 'object', properties: { code: { type: 'integer' } } } },
          responses: {
            Created: { description: 'made', content: { 'application/json': { schema: { type: 'object', properties: { created: { type: 'string' } } } } } },
          },
        },
      ),
    );
    const op = tool(result, 'op');
    expect(op.openapi?.produces).toStrictEqual([{ name: 'id', path: 'response.id', type: 'string' }]);
    expect(op.outputSchema).toStrictEqual({ type: 'object', properties: { id: { type: 'string' } } });
    expect(op.openapi?.schemaRefs).toStrictEqual([]);
  });

  it('has no output when the chosen response has no body', () => {
    const op = tool(
      read(
        spec30({
          '/a': {
            delete: {
              operationId: 'op',
              responses: { '204': { description: 'gone' }, default: { description: 'e', content: { 'application/json': { schema: { type: 'string' } } } } },
            },
          },
        }),
      ),
      'op',
    );
    expect([op.outputSchema, op.openapi?.produces, 'outputSchema' in op]).toStrictEqual([undefined, [], false]);
  });

  it('reads a response given by a $ref in Swagger 2.0', () => {
    const result = read({
      swagger: '2.0',
      paths: { '/a': { get: { operationId: 'op', responses: { '200': { $ref: '#/responses/Ok' } } } } },
      responses: { Ok: { description: 'ok', schema: { type: 'object', properties: { done: { type: 'boolean' } } } } },
    });
    expect(tool(result, 'op').openapi?.produces).toStrictEqual([{ name: 'done', path: 'response.done', type: 'boolean' }]);
  });
});
