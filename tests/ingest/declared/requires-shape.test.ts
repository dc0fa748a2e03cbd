import { describe, expect, it } from 'vitest';
import { bindingField, readRequiresList, REQUIRES_LIMITS } from '../../../src/ingest/declared/requires-shape.js';

const read = (value: unknown): { list: unknown; warnings: string[] } => {
  const warnings: string[] = [];
  const list = readRequiresList(value, 'x-mdkg-requires of GET /a', 'declared:x-mdkg-requires', (m) => warnings.push(m));
  return { list, warnings };
};

describe('readRequiresList', () => {
  it.each<[string, unknown, unknown[], string[]]>([
    [
      'names',
      ['b', 'c'],
      [
        { tool: 'b', source: 'declared:x-mdkg-requires', evidence: 'x-mdkg-requires of GET /a names b' },
        { tool: 'c', source: 'declared:x-mdkg-requires', evidence: 'x-mdkg-requires of GET /a names c' },
      ],
      [],
    ],
    [
      'an object with bindings in both forms',
      [{ tool: 'b', bindings: { petId: '$response.body#/0/id', 'path.ownerId': 'response.owner.id' } }],
      [
        {
          tool: 'b',
          source: 'declared:x-mdkg-requires',
          evidence: 'x-mdkg-requires of GET /a names b',
          bindings: [
            { parameter: 'petId', field: 'response[].id' },
            { parameter: 'path.ownerId', field: 'response.owner.id' },
          ],
        },
      ],
      [],
    ],
    ['not a list', 'b', [], ['x-mdkg-requires of GET /a must be a list of tool names or {tool, bindings} objects; ignored']],
    [
      'bad entries are left out, the rest kept',
      [3, '', { name: 'b' }, 'c'],
      [{ tool: 'c', source: 'declared:x-mdkg-requires', evidence: 'x-mdkg-requires of GET /a names c' }],
      [
        'x-mdkg-requires of GET /a[0] must be a tool name or an object with a "tool" name; ignored',
        'x-mdkg-requires of GET /a[1] must be a tool name or an object with a "tool" name; ignored',
        'x-mdkg-requires of GET /a[2] must be a tool name or an object with a "tool" name; ignored',
      ],
    ],
    [
      'bad bindings are left out, the edge kept',
      [{ tool: 'b', bindings: { a: 'open', b: '$url', c: 7 } }],
      [{ tool: 'b', source: 'declared:x-mdkg-requires', evidence: 'x-mdkg-requires of GET /a names b' }],
      [
        'x-mdkg-requires of GET /a[0].bindings.a: "open" is neither a runtime expression nor a field path such as response[].id; ignored',
        'x-mdkg-requires of GET /a[0].bindings.b: $url names no field of a result; ignored',
        'x-mdkg-requires of GET /a[0].bindings.c: 7 is neither a runtime expression nor a field path such as response[].id; ignored',
      ],
    ],
    [
      'bindings not an object',
      [{ tool: 'b', bindings: ['x'] }],
      [{ tool: 'b', source: 'declared:x-mdkg-requires', evidence: 'x-mdkg-requires of GET /a names b' }],
      ['x-mdkg-requires of GET /a[0].bindings must be an object {parameter: field}; ignored'],
    ],
  ])('%s', (_, value, list, warnings) => {
    expect(read(value)).toEqual({ list, warnings });
  });

  it('cuts a hostile list at the limit, reported', () => {
    const { list, warnings } = read(Array.from({ length: REQUIRES_LIMITS.entries + 5 }, (_, i) => `t${i}`));
    expect((list as unknown[]).length).toBe(REQUIRES_LIMITS.entries);
    expect(warnings).toEqual([`x-mdkg-requires of GET /a has ${REQUIRES_LIMITS.entries + 5} entries; the first ${REQUIRES_LIMITS.entries} are read`]);
  });

  it.each<[unknown, unknown]>([
    ['response', { field: 'response' }],
    ['request.path.id', { field: 'request.path.id' }],
    ['$response.body#/id', { field: 'response.id' }],
  ])('bindingField(%j)', (value, expected) => {
    expect(bindingField(value)).toEqual(expected);
  });
});
