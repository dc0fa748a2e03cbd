import { describe, expect, it } from 'vitest';
import { annotationStats, inferAnnotations } from '../../src/ingest/annotations.js';
import type { ToolAnnotations } from '../../src/ingest/types.js';
import { mcp, op } from '../helpers/tool-models.js';

const inferred = (value: boolean, rule: string) => ({ value, source: 'inferred' as const, rule });

describe('inferAnnotations: OpenAPI by HTTP method', () => {
  const cases: [string, ToolAnnotations][] = [
    [
      'GET',
      {
        readOnlyHint: inferred(true, 'http-method:GET'),
        destructiveHint: inferred(false, 'http-method:GET'),
        idempotentHint: inferred(true, 'http-method:GET'),
      },
    ],
    [
      'HEAD',
      {
        readOnlyHint: inferred(true, 'http-method:HEAD'),
        destructiveHint: inferred(false, 'http-method:HEAD'),
        idempotentHint: inferred(true, 'http-method:HEAD'),
      },
    ],
    [
      'OPTIONS',
      {
        readOnlyHint: inferred(true, 'http-method:OPTIONS'),
        destructiveHint: inferred(false, 'http-method:OPTIONS'),
        idempotentHint: inferred(true, 'http-method:OPTIONS'),
      },
    ],
    [
      'POST',
      {
        readOnlyHint: inferred(false, 'http-method:POST'),
        destructiveHint: inferred(false, 'http-method:POST'),
        idempotentHint: inferred(false, 'http-method:POST'),
      },
    ],
    [
      'PUT',
      {
        readOnlyHint: inferred(false, 'http-method:PUT'),
        destructiveHint: inferred(false, 'http-method:PUT'),
        idempotentHint: inferred(true, 'http-method:PUT'),
      },
    ],
    [
      'PATCH',
      {
        readOnlyHint: inferred(false, 'http-method:PATCH'),
        destructiveHint: inferred(false, 'http-method:PATCH'),
        idempotentHint: inferred(false, 'http-method:PATCH'),
      },
    ],
    [
      'DELETE',
      {
        readOnlyHint: inferred(false, 'http-method:DELETE'),
        destructiveHint: inferred(true, 'http-method:DELETE'),
        idempotentHint: inferred(true, 'http-method:DELETE'),
      },
    ],
    [
      'delete',
      {
        readOnlyHint: inferred(false, 'http-method:DELETE'),
        destructiveHint: inferred(true, 'http-method:DELETE'),
        idempotentHint: inferred(true, 'http-method:DELETE'),
      },
    ],
    ['TRACE', {}],
  ];
  it.each(cases)('%s', (method, expected) => {
    // The method wins over a verb in the name: `deleteThing` on GET is still read-only.
    expect(inferAnnotations(op('deleteThing', method, '/things')).annotations).toEqual(expected);
  });
});

describe('inferAnnotations: MCP tools by verb', () => {
  const read = (rule: string): ToolAnnotations => ({ readOnlyHint: inferred(true, rule), destructiveHint: inferred(false, rule) });
  const write = (rule: string): ToolAnnotations => ({ readOnlyHint: inferred(false, rule), destructiveHint: inferred(false, rule) });
  const destroy = (rule: string): ToolAnnotations => ({ readOnlyHint: inferred(false, rule), destructiveHint: inferred(true, rule) });
  const cases: [string, string | undefined, ToolAnnotations][] = [
    // English, in the name: snake, camel, Pascal, kebab, acronyms; the first verb wins
    ['get_file', undefined, read('verb:en:get')],
    ['listDirectory', undefined, read('verb:en:list')],
    ['SearchNodes', undefined, read('verb:en:search')],
    ['delete-item', undefined, destroy('verb:en:delete')],
    ['HTTPFetchPage', undefined, read('verb:en:fetch')],
    ['create_or_update_file', undefined, write('verb:en:create')],
    ['file_remove', undefined, destroy('verb:en:remove')],
    ['update_issue', undefined, write('verb:en:update')],
    ['cancel_order', undefined, destroy('verb:en:cancel')],
    ['open_nodes', undefined, read('verb:en:open')],
    // English, the description's leading verb (base forms of "Deletes", "Queries", "Listing")
    ['directory_tree', 'Get a recursive tree view of files.', read('verb:en:get')],
    ['tree', 'Deletes the whole tree.', destroy('verb:en:delete')],
    ['records', 'Queries the records table.', read('verb:en:query')],
    ['entries', '"Listing" of entries', read('verb:en:list')],
    ['thing', 'This tool deletes things.', {}],
    // Korean: the last verb of the first sentence (head-final)
    ['사용자_조회', undefined, read('verb:ko:조회')],
    ['users', '사용자 목록을 삭제합니다. 그리고 조회합니다.', destroy('verb:ko:삭제')],
    ['orders', '주문을 생성한다', write('verb:ko:생성')],
    ['profile', '상품 상세 조회 Get product details', read('verb:ko:조회')],
    ['subscription', '구독해지', destroy('verb:ko:해지')],
    // Japanese
    ['ユーザー取得', undefined, read('verb:ja:取得')],
    ['files', 'ファイルを削除します。', destroy('verb:ja:削除')],
    ['settings', '設定を更新する', write('verb:ja:更新')],
    ['order', '注文の取り消し', destroy('verb:ja:取り消し')],
    // unknown: left unset
    ['browser_navigate', 'Navigate to a URL', {}],
    ['widget', undefined, {}],
    ['widget', '', {}],
  ];
  it.each(cases)('%s / %s', (name, description, expected) => {
    expect(inferAnnotations(mcp(name, description === undefined ? {} : { description })).annotations).toEqual(expected);
  });
});

