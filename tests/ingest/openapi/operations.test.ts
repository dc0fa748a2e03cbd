import { describe, expect, it } from 'vitest';
import { generatedName } from '../../../src/ingest/openapi/operations.js';
import { diag, read, spec30 } from './helpers.js';

const ok = { responses: {} };
/** A path item with one GET and its path parameter declared. */
const withId = (name: string, get: unknown = ok) => ({ parameters: [{ name, in: 'path', schema: { type: 'string' } }], get });
const names = (paths: unknown) => {
  const result = read(spec30(paths));
  return {
    tools: result.tools.map((t) => [t.name, t.openapi?.generatedOperationId, `${t.openapi?.method} ${t.openapi?.path}`]),
    diagnostics: result.diagnostics,
  };
};

describe('generatedName', () => {
  it.each([
    ['get', '/users/{id}', 'get_users_by_id'],
    ['GET', '/users/{userId}/orderItems', 'get_users_by_user_id_order_items'],
    ['post', '/v1/basket/optionChange', 'post_v1_basket_option_change'],
    ['delete', '/files/{name}.{ext}', 'delete_files_by_name_by_ext'],
    ['get', '/', 'get_root'],
    ['get', '', 'get_root'],
    ['put', '/a-b/c_d/E.F', 'put_a_b_c_d_e_f'],
    ['get', '/상품/{상품번호}', 'get_상품_by_상품번호'],
    ['patch', '/HTTPServer/v2Items', 'patch_httpserver_v2_items'],
  ])('%s %s → %s', (method, path, expected) => {
    expect(generatedName(method, path)).toBe(expected);
  });
});

describe('readOpenApi: operations and their names', () => {
  it('lists operations in document order, every HTTP method, and ignores other keys', () => {
    const paths = {
      '/b': { post: ok, get: ok, parameters: [], summary: 's', servers: [], 'x-thing': {}, query: ok, connect: ok, TRACE: ok },
      '/a': { head: ok, options: ok, put: ok, delete: ok, patch: ok, trace: ok },
      'x-paths-extension': { get: ok },
    };
    expect(names(paths)).toStrictEqual({
      tools: [
        ['post_b', true, 'POST /b'],
        ['get_b', true, 'GET /b'],
        ['trace_b', true, 'TRACE /b'],
        ['head_a', true, 'HEAD /a'],
        ['options_a', true, 'OPTIONS /a'],
        ['put_a', true, 'PUT /a'],
        ['delete_a', true, 'DELETE /a'],
        ['patch_a', true, 'PATCH /a'],
        ['trace_a', true, 'TRACE /a'],
      ],
      diagnostics: [],
    });
  });

  it('suffixes generated names that collide, in path order, never taking a declared id', () => {
    const paths = {
      '/users/{id}': withId('id'),
      '/users/{Id}': withId('Id'),
      '/users_/{id}': withId('id'),
      '/x': { get: { operationId: 'get_users_by_id_2', responses: {} } },
    };
    expect(names(paths)).toStrictEqual({
      tools: [
        ['get_users_by_id', true, 'GET /users/{id}'],
        ['get_users_by_id_3', true, 'GET /users/{Id}'],
        ['get_users_by_id_4', true, 'GET /users_/{id}'],
        ['get_users_by_id_2', false, 'GET /x'],
      ],
      diagnostics: [],
    });
  });

  it('keeps the first of duplicate operationIds and suffixes the others, with a warning each', () => {
    const paths = {
      '/a': { get: { operationId: 'find', responses: {} }, post: { operationId: 'find', responses: {} } },
      '/b': { get: { operationId: 'find', responses: {} }, put: { operationId: 'find_2', responses: {} } },
    };
    expect(names(paths)).toStrictEqual({
      tools: [
        ['find', false, 'GET /a'],
        ['find_3', false, 'POST /a'],
        ['find_4', false, 'GET /b'],
        ['find_2', false, 'PUT /b'],
      ],
      diagnostics: [
        diag('MDKG_TOOL_INVALID', 'warning', 'operationId "find" of POST /a is used by an earlier operation too; this one is named "find_3"'),
        diag('MDKG_TOOL_INVALID', 'warning', 'operationId "find" of GET /b is used by an earlier operation too; this one is named "find_4"'),
      ],
    });
  });

  it.each([
    [42, 'not a string (number 42)'],
    [null, 'not a string (null)'],
    [['a'], 'not a string (a list)'],
    [{ a: 1 }, 'not a string (an object)'],
    [true, 'not a string (boolean true)'],
    ['', 'empty'],
    ['  ', 'empty'],
  ])('generates a name for operationId %j', (operationId, why) => {
    expect(names({ '/a': { get: { operationId, responses: {} } } })).toStrictEqual({
      tools: [['get_a', true, 'GET /a']],
      diagnostics: [diag('MDKG_TOOL_INVALID', 'warning', `operationId of GET /a is ${why}; a name is generated`)],
    });
  });

  it('skips operations and path items that are not objects, naming them, and reads the rest', () => {
    const paths = {
      '/a': { get: 'nope', post: null, put: [1], delete: ok },
      '/b': 'nope',
      '/c': [],
      '/d': { get: ok },
    };
    expect(names(paths)).toStrictEqual({
      tools: [
        ['delete_a', true, 'DELETE /a'],
        ['get_d', true, 'GET /d'],
      ],
      diagnostics: [
        diag('MDKG_TOOL_INVALID', 'error', 'operation GET /a is not an object; it is skipped'),
        diag('MDKG_TOOL_INVALID', 'error', 'operation POST /a is not an object; it is skipped'),
        diag('MDKG_TOOL_INVALID', 'error', 'operation PUT /a is not an object; it is skipped'),
        diag('MDKG_TOOL_INVALID', 'error', 'path item /b is not an object; its operations are skipped'),
        diag('MDKG_TOOL_INVALID', 'error', 'path item /c is not an object; its operations are skipped'),
      ],
    });
  });

  it('follows path items given by local $refs (with JSON Pointer escapes) and reports remote ones', () => {
    const paths = {
      '/users/{id}': withId('id', { operationId: 'getUser', responses: {} }),
      '/people/{id}': { $ref: '#/paths/~1users~1%7Bid%7D' },
      '/shared': { $ref: '#/components/pathItems/Shared' },
      '/remote': { $ref: 'other.yaml#/paths/~1remote' },
    };
    const result = read(spec30(paths, { pathItems: { Shared: { get: ok } } }));
    expect(result.tools.map((t) => [t.name, t.openapi?.path])).toStrictEqual([
      ['getUser', '/users/{id}'],
      ['getUser_2', '/people/{id}'],
      ['get_shared', '/shared'],
    ]);
    expect(result.diagnostics).toStrictEqual([
      diag('MDKG_REF_REMOTE', 'warning', 'remote $ref "other.yaml#/paths/~1remote" at #/paths/~1remote is not fetched; the value is left out'),
      diag('MDKG_TOOL_INVALID', 'warning', 'operationId "getUser" of GET /people/{id} is used by an earlier operation too; this one is named "getUser_2"'),
    ]);
  });

  it('reads title, description and tags only when they are strings', () => {
    const result = read(spec30({ '/a': { get: { summary: 5, description: ['x'], tags: ['t', 3, 't', 'u'], responses: {} } } }));
    const [only] = result.tools;
    expect([only?.title, only?.description, only?.openapi?.tags]).toStrictEqual([undefined, undefined, ['t', 'u']]);
    expect(only !== undefined && 'title' in only).toBe(false);
  });
});
