import { describe, expect, it } from 'vitest';
import { readOpenApi } from '../../../src/ingest/openapi/index.js';
import { componentSchemaName, pointerTokens } from '../../../src/ingest/openapi/refs.js';
import { diag, jsonResponse, read, spec30, tool } from './helpers.js';

const responding = (schema: unknown, schemas: Record<string, unknown>) =>
  read(spec30({ '/a': { get: { operationId: 'op', responses: jsonResponse(schema) } } }, { schemas }));
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('pointerTokens and componentSchemaName', () => {
  it.each([
    ['#', []],
    ['#/a/b', ['a', 'b']],
    ['#/a~1b/c~0d/~01', ['a/b', 'c~d', '~1']],
    ['#/paths/~1users~1%7Bid%7D', ['paths', '/users/{id}']],
    ['#/a/', ['a', '']],
    ['a/b', undefined],
    ['#a', undefined],
    ['#/%E0%A4%A', undefined],
  ])('%s → %j', (pointer, tokens) => {
    expect(pointerTokens(pointer)).toStrictEqual(tokens);
  });

  it.each([
    ['#/components/schemas/Pet', 'Pet'],
    ['#/components/schemas/io.k8s.api.core.v1.Pod', 'io.k8s.api.core.v1.Pod'],
    ['#/components/schemas/a~1b', 'a/b'],
    ['#/definitions/Pet', 'Pet'],
    ['#/components/schemas/Pet/properties/id', undefined],
    ['#/components/parameters/Pet', undefined],
    ['#/definitions', undefined],
    ['other.yaml#/components/schemas/Pet', undefined],
  ])('%s → %s', (pointer, name) => {
    expect(componentSchemaName(pointer)).toBe(name);
  });
});

