import { describe, expect, it } from 'vitest';
import { diag, read, spec30, tool } from './helpers.js';

const withExtensions = (extensions: Record<string, unknown>) => read(spec30({ '/a': { get: { operationId: 'op', responses: {}, ...extensions } } }));

describe('readOpenApi: vendor extensions', () => {
  it('reads search hints from x-mdkg-hints, keeping lists of strings only', () => {
    const result = withExtensions({
      'x-mdkg-hints': {
        aliases: ['pets by status', 1, 'pets by status'],
        keywords: 'not a list',
        categories: ['catalog'],
        examples: ['find sold pets'],
        other: ['x'],
      },
    });
    expect(tool(result, 'op').hints).toStrictEqual({ aliases: ['pets by status'], categories: ['catalog'], examples: ['find sold pets'] });
    expect(result.diagnostics).toStrictEqual([]);
  });

  it('reports x-mdkg-hints that is not an object', () => {
    const result = withExtensions({ 'x-mdkg-hints': ['a'] });
    expect(tool(result, 'op').hints).toStrictEqual({});
    expect(result.diagnostics).toStrictEqual([diag('MDKG_TOOL_INVALID', 'warning', 'x-mdkg-hints of GET /a is not an object; ignored')]);
  });

  it('keeps explicit boolean annotations from x-mcp-annotations and leaves the rest to inference', () => {
    const result = withExtensions({ 'x-mcp-annotations': { readOnlyHint: false, destructiveHint: true, idempotentHint: 'yes', title: 'x' } });
    expect(tool(result, 'op').annotations).toStrictEqual({
      readOnlyHint: { value: false, source: 'explicit' },
      destructiveHint: { value: true, source: 'explicit' },
    });
    expect(tool(withExtensions({}), 'op').annotations).toStrictEqual({});
  });
});
