import { describe, expect, it } from 'vitest';
import { checkDeclared } from '../../../src/ingest/declared/check.js';
import type { DeclaredRequire, ToolModel, ToolParameter } from '../../../src/ingest/types.js';

const tool = (name: string, requires: DeclaredRequire[] = [], parameters: ToolParameter[] = []): ToolModel => ({
  source: 's',
  name,
  kind: 'openapi',
  parameters,
  annotations: {},
  hints: {},
  ...(requires.length > 0 ? { requires } : {}),
});
const req = (to: string, bindings?: DeclaredRequire['bindings']): DeclaredRequire => ({
  tool: to,
  source: 'declared:meta',
  evidence: `names ${to}`,
  ...(bindings === undefined ? {} : { bindings }),
});
const run = (tools: ToolModel[]): { requires: Record<string, unknown>; warnings: string[] } => {
  const warnings: string[] = [];
  checkDeclared(tools, (m) => warnings.push(m));
  return { requires: Object.fromEntries(tools.filter((t) => t.requires !== undefined).map((t) => [t.name, t.requires])), warnings };
};
const petId: ToolParameter = { name: 'petId', in: 'path', required: true };
const ownerId: ToolParameter = { name: 'ownerId', in: 'query', required: false };

describe('checkDeclared', () => {
  it.each<[string, ToolModel[], Record<string, unknown>, string[]]>([
    ['an unknown target is dropped', [tool('a', [req('zz')])], {}, ['a: names zz: no tool named "zz" in this source; ignored']],
    ['a tool requiring itself is dropped', [tool('a', [req('a')])], {}, ['a: names a: a tool cannot require itself; ignored']],
    [
      'binding keys become parameter keys; an unknown one is dropped',
      [
        tool(
          'get',
          [
            req('list', [
              { parameter: 'petId', field: 'response[].id' },
              { parameter: 'query.ownerId', field: 'response[].owner' },
              { parameter: 'nope', field: 'response.x' },
            ]),
          ],
          [petId, ownerId],
        ),
        tool('list'),
      ],
      {
        get: [
          req('list', [
            { parameter: 'path.petId', field: 'response[].id' },
            { parameter: 'query.ownerId', field: 'response[].owner' },
          ]),
        ],
      },
      ['get: names list: no parameter "nope" of get to bind; binding ignored'],
    ],
    [
      'a cycle is reported and kept',
      [tool('a', [req('b')]), tool('b', [req('c')]), tool('c', [req('a')]), tool('d', [req('a')])],
      { a: [req('b')], b: [req('c')], c: [req('a')], d: [req('a')] },
      ['declared requires form a cycle among a, b, c: no order runs them all; a plan reports the cycle'],
    ],
    ['a chain is no cycle', [tool('a', [req('b')]), tool('b', [req('c')]), tool('c')], { a: [req('b')], b: [req('c')] }, []],
  ])('%s', (_, tools, requires, warnings) => {
    expect(run(tools)).toEqual({ requires, warnings });
  });
});
