// The values a request states and the parameters they fit: general rules (e-mail, URL, path,
// quotes in several scripts, a name after "named"/"called", id-like tokens, numbers), enums, known values.
import { describe, expect, it } from 'vitest';
import type { PlanParam } from '../../src/plan/plan-catalog.js';
import { enumValueIn, knownValue, requestValues, valueFit } from '../../src/plan/request-values.js';

const param = (name: string, type?: string, values: string[] = []): PlanParam => ({
  name,
  required: true,
  ...(type === undefined ? {} : { type }),
  enum: values,
  field: name,
});

describe('requestValues', () => {
  it.each<[string, Array<[string, string, string]>]>([
    [
      'read /etc/hosts and https://example.com/a?b=1.',
      [
        ['path', '/etc/hosts', 'read'],
        ['url', 'https://example.com/a?b=1', 'and'],
      ],
    ],
    [
      'mail bob.smith@example.org about order ORD-100',
      [
        ['email', 'bob.smith@example.org', 'mail'],
        ['id', 'ORD-100', 'order'],
      ],
    ],
    ['rename the folder called Drafts', [['name', 'Drafts', 'folder']]],
    ['create a project called "Blue Bird"', [['quoted', 'Blue Bird', 'called']]],
    ['「東京」という名前のフォルダを作って', [['quoted', '東京', '']]],
    ['"서울" 지점 주문 조회', [['quoted', '서울', '']]],
    [
      'get user 42 and ticket #17',
      [
        ['number', '42', 'user'],
        ['id', '17', 'ticket'],
      ],
    ],
    ['open report.pdf, then read the v1.2 notes', [['path', 'report.pdf', 'open']]],
    ['the uuid 123e4567-e89b-12d3-a456-426614174000', [['id', '123e4567-e89b-12d3-a456-426614174000', 'uuid']]],
    ['list every pet', []],
  ])('%s', (request, expected) => {
    expect(requestValues(request).map((v) => [v.kind, v.value, v.before])).toEqual(expected);
  });
});

describe('valueFit', () => {
  const [number42] = requestValues('pet 42');
  const [bareNumber] = requestValues('for 40');
  const [email] = requestValues('to a@b.co');
  const [token] = requestValues('order ORD-1');
  const [quoted] = requestValues('titled "Q3 plan"');
  it.each<[string, PlanParam, (typeof number42)[], number]>([
    ['a number after a word of the name fits an integer id', param('petId', 'integer'), [number42!], 0.95],
    ['a number fits any numeric parameter, less', param('amount', 'number'), [bareNumber!], 0.6],
    ['a bare number does not fit a string id', param('invoiceId', 'string'), [bareNumber!], 0],
    ['a number after a word of the name fits a string id', param('petId', 'string'), [number42!], 0.8],
    ['an e-mail fits an e-mail parameter', param('email', 'string'), [email!], 1],
    ['an e-mail fits nothing else', param('name', 'string'), [email!], 0],
    ['an id-like token fits an id after its word', param('orderNo', 'string'), [token!], 0.95],
    ['a quoted string fits a name-like parameter', param('title', 'string'), [quoted!], 0.9],
    ['a quoted string fits other strings less', param('description', 'string'), [quoted!], 0.5],
    ['nothing fits an enum parameter (its values are matched as words)', param('status', 'string', ['open']), [token!], 0],
  ])('%s', (_, p, [value], expected) => {
    expect(valueFit(p, value!)).toBe(expected);
  });

  it.each<[string, string, string[], string | undefined]>([
    ['a value as a word', 'list the archived customers', ['active', 'archived'], 'archived'],
    ['not inside a word', 'list the unarchived customers', ['archived'], undefined],
    ['case-insensitive', 'show Pending orders', ['pending'], 'pending'],
  ])('enumValueIn: %s', (_, request, values, expected) => {
    expect(enumValueIn(param('status', 'string', values), request)).toBe(expected);
  });

  it.each<[string, Record<string, unknown>, { key: string; value: unknown } | undefined]>([
    ['siteNo', { siteNo: '10001' }, { key: 'siteNo', value: '10001' }],
    ['siteNo', { site_no: '10001' }, { key: 'site_no', value: '10001' }],
    ['body.message', { message: 'hi' }, { key: 'message', value: 'hi' }],
    ['siteNo', { site: '1' }, undefined],
    ['toString', {}, undefined],
  ])('knownValue %s of %j', (name, known, expected) => {
    expect(knownValue(param(name), known)).toEqual(expected);
  });
});