describe('readOpenApi: $refs', () => {
  it('stops a self-referencing schema at the cycle, keeping the fields up to it', () => {
    const Category = { type: 'object', properties: { id: { type: 'integer' }, parent: ref('Category'), children: { type: 'array', items: ref('Category') } } };
    const op = tool(responding(ref('Category'), { Category }), 'op');
    expect(op.openapi?.produces).toStrictEqual([
      { name: 'id', path: 'response.id', type: 'integer', schema: 'Category' },
      { name: 'parent', path: 'response.parent', type: 'object', schema: 'Category' },
      { name: 'children', path: 'response.children[]', type: 'object', schema: 'Category' },
    ]);
    const cut = { type: 'object', $comment: 'circular $ref #/components/schemas/Category' };
    expect(op.outputSchema).toStrictEqual({ type: 'object', properties: { id: { type: 'integer' }, parent: cut, children: { type: 'array', items: cut } } });
    expect(op.openapi?.schemaRefs).toStrictEqual(['Category']);
  });

  it('stops mutually recursive schemas (A → B → A) and through allOf', () => {
    const schemas = {
      A: { type: 'object', properties: { b: ref('B'), name: { type: 'string' } } },
      B: { allOf: [ref('A'), { type: 'object', properties: { a: ref('A'), n: { type: 'number' } } }] },
    };
    const op = tool(responding(ref('A'), schemas), 'op');
    expect(op.openapi?.produces).toStrictEqual([
      { name: 'a', path: 'response.b.a', type: 'object', schema: 'B' },
      { name: 'n', path: 'response.b.n', type: 'number', schema: 'B' },
      { name: 'name', path: 'response.name', type: 'string', schema: 'A' },
    ]);
    expect(op.outputSchema).toStrictEqual({
      type: 'object',
      properties: {
        b: {
          allOf: [
            { type: 'object', $comment: 'circular $ref #/components/schemas/A' },
            { type: 'object', properties: { a: { type: 'object', $comment: 'circular $ref #/components/schemas/A' }, n: { type: 'number' } } },
          ],
        },
        name: { type: 'string' },
      },
    });
    expect(op.openapi?.schemaRefs).toStrictEqual(['A', 'B']);
  });

  it('reports a $ref chain that loops (A → B → A) and one to itself', () => {
    const result = responding({ type: 'object', properties: { x: ref('A'), y: ref('Self') } }, { A: ref('B'), B: ref('A'), Self: ref('Self') });
    const op = tool(result, 'op');
    expect(op.openapi?.produces).toStrictEqual([
      { name: 'x', path: 'response.x' },
      { name: 'y', path: 'response.y' },
    ]);
    expect(op.outputSchema).toStrictEqual({
      type: 'object',
      properties: { x: { $comment: 'unresolved $ref #/components/schemas/A' }, y: { $comment: 'unresolved $ref #/components/schemas/Self' } },
    });
    expect(result.diagnostics).toStrictEqual([
      diag('MDKG_REF_UNRESOLVED', 'warning', '$ref loop #/components/schemas/A → #/components/schemas/B → #/components/schemas/A never reaches a value'),
      diag('MDKG_REF_UNRESOLVED', 'warning', '$ref loop #/components/schemas/Self → #/components/schemas/Self never reaches a value'),
    ]);
  });

  it('reports remote $refs, naming the ref and where it sits, without fetching, and reads the rest', () => {
    const result = read(
      spec30(
        {
          '/a': {
            post: {
              operationId: 'op',
              parameters: [{ $ref: 'common.yaml#/components/parameters/Limit' }, { name: 'q', in: 'query', schema: { type: 'string' } }],
              requestBody: {
                content: {
                  'application/json': {
                    schema: { type: 'object', properties: { owner: { $ref: 'https://example.com/owner.json' }, name: { type: 'string' } } },
                  },
                },
              },
              responses: jsonResponse(ref('Pet')),
            },
          },
        },
        { schemas: { Pet: { type: 'object', properties: { tag: { $ref: './tag.yaml' }, id: { type: 'string' } } } } },
      ),
    );
    const op = tool(result, 'op');
    expect(op.parameters).toStrictEqual([
      { name: 'q', in: 'query', required: false, type: 'string' },
      { name: 'owner', in: 'body', required: false },
      { name: 'name', in: 'body', required: false, type: 'string' },
    ]);
    expect(op.openapi?.produces).toStrictEqual([
      { name: 'tag', path: 'response.tag', schema: 'Pet' },
      { name: 'id', path: 'response.id', type: 'string', schema: 'Pet' },
    ]);
    expect(op.outputSchema).toStrictEqual({ type: 'object', properties: { tag: { $comment: 'unresolved $ref ./tag.yaml' }, id: { type: 'string' } } });
    expect(op.openapi?.schemaRefs).toStrictEqual(['Pet']);
    const remote = (r: string, at: string) => diag('MDKG_REF_REMOTE', 'warning', `remote $ref "${r}" at ${at} is not fetched; the value is left out`);
    expect(result.diagnostics).toStrictEqual([
      remote('common.yaml#/components/parameters/Limit', '#/paths/~1a/post/parameters/0'),
      remote('https://example.com/owner.json', '#/paths/~1a/post/requestBody/content/application~1json/schema/properties/owner'),
      remote('./tag.yaml', '#/components/schemas/Pet/properties/tag'),
    ]);
  });

  it('reports dangling local $refs, including names only the prototype has', () => {
    const result = responding(
      { type: 'object', properties: { a: ref('Nope'), b: { $ref: '#/constructor' }, c: { $ref: '#/components/schemas/toString' }, d: { $ref: '' } } },
      {},
    );
    expect(tool(result, 'op').openapi?.produces).toStrictEqual([
      { name: 'a', path: 'response.a' },
      { name: 'b', path: 'response.b' },
      { name: 'c', path: 'response.c' },
      { name: 'd', path: 'response.d' },
    ]);
    const dangling = (r: string, name: string) =>
      diag(
        'MDKG_REF_UNRESOLVED',
        'warning',
        `$ref "${r}" at #/paths/~1a/get/responses/200/content/application~1json/schema/properties/${name} points to nothing in the spec`,
      );
    expect(result.diagnostics).toStrictEqual([
      dangling('#/components/schemas/Nope', 'a'),
      dangling('#/constructor', 'b'),
      dangling('#/components/schemas/toString', 'c'),
      diag('MDKG_REF_UNRESOLVED', 'warning', 'empty $ref at #/paths/~1a/get/responses/200/content/application~1json/schema/properties/d'),
    ]);
  });

  it('resolves JSON Pointer escapes (~0, ~1, percent) and pointers into lists', () => {
    const schemas = {
      'a/b~c': { type: 'object', properties: { x: { type: 'string' } } },
      'Pet Type': { type: 'integer' },
      Pair: { type: 'array', items: [{ type: 'boolean' }] },
    };
    const schema = {
      type: 'object',
      properties: {
        p: { $ref: '#/components/schemas/a~1b~0c' },
        t: { $ref: '#/components/schemas/Pet%20Type' },
        f: { $ref: '#/components/schemas/Pair/items/0' },
      },
    };
    const op = tool(responding(schema, schemas), 'op');
    expect(op.openapi?.produces).toStrictEqual([
      { name: 'x', path: 'response.p.x', type: 'string', schema: 'a/b~c' },
      { name: 't', path: 'response.t', type: 'integer', schema: 'Pet Type' },
      { name: 'f', path: 'response.f', type: 'boolean' },
    ]);
    expect(op.openapi?.schemaRefs).toStrictEqual(['a/b~c', 'Pet Type']);
  });

  it('terminates on YAML aliases that make a schema contain itself', () => {
    const yaml = `openapi: 3.0.0
paths:
  /a:
    get:
      operationId: op
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: &node
                type: object
                properties:
                  value: { type: string }
                  next: *node
`;
    const result = readOpenApi(yaml, { source: 's', file: 'spec.yaml' });
    const op = tool(result, 'op');
    expect(op.openapi?.produces).toStrictEqual([
      { name: 'value', path: 'response.value', type: 'string' },
      { name: 'next', path: 'response.next', type: 'object' },
    ]);
    expect(op.outputSchema).toStrictEqual({
      type: 'object',
      properties: {
        value: { type: 'string' },
        next: { type: 'object', $comment: 'circular $ref #/paths/~1a/get/responses/200/content/application~1json/schema/properties/next' },
      },
    });
    expect(result.diagnostics).toStrictEqual([]);
  });
});