describe('inferAnnotations: explicit hints', () => {
  it('keeps explicit hints untouched and infers only the missing ones', () => {
    const explicit = { readOnlyHint: { value: false, source: 'explicit' as const }, openWorldHint: { value: true, source: 'explicit' as const } };
    expect(inferAnnotations(mcp('get_file', { annotations: explicit })).annotations).toEqual({
      readOnlyHint: { value: false, source: 'explicit' },
      openWorldHint: { value: true, source: 'explicit' },
      destructiveHint: inferred(false, 'verb:en:get'),
    });
  });

  it('never infers a hint that contradicts an explicit one', () => {
    const readOnly = { readOnlyHint: { value: true, source: 'explicit' as const } };
    expect(inferAnnotations(mcp('delete_cache', { annotations: readOnly })).annotations).toEqual(readOnly);
    const destructive = { destructiveHint: { value: true, source: 'explicit' as const } };
    expect(inferAnnotations(op('purge', 'GET', '/purge', { annotations: destructive })).annotations).toEqual({
      destructiveHint: { value: true, source: 'explicit' },
      idempotentHint: inferred(true, 'http-method:GET'),
    });
  });

  it('returns a copy and leaves the input as it was', () => {
    const tool = mcp('get_file');
    const out = inferAnnotations(tool);
    expect(tool.annotations).toEqual({});
    expect(out).not.toBe(tool);
    expect(out.name).toBe('get_file');
  });
});

describe('annotationStats', () => {
  it('counts explicit, inferred and unknown per hint', () => {
    const tools = [
      inferAnnotations(mcp('read_file', { annotations: { readOnlyHint: { value: true, source: 'explicit' } } })),
      inferAnnotations(op('deletePet', 'DELETE', '/pets/{id}')),
      inferAnnotations(mcp('widget')),
    ];
    expect(annotationStats(tools)).toEqual({
      tools: 3,
      readOnlyHint: { explicit: 1, inferred: 1, unknown: 1 },
      destructiveHint: { explicit: 0, inferred: 2, unknown: 1 },
      idempotentHint: { explicit: 0, inferred: 1, unknown: 2 },
      openWorldHint: { explicit: 0, inferred: 0, unknown: 3 },
    });
  });

  it('counts nothing for no tools', () => {
    const zero = { explicit: 0, inferred: 0, unknown: 0 };
    expect(annotationStats([])).toEqual({ tools: 0, readOnlyHint: zero, destructiveHint: zero, idempotentHint: zero, openWorldHint: zero });
  });
});

describe('coordinated verbs in a name', () => {
  it.each([
    ['find_and_delete_files', 'delete'],
    ['search_and_replace', 'replace'],
    ['get_update_status', 'get'],
    ['list_then_archive', 'archive'],
  ])('%s takes %s', async (name, verb) => {
    const { verbInIdentifier } = await import('../../src/lexicon/verbs.js');
    expect(verbInIdentifier(name)?.verb).toBe(verb);
  });
});
