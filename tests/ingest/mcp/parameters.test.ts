import { describe, expect, it } from 'vitest';
import { readableType } from '../../../src/ingest/mcp/parameters.js';

describe('readableType', () => {
  const cases: Array<[unknown, string | undefined]> = [
    [{ type: 'string' }, 'string'],
    [{ type: 'array', items: { type: 'string' } }, 'array'],
    [{ type: ['string', 'null'] }, 'string | null'],
    [{ type: ['string', 7, 'string'] }, 'string'],
    [{ type: [] }, undefined],
    [{ anyOf: [{ type: 'integer' }, { $ref: '#/x' }, { type: ['string', 'null'] }] }, 'integer | string | null'],
    [{ oneOf: [{ type: 'object' }, { type: 'object' }] }, 'object'],
    [{ anyOf: [{ $ref: '#/x' }] }, undefined],
    [{ const: 3 }, 'integer'],
    [{ const: 'x' }, 'string'],
    [{ enum: ['a', 1.5, null] }, 'string | number | null'],
    [{ enum: [] }, undefined],
    [{ description: 'no type' }, undefined],
    [true, undefined],
    [null, undefined],
  ];
  it.each(cases)('%j → %j', (schema, type) => {
    expect(readableType(schema)).toBe(type);
  });
});
