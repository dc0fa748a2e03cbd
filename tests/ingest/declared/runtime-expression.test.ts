import { describe, expect, it } from 'vitest';
import { expressionField } from '../../../src/ingest/declared/runtime-expression.js';

describe('expressionField', () => {
  it.each<[string, unknown, unknown]>([
    ['a response body pointer', '$response.body#/id', { field: 'response.id' }],
    ['an item of a listed response', '$response.body#/0/id', { field: 'response[].id' }],
    ['a nested list', '$response.body#/items/12/owner/id', { field: 'response.items[].owner.id' }],
    ['the whole body', '$response.body', { field: 'response' }],
    ['an empty pointer', '$response.body#', { field: 'response' }],
    ['escaped pointer tokens', '$response.body#/a~1b/c~0d', { field: 'response.a/b.c~d' }],
    ['a response header', '$response.header.X-Next-Id', { field: 'response.header.X-Next-Id' }],
    ['a request path parameter', '$request.path.petId', { field: 'request.path.petId' }],
    ['a request query parameter', '$request.query.page', { field: 'request.query.page' }],
    ['a request body pointer', '$request.body#/user/email', { field: 'request.body.user.email' }],
    ['a whole template', '{$response.body#/id}', { field: 'response.id' }],
    ['a constant string', 'open', { constant: true }],
    ['a constant number', 42, { constant: true }],
    ['null', null, { constant: true }],
    ['$url', '$url', { error: '$url names no field of a result' }],
    ['$statusCode', '$statusCode', { error: '$statusCode names no field of a result' }],
    [
      'a template with text',
      'users/{$response.body#/id}',
      { error: '"users/{$response.body#/id}" is a template with text around an expression; only a whole expression binds a field' },
    ],
    ['an unknown source', '$response.cookie.x', { error: '"$response.cookie.x" is not a runtime expression ($request.… or $response.…)' }],
    ['a typo', '$respons.body#/id', { error: '"$respons.body#/id" is not a runtime expression ($request.… or $response.…)' }],
    ['a body without a pointer', '$response.body.id', { error: '"$response.body.id": the body is followed by \'#\' and a JSON Pointer such as #/id' }],
    ['a bad pointer escape', '$response.body#/a~2', { error: '"$response.body#/a~2": the body is followed by \'#\' and a JSON Pointer such as #/id' }],
    ['a response path', '$response.path.id', { error: '"$response.path.id": a response has a header or a body, not a path' }],
    ['a header without a name', '$request.header.', { error: '"$request.header.": header is followed by \'.\' and a name' }],
  ])('%s', (_, value, expected) => {
    expect(expressionField(value)).toEqual(expected);
  });
});
