import { describe, expect, it } from 'vitest';
import type { ToolParameter } from '../../../src/ingest/types.js';
import { diag, read, spec30, tool } from './helpers.js';

const get = (parameters: unknown, extra: Record<string, unknown> = {}) => ({ get: { operationId: 'op', parameters, responses: {} }, ...extra });

describe('readOpenApi: parameters', () => {
  it('merges path-item and operation parameters; the operation wins by name and location, in place', () => {
    const result = read(
      spec30({
        '/a/{id}': get(
          [
            { name: 'q', in: 'query', description: 'operation q', schema: { type: 'integer' } },
            { name: 'q', in: 'header', schema: { type: 'string' } },
            { name: 'c', in: 'cookie', required: true, schema: { type: 'string' } },
          ],
          {
            parameters: [
              { name: 'id', in: 'path', required: false, schema: { type: 'string' } },
              { name: 'q', in: 'query', description: 'path-item q', schema: { type: 'string' } },
            ],
          },
        ),
      }),
    );
    expect(tool(result, 'op').parameters).toStrictEqual<ToolParameter[]>([
      { name: 'id', in: 'path', required: true, type: 'string' },
      { name: 'q', in: 'query', required: false, type: 'integer', description: 'operation q' },
      { name: 'q', in: 'header', required: false, type: 'string' },
      { name: 'c', in: 'cookie', required: true, type: 'string' },
    ]);
    expect(result.diagnostics).toStrictEqual([]);
  });

  it('reads enum values (of the items too, for arrays), defaults and the parameter description over the schema one', () => {
    const result = read(
      spec30({
        '/a': get([
          { name: 'status', in: 'query', schema: { type: 'string', enum: ['on', 'off'], default: 'on', description: 'schema text' } },
          { name: 'tags', in: 'query', description: 'param text', schema: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } } },
          { name: 'flag', in: 'query', schema: { type: ['boolean', 'null'], default: null } },
          { name: 'free', in: 'query' },
        ]),
      }),
    );
    expect(tool(result, 'op').parameters).toStrictEqual<ToolParameter[]>([
      { name: 'status', in: 'query', required: false, type: 'string', description: 'schema text', enum: ['on', 'off'], default: 'on' },
      { name: 'tags', in: 'query', required: false, type: 'array', description: 'param text', enum: ['x', 'y'] },
      { name: 'flag', in: 'query', required: false, type: 'boolean', default: null },
      { name: 'free', in: 'query', required: false },
    ]);
  });

  it('reads a parameter schema from its content map, by media type preference', () => {
    const content = {
      'text/plain': { schema: { type: 'string' } },
      'application/json': { schema: { type: 'object', properties: { a: { type: 'integer' } } } },
    };
    const result = read(spec30({ '/a': get([{ name: 'h', in: 'header', content }]) }));
    expect(tool(result, 'op').parameters).toStrictEqual([{ name: 'h', in: 'header', required: false, type: 'object' }]);
    expect(tool(result, 'op').openapi?.consumes).toStrictEqual([{ name: 'a', path: 'header.h.a', type: 'integer' }]);
  });

  it('expands wrapper query objects into <wrapper>.<property> parameters', () => {
    const Filter = {
      type: 'object',
      required: ['status'],
      properties: { status: { type: 'string', enum: ['a', 'b'] }, tags: { type: 'array', items: { type: 'string' } } },
    };
    const result = read(
      spec30(
        {
          '/a': get([
            { name: 'filter', in: 'query', required: true, style: 'deepObject', explode: true, schema: { $ref: '#/components/schemas/Filter' } },
            {
              name: 'page',
              in: 'query',
              schema: { properties: { size: { type: 'integer', description: 'per page' }, number: { type: 'integer' } }, required: ['size'] },
            },
            { name: 'map', in: 'query', schema: { type: 'object', additionalProperties: { type: 'string' } } },
            { name: 'obj', in: 'header', schema: Filter },
          ]),
        },
        { schemas: { Filter } },
      ),
    );
    const op = tool(result, 'op');
    expect(op.parameters).toStrictEqual<ToolParameter[]>([
      { name: 'filter.status', in: 'query', required: true, type: 'string', enum: ['a', 'b'] },
      { name: 'filter.tags', in: 'query', required: false, type: 'array' },
      // not required: the wrapper itself is optional
      { name: 'page.size', in: 'query', required: false, type: 'integer', description: 'per page' },
      { name: 'page.number', in: 'query', required: false, type: 'integer' },
      // no properties to expand
      { name: 'map', in: 'query', required: false, type: 'object' },
      // only query wrappers are expanded
      { name: 'obj', in: 'header', required: false, type: 'object' },
    ]);
    expect(op.inputSchema).toStrictEqual({
      type: 'object',
      properties: {
        'filter.status': { type: 'string', enum: ['a', 'b'] },
        'filter.tags': { type: 'array', items: { type: 'string' } },
        'page.size': { type: 'integer', description: 'per page' },
        'page.number': { type: 'integer' },
        map: { type: 'object', additionalProperties: { type: 'string' } },
        obj: Filter,
      },
      required: ['filter.status'],
    });
    expect(op.openapi?.consumes).toStrictEqual([
      { name: 'status', path: 'query.filter.status', type: 'string', schema: 'Filter' },
      { name: 'tags', path: 'query.filter.tags[]', type: 'string', schema: 'Filter' },
      { name: 'size', path: 'query.page.size', type: 'integer' },
      { name: 'number', path: 'query.page.number', type: 'integer' },
      { name: 'map', path: 'query.map', type: 'object' },
      { name: 'status', path: 'header.obj.status', type: 'string' },
      { name: 'tags', path: 'header.obj.tags[]', type: 'string' },
    ]);
    expect(op.openapi?.schemaRefs).toStrictEqual(['Filter']);
  });

  it('follows parameter $refs; $ref siblings (3.1) replace the target description', () => {
    const result = read({
      openapi: '3.1.0',
      paths: { '/a': get([{ $ref: '#/components/parameters/Limit', description: 'overridden' }, { $ref: '#/components/parameters/Offset' }]) },
      components: {
        parameters: {
          Limit: { name: 'limit', in: 'query', description: 'original', schema: { type: 'integer' } },
          Offset: { name: 'offset', in: 'query', schema: { type: 'integer' } },
        },
      },
    });
    expect(tool(result, 'op').parameters).toStrictEqual([
      { name: 'limit', in: 'query', required: false, type: 'integer', description: 'overridden' },
      { name: 'offset', in: 'query', required: false, type: 'integer' },
    ]);
  });

  it('reports and skips parameters without a name or a known location, and a parameters value that is not a list', () => {
    const result = read(
      spec30({
        '/a': get([{ in: 'query' }, { name: 'x' }, { name: 'b', in: 'body' }, 'nope', { name: 'ok', in: 'query' }], { parameters: { not: 'a list' } }),
      }),
    );
    expect(tool(result, 'op').parameters).toStrictEqual([{ name: 'ok', in: 'query', required: false }]);
    const needs = (i: number) =>
      diag(
        'MDKG_TOOL_INVALID',
        'warning',
        `parameter at #/paths/~1a/get/parameters/${i} of GET /a needs a name and a location (path, query, header, cookie); skipped`,
      );
    expect(result.diagnostics).toStrictEqual([
      diag('MDKG_TOOL_INVALID', 'warning', 'parameters at #/paths/~1a/parameters is not a list; ignored'),
      needs(0),
      needs(1),
      needs(2),
      needs(3),
    ]);
  });

  it('adds undeclared path template variables as required strings, with a warning', () => {
    const result = read(spec30({ '/orgs/{org}/repos/{repo}': get([{ name: 'repo', in: 'path', schema: { type: 'integer' } }]) }));
    const op = tool(result, 'op');
    expect(op.parameters).toStrictEqual([
      { name: 'repo', in: 'path', required: true, type: 'integer' },
      { name: 'org', in: 'path', required: true, type: 'string' },
    ]);
    expect(op.inputSchema).toStrictEqual({ type: 'object', properties: { repo: { type: 'integer' }, org: { type: 'string' } }, required: ['repo', 'org'] });
    expect(result.diagnostics).toStrictEqual([
      diag('MDKG_TOOL_INVALID', 'warning', 'path parameter {org} of GET /orgs/{org}/repos/{repo} is not declared; read as a required string'),
    ]);
  });

  it('reads Swagger 2.0 parameters from their own type, format, items, enum and default', () => {
    const result = read({
      swagger: '2.0',
      paths: {
        '/a/{id}': get([
          { name: 'id', in: 'path', type: 'integer', format: 'int64', 'x-extra': 1 },
          { name: 'tags', in: 'query', type: 'array', collectionFormat: 'csv', items: { type: 'string', enum: ['a', 'b'] }, description: 'which tags' },
          { $ref: '#/parameters/Limit' },
        ]),
      },
      parameters: { Limit: { name: 'limit', in: 'query', type: 'integer', default: 10, maximum: 100 } },
    });
    const op = tool(result, 'op');
    expect(op.parameters).toStrictEqual<ToolParameter[]>([
      { name: 'id', in: 'path', required: true, type: 'integer' },
      { name: 'tags', in: 'query', required: false, type: 'array', description: 'which tags', enum: ['a', 'b'] },
      { name: 'limit', in: 'query', required: false, type: 'integer', default: 10 },
    ]);
    expect(op.inputSchema).toStrictEqual({
      type: 'object',
      properties: {
        id: { type: 'integer', format: 'int64' },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, description: 'which tags' },
        limit: { type: 'integer', default: 10, maximum: 100 },
      },
      required: ['id'],
    });
  });
});
