import { describe, expect, it } from 'vitest';
import { MAX_FIELD_DEPTH, MAX_FIELDS } from '../../../src/ingest/openapi/fields.js';
import { readOpenApi } from '../../../src/ingest/openapi/index.js';
import { MAX_INLINE_DEPTH, MAX_INLINE_NODES } from '../../../src/ingest/openapi/inline-schema.js';
import { jsonResponse, read, spec30, tool } from './helpers.js';

/** A spec text whose one operation responds with `schema` (given as JSON text, so it can nest deeper than JSON.stringify allows). */
const respondingText = (schema: string, components = '{}') =>
  `{"openapi":"3.0.0","paths":{"/a":{"get":{"operationId":"op","responses":{"200":{"description":"x","content":{"application/json":{"schema":${schema}}}}}}}},"components":${components}}`;

describe('readOpenApi: hostile specs', () => {
  it('terminates on 50,000 levels of nested objects, arrays and compositions', () => {
    const n = 50_000;
    const cases = [
      ['objects', `${'{"type":"object","properties":{"n":'.repeat(n)}{"type":"string"}${'}}'.repeat(n)}`, `response${'.n'.repeat(MAX_FIELD_DEPTH)}`],
      ['arrays', `${'{"type":"array","items":'.repeat(n)}{"type":"string"}${'}'.repeat(n)}`, undefined],
      ['oneOf / allOf', `${'{"oneOf":[{"allOf":['.repeat(n)}{"type":"string"}${']}]}'.repeat(n)}`, undefined],
    ] as const;
    for (const [, schema, leafPath] of cases) {
      const result = readOpenApi(respondingText(schema), { source: 's', file: 'spec.json' });
      expect(result.diagnostics).toStrictEqual([]);
      const op = tool(result, 'op');
      expect(op.openapi?.produces).toHaveLength(1);
      if (leafPath !== undefined) expect(op.openapi?.produces[0]).toStrictEqual({ name: 'n', path: leafPath, type: 'object' });
      expect(JSON.stringify(op.outputSchema)).toContain(`"$comment":"cut at depth ${MAX_INLINE_DEPTH}"`);
    }
  });

  it('bounds oneOf members that multiply at every level', () => {
    const schemas: Record<string, unknown> = { L40: { type: 'string' } };
    const next = (i: number) => ({ $ref: `#/components/schemas/L${i + 1}` });
    for (let i = 0; i < 40; i++) schemas[`L${i}`] = { oneOf: [next(i), next(i), { type: 'object', properties: { [`p${i}`]: next(i) } }] };
    const result = read(spec30({ '/a': { get: { operationId: 'op', responses: jsonResponse({ $ref: '#/components/schemas/L0' }) } } }, { schemas }));
    const op = tool(result, 'op');
    expect(op.openapi?.produces.length).toBeGreaterThan(0);
    expect(op.openapi?.produces.length).toBeLessThanOrEqual(MAX_FIELDS);
    expect(op.openapi?.schemaRefs).toHaveLength(41);
    expect(JSON.stringify(op.outputSchema).length).toBeLessThan(100_000);
  });

  it('bounds a schema with 20,000 properties: fields capped, output schema cut', () => {
    const properties = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`f${i}`, { type: 'string' }]));
    const op = tool(read(spec30({ '/a': { get: { operationId: 'op', responses: jsonResponse({ type: 'object', properties }) } } })), 'op');
    expect(op.openapi?.produces).toHaveLength(MAX_FIELDS);
    expect(op.openapi?.produces.at(-1)).toStrictEqual({ name: `f${MAX_FIELDS - 1}`, path: `response.f${MAX_FIELDS - 1}`, type: 'string' });
    const output = op.outputSchema as { $comment: string; properties: Record<string, unknown> };
    expect(output.$comment).toBe(`cut: schema over ${MAX_INLINE_NODES} nodes`);
    expect(Object.keys(output.properties)).toHaveLength(MAX_INLINE_NODES - 1);
  });

  it('keeps keys like __proto__ and constructor as plain data', () => {
    const text = JSON.stringify(
      spec30({
        '/__proto__': { get: { operationId: '__proto__', parameters: [{ name: 'constructor', in: 'query', schema: { type: 'integer' } }], responses: {} } },
      }),
    ).replace(
      '"parameters":[',
      '"requestBody":{"content":{"application/json":{"schema":{"properties":{"__proto__":{"type":"string"},"toString":{"type":"boolean"}}}}}},"parameters":[',
    );
    const op = tool(readOpenApi(text, { source: 's' }), '__proto__');
    expect(op.parameters).toStrictEqual([
      { name: 'constructor', in: 'query', required: false, type: 'integer' },
      { name: '__proto__', in: 'body', required: false, type: 'string' },
      { name: 'toString', in: 'body', required: false, type: 'boolean' },
    ]);
    const input = op.inputSchema as { properties: object };
    expect(Object.getPrototypeOf(input.properties)).toBe(Object.prototype);
    expect(Object.keys(input.properties)).toStrictEqual(['constructor', '__proto__', 'toString']);
    expect(Object.getOwnPropertyDescriptor(input.properties, '__proto__')?.value).toStrictEqual({ type: 'string' });
  });

  it('reads 5,000 operations sharing a recursive schema', () => {
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 2500; i++) {
      paths[`/r${i}/{id}`] = {
        parameters: [{ name: 'id', in: 'path', schema: { type: 'string' } }],
        get: { responses: jsonResponse({ $ref: '#/components/schemas/T' }) },
        post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/T' } } } }, responses: {} },
      };
    }
    const T = { type: 'object', properties: { a: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/T' } } } };
    const result = read(spec30(paths, { schemas: { T } }));
    expect(result.diagnostics).toStrictEqual([]);
    expect(result.tools).toHaveLength(5000);
    expect(result.tools[4999]?.name).toBe('post_r2499_by_id');
    expect(result.tools[0]?.openapi?.produces).toStrictEqual([
      { name: 'a', path: 'response.a', type: 'string', schema: 'T' },
      { name: 'children', path: 'response.children[]', type: 'object', schema: 'T' },
    ]);
  });
});
