// OpenAPI 3 links and x-mdkg-requires as declared `requires` with bindings, through readOpenApi.
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/errors.js';
import { LINK_LIMITS } from '../../../src/ingest/openapi/links.js';
import { diag, jsonResponse, read, spec30 } from './helpers.js';

const list = { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } };
const withLinks = (links: unknown): Record<string, unknown> => ({ '200': { description: 'ok', content: { 'application/json': { schema: list } }, links } });
const pathParam = (name: string): unknown => ({ name, in: 'path', required: true, schema: { type: 'string' } });

/** `listPets` (GET /pets, with `links`) and `getPet` (GET /pets/{petId}); more paths when given. */
function petSpec(links: unknown, more: Record<string, unknown> = {}, components?: unknown): Record<string, unknown> {
  return spec30(
    {
      '/pets': { get: { operationId: 'listPets', responses: withLinks(links) } },
      '/pets/{petId}': { get: { operationId: 'getPet', parameters: [pathParam('petId')], responses: jsonResponse({ type: 'object' }) } },
      ...more,
    },
    components,
  );
}

const requiresOf = (spec: unknown): { requires: Record<string, unknown>; diagnostics: Diagnostic[] } => {
  const result = read(spec);
  return {
    requires: Object.fromEntries(result.tools.filter((t) => t.requires !== undefined).map((t) => [t.name, t.requires])),
    diagnostics: result.diagnostics,
  };
};
const linked = (evidence: string, bindings?: unknown): unknown => ({
  tool: 'listPets',
  source: 'declared:openapi-links',
  evidence,
  ...(bindings === undefined ? {} : { bindings }),
});
const warn = (message: string): Diagnostic => diag('MDKG_TOOL_INVALID', 'warning', message);

describe('OpenAPI links', () => {
  it.each<[string, unknown, Record<string, unknown>, Diagnostic[]]>([
    [
      'operationId with a runtime expression',
      petSpec({ Get: { operationId: 'getPet', parameters: { petId: '$response.body#/0/id' } } }),
      { getPet: [linked('link Get of GET /pets (200)', [{ parameter: 'path.petId', field: 'response[].id' }])] },
      [],
    ],
    [
      'a local operationRef, a qualified parameter, a constant',
      petSpec({ Get: { operationRef: '#/paths/~1pets~1{petId}/get', parameters: { 'path.petId': '{$response.body#/0/id}', verbose: true } } }),
      { getPet: [linked('link Get of GET /pets (200)', [{ parameter: 'path.petId', field: 'response[].id' }])] },
      [],
    ],
    [
      'a link by $ref to components/links',
      petSpec(
        { Get: { $ref: '#/components/links/GetPet' } },
        {},
        { links: { GetPet: { operationId: 'getPet', parameters: { petId: '$response.body#/0/id' } } } },
      ),
      { getPet: [linked('link Get of GET /pets (200)', [{ parameter: 'path.petId', field: 'response[].id' }])] },
      [],
    ],
    [
      'an unknown operationId',
      petSpec({ Get: { operationId: 'fetchPet' } }),
      {},
      [warn('link Get of GET /pets (200) names operationId "fetchPet", which no operation has; ignored')],
    ],
    [
      'a remote and a dangling operationRef',
      petSpec({ A: { operationRef: 'https://x.example/spec.json#/paths/~1p/get' }, B: { operationRef: '#/paths/~1nope/get' } }),
      {},
      [
        warn('link A of GET /pets (200): operationRef "https://x.example/spec.json#/paths/~1p/get" is remote and is not followed; ignored'),
        warn('link B of GET /pets (200): operationRef "#/paths/~1nope/get" names no operation of this spec; ignored'),
      ],
    ],
    [
      'no target, not an object, links not an object',
      petSpec({ A: { parameters: {} }, B: 'getPet' }),
      {},
      [
        warn('link A of GET /pets (200) has neither an operationId nor an operationRef (a string); ignored'),
        warn('link B of GET /pets (200) is not an object; ignored'),
      ],
    ],
    [
      'a bad runtime expression keeps the edge, not the binding',
      petSpec({ Get: { operationId: 'getPet', parameters: { petId: '$response.body.id' } } }),
      { getPet: [linked('link Get of GET /pets (200)')] },
      [
        warn(
          'link Get of GET /pets (200): parameter petId: "$response.body.id": the body is followed by \'#\' and a JSON Pointer such as #/id; binding ignored',
        ),
      ],
    ],
    [
      'an unknown parameter keeps the edge, not the binding',
      petSpec({ Get: { operationId: 'getPet', parameters: { id: '$response.body#/0/id' } } }),
      { getPet: [linked('link Get of GET /pets (200)')] },
      [warn('getPet: link Get of GET /pets (200): no parameter "id" of getPet to bind; binding ignored')],
    ],
    [
      'a link to itself',
      petSpec({ Again: { operationId: 'listPets' } }),
      {},
      [warn('listPets: link Again of GET /pets (200): a tool cannot require itself; ignored')],
    ],
  ])('%s', (_, spec, requires, diagnostics) => {
    expect(requiresOf(spec)).toEqual({ requires, diagnostics });
  });

  it('reads x-mdkg-requires with bindings and reports a cycle of declared requires', () => {
    const spec = petSpec(
      { Get: { operationId: 'getPet', parameters: { petId: '$response.body#/0/id' } } },
      {
        '/owners': {
          get: {
            operationId: 'listOwners',
            'x-mdkg-requires': [{ tool: 'getPet', bindings: { petId: 'response.id' } }, 'getPet'],
            responses: jsonResponse(list),
          },
        },
      },
    );
    const paths = spec.paths as Record<string, Record<string, Record<string, unknown>>>;
    (paths['/pets'] as Record<string, Record<string, unknown>>).get!['x-mdkg-requires'] = ['listOwners'];
    const { requires, diagnostics } = requiresOf(spec);
    expect(requires.listOwners).toEqual([
      { tool: 'getPet', source: 'declared:x-mdkg-requires', evidence: 'x-mdkg-requires of GET /owners names getPet' },
      { tool: 'getPet', source: 'declared:x-mdkg-requires', evidence: 'x-mdkg-requires of GET /owners names getPet' },
    ]);
    expect(diagnostics).toEqual([
      warn('listOwners: x-mdkg-requires of GET /owners names getPet: no parameter "petId" of listOwners to bind; binding ignored'),
      warn('declared requires form a cycle among getPet, listOwners, listPets: no order runs them all; a plan reports the cycle'),
    ]);
  });

  it('survives hostile links: prototype keys, a huge list (cut, reported)', () => {
    const links = JSON.parse('{"__proto__": {"operationId": "getPet", "parameters": {"__proto__": "$response.body#/0/id", "constructor": "$url"}}}');
    for (let i = 0; i < LINK_LIMITS.links + 3; i += 1) links[`L${i}`] = { operationId: 'getPet' };
    const { requires, diagnostics } = requiresOf(petSpec(links));
    expect((requires.getPet as unknown[]).length).toBe(LINK_LIMITS.links);
    expect(diagnostics).toEqual([
      warn(`links of GET /pets (200): ${LINK_LIMITS.links + 4} links; the first ${LINK_LIMITS.links} are read`),
      warn('link __proto__ of GET /pets (200): parameter constructor: $url names no field of a result; binding ignored'),
      warn('getPet: link __proto__ of GET /pets (200): no parameter "__proto__" of getPet to bind; binding ignored'),
    ]);
    expect(({} as Record<string, unknown>).operationId).toBeUndefined();
  });

  it('reads no links from Swagger 2.0', () => {
    const spec = {
      swagger: '2.0',
      info: { title: 't', version: '1' },
      paths: {
        '/a': { get: { operationId: 'a', responses: { '200': { description: 'ok', links: { X: { operationId: 'b' } } } } } },
        '/b': { get: { operationId: 'b', responses: { '200': { description: 'ok' } } } },
      },
    };
    expect(requiresOf(spec)).toEqual({ requires: {}, diagnostics: [] });
  });
});
