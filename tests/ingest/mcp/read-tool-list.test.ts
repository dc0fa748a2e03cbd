import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/errors.js';
import { readMcpToolList } from '../../../src/ingest/mcp/index.js';
import type { ToolModel } from '../../../src/ingest/types.js';

const FILE = 'tools/demo.json';
const SCHEMA = { type: 'object', properties: { path: { type: 'string', description: 'Where' } }, required: ['path'] };

/** The ToolModel of a tool named `name` of source `demo` with no optional parts, plus `extra`. */
function model(name: string, extra: Partial<ToolModel> = {}): ToolModel {
  return { source: 'demo', name, kind: 'mcp', parameters: [], annotations: {}, hints: {}, ...extra };
}
const warn = (message: string): Diagnostic => ({ code: 'MDKG_TOOL_INVALID', severity: 'warning', message, file: FILE });
const invalid = (message: string): Diagnostic => ({ code: 'MDKG_TOOL_INVALID', severity: 'error', message, file: FILE });
const read = (value: unknown) => readMcpToolList(JSON.stringify(value), { source: 'demo', file: FILE });

describe('readMcpToolList: one tool, rule by rule', () => {
  const cases: Array<{ name: string; tool: Record<string, unknown>; tools: ToolModel[]; diagnostics?: Diagnostic[] }> = [
    {
      name: 'all the plain fields',
      tool: { name: 'read', title: 'Read', description: 'Reads.', inputSchema: SCHEMA, outputSchema: { type: 'object' } },
      tools: [
        model('read', {
          title: 'Read',
          description: 'Reads.',
          inputSchema: SCHEMA,
          outputSchema: { type: 'object' },
          parameters: [{ name: 'path', type: 'string', required: true, description: 'Where' }],
        }),
      ],
    },
    {
      name: 'title from annotations.title',
      tool: { name: 't', annotations: { title: 'From annotations' }, inputSchema: {} },
      tools: [model('t', { title: 'From annotations', inputSchema: {} })],
    },
    {
      name: 'top-level title wins over annotations.title',
      tool: { name: 't', title: 'Top', annotations: { title: 'Inner' }, inputSchema: {} },
      tools: [model('t', { title: 'Top', inputSchema: {} })],
    },
    {
      name: 'parameters: union types, enum, default, no description, optional',
      tool: {
        name: 'p',
        inputSchema: {
          type: 'object',
          properties: {
            mode: { type: 'string', enum: ['a', 'b'], default: 'a' },
            limit: { type: ['integer', 'null'], default: null },
            value: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] },
            flag: { const: true },
            any: {},
            bare: true,
          },
          required: ['mode', 'bare'],
        },
      },
      tools: [
        model('p', {
          inputSchema: {
            type: 'object',
            properties: {
              mode: { type: 'string', enum: ['a', 'b'], default: 'a' },
              limit: { type: ['integer', 'null'], default: null },
              value: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] },
              flag: { const: true },
              any: {},
              bare: true,
            },
            required: ['mode', 'bare'],
          },
          parameters: [
            { name: 'mode', type: 'string', required: true, enum: ['a', 'b'], default: 'a' },
            { name: 'limit', type: 'integer | null', required: false, default: null },
            { name: 'value', type: 'string | number | null', required: false },
            { name: 'flag', type: 'boolean', required: false },
            { name: 'any', required: false },
            { name: 'bare', required: true },
          ],
        }),
      ],
    },
    {
      name: 'explicit annotations kept, missing ones not inferred',
      tool: { name: 'a', inputSchema: {}, annotations: { readOnlyHint: true, openWorldHint: false } },
      tools: [
        model('a', {
          inputSchema: {},
          annotations: { readOnlyHint: { value: true, source: 'explicit' }, openWorldHint: { value: false, source: 'explicit' } },
        }),
      ],
    },
    {
      name: 'all four annotations',
      tool: { name: 'a', inputSchema: {}, annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true } },
      tools: [
        model('a', {
          inputSchema: {},
          annotations: {
            readOnlyHint: { value: false, source: 'explicit' },
            destructiveHint: { value: true, source: 'explicit' },
            idempotentHint: { value: false, source: 'explicit' },
            openWorldHint: { value: true, source: 'explicit' },
          },
        }),
      ],
    },
    {
      name: 'non-boolean annotations ignored',
      tool: { name: 'a', inputSchema: {}, annotations: { readOnlyHint: 'yes', destructiveHint: null, idempotentHint: true } },
      tools: [model('a', { inputSchema: {}, annotations: { idempotentHint: { value: true, source: 'explicit' } } })],
      diagnostics: [
        warn('tool "a" (tools[0]): annotations.readOnlyHint must be a boolean, got the string "yes"; ignored'),
        warn('tool "a" (tools[0]): annotations.destructiveHint must be a boolean, got null; ignored'),
      ],
    },
    {
      name: 'annotations not an object',
      tool: { name: 'a', inputSchema: {}, annotations: [true] },
      tools: [model('a', { inputSchema: {} })],
      diagnostics: [warn('tool "a" (tools[0]): annotations must be an object, got an array; ignored')],
    },
    {
      name: 'hints and requires from _meta',
      tool: {
        name: 'h',
        inputSchema: {},
        _meta: {
          'mdkg/hints': { aliases: ['cat'], keywords: ['file', 'read'], categories: ['fs'], examples: ['read a.txt'] },
          'mdkg/requires': ['list'],
          other: 1,
        },
      },
      tools: [
        model('h', {
          inputSchema: {},
          hints: { aliases: ['cat'], keywords: ['file', 'read'], categories: ['fs'], examples: ['read a.txt'] },
        }),
      ],
      diagnostics: [warn('tool "h": _meta["mdkg/requires"] names list: no tool named "list" in this source; ignored')],
    },
    {
      name: 'bad hints ignored one field at a time',
      tool: { name: 'h', inputSchema: {}, _meta: { 'mdkg/hints': { aliases: 'cat', keywords: ['ok'], categories: ['x', 2], colour: ['red'] } } },
      tools: [model('h', { inputSchema: {}, hints: { keywords: ['ok'] } })],
      diagnostics: [
        warn('tool "h" (tools[0]): _meta["mdkg/hints"].aliases must be an array of strings, got the string "cat"; ignored'),
        warn('tool "h" (tools[0]): _meta["mdkg/hints"].categories must be an array of strings, got an array whose item 1 is number 2; ignored'),
        warn('tool "h" (tools[0]): _meta["mdkg/hints"] has an unknown key "colour" (known: aliases, keywords, categories, examples); ignored'),
      ],
    },
    {
      name: 'hints not an object, requires not strings, _meta not an object',
      tool: { name: 'h', inputSchema: {}, _meta: { 'mdkg/hints': ['cat'], 'mdkg/requires': 'list' } },
      tools: [model('h', { inputSchema: {} })],
      diagnostics: [
        warn('tool "h" (tools[0]): _meta["mdkg/hints"] must be an object, got an array; ignored'),
        warn('tool "h" (tools[0]): _meta["mdkg/requires"] must be a list of tool names or {tool, bindings} objects; ignored'),
      ],
    },
    {
      name: '_meta not an object',
      tool: { name: 'h', inputSchema: {}, _meta: 5 },
      tools: [model('h', { inputSchema: {} })],
      diagnostics: [warn('tool "h" (tools[0]): _meta must be an object, got number 5; ignored')],
    },
    { name: 'empty requires omitted', tool: { name: 'h', inputSchema: {}, _meta: { 'mdkg/requires': [] } }, tools: [model('h', { inputSchema: {} })] },
    {
      name: 'no inputSchema: kept, no parameters',
      tool: { name: 'n' },
      tools: [model('n')],
      diagnostics: [warn('tool "n" (tools[0]): has no inputSchema; read as taking no parameters')],
    },
    {
      name: 'odd schema parts reported, tool kept',
      tool: { name: 'o', description: 7, title: false, inputSchema: { type: 'string', properties: [], required: 'x' }, outputSchema: 'text' },
      tools: [model('o', { inputSchema: { type: 'string', properties: [], required: 'x' } })],
      diagnostics: [
        warn('tool "o" (tools[0]): inputSchema.type should be "object", got the string "string"'),
        warn('tool "o" (tools[0]): inputSchema.required must be an array of strings, got the string "x"; ignored'),
        warn('tool "o" (tools[0]): inputSchema.properties must be an object, got an array; no parameters read'),
        warn('tool "o" (tools[0]): title must be a string, got boolean false; ignored'),
        warn('tool "o" (tools[0]): description must be a string, got number 7; ignored'),
        warn('tool "o" (tools[0]): outputSchema must be a JSON object, got the string "text"; ignored'),
      ],
    },
  ];
  it.each(cases)('$name', ({ tool, tools, diagnostics = [] }) => {
    expect(read({ tools: [tool] })).toEqual({ source: 'demo', tools, diagnostics });
  });
});

describe('readMcpToolList: declared requires in _meta', () => {
  it('reads names and {tool, bindings} against the other tools of the list', () => {
    const result = read([
      { name: 'list_dirs', inputSchema: {} },
      {
        name: 'read',
        inputSchema: SCHEMA,
        _meta: { 'mdkg/requires': [{ tool: 'list_dirs', bindings: { path: '$response.body#/0/path', size: 'response.size' } }, 'nope'] },
      },
    ]);
    expect(result.tools[1]?.requires).toEqual([
      {
        tool: 'list_dirs',
        source: 'declared:meta',
        evidence: '_meta["mdkg/requires"] names list_dirs',
        bindings: [{ parameter: 'path', field: 'response[].path' }],
      },
    ]);
    expect(result.diagnostics).toEqual([
      warn('tool "read": _meta["mdkg/requires"] names list_dirs: no parameter "size" of read to bind; binding ignored'),
      warn('tool "read": _meta["mdkg/requires"] names nope: no tool named "nope" in this source; ignored'),
    ]);
  });
});

describe('readMcpToolList: invalid tools are skipped, the others kept', () => {
  it('reports each bad tool by name, or by index when it has none', () => {
    const good = { name: 'good', inputSchema: {} };
    const result = read([
      null,
      'text',
      { description: 'no name' },
      { name: '' },
      { name: 42 },
      good,
      { name: 'bad', inputSchema: 'string' },
      { name: 'arr', inputSchema: [] },
      { name: 'good', inputSchema: { type: 'object' } },
      { name: 'last', inputSchema: {} },
    ]);
    expect(result.tools).toEqual([model('good', { inputSchema: {} }), model('last', { inputSchema: {} })]);
    expect(result.diagnostics).toEqual([
      invalid('tools[0] is not an object (got null); skipped'),
      invalid('tools[1] is not an object (got the string "text"); skipped'),
      invalid('tools[2] has no name: "name" must be a non-empty string, got nothing; skipped'),
      invalid('tools[3] has no name: "name" must be a non-empty string, got the string ""; skipped'),
      invalid('tools[4] has no name: "name" must be a non-empty string, got number 42; skipped'),
      invalid('tool "bad" (tools[6]): inputSchema must be a JSON object, got the string "string"; skipped'),
      invalid('tool "arr" (tools[7]): inputSchema must be a JSON object, got an array; skipped'),
      invalid('tool "good" (tools[8]) repeats the name of tools[5]; skipped, the first one is kept'),
    ]);
  });
});

describe('readMcpToolList: the file as a whole', () => {
  const source = (diagnostic: Omit<Diagnostic, 'severity' | 'file'>) => ({
    source: 'demo',
    tools: [],
    diagnostics: [{ severity: 'error', file: FILE, ...diagnostic }],
  });
  const cases: Array<{ name: string; text: string; expected: unknown }> = [
    {
      name: 'missing comma',
      text: '{\n  "tools": [\n    {"name": "a"}\n    {"name": "b"}\n  ]\n}',
      expected: source({
        code: 'MDKG_SOURCE_INVALID',
        message: 'tool list of source "demo" is not valid JSON: expected \',\' or \']\', found "{"',
        line: 4,
        column: 5,
      }),
    },
    {
      name: 'trailing comma',
      text: '{"tools": [1,]}',
      expected: source({
        code: 'MDKG_SOURCE_INVALID',
        message: 'tool list of source "demo" is not valid JSON: expected a value, found "]"',
        line: 1,
        column: 14,
      }),
    },
    {
      name: 'cut short',
      text: '{"tools": [\n',
      expected: source({
        code: 'MDKG_SOURCE_INVALID',
        message: 'tool list of source "demo" is not valid JSON: expected a value, found the end of the text',
        line: 2,
        column: 1,
      }),
    },
    {
      name: 'empty',
      text: '',
      expected: source({
        code: 'MDKG_SOURCE_INVALID',
        message: 'tool list of source "demo" is not valid JSON: expected a value, found the end of the text',
        line: 1,
        column: 1,
      }),
    },
    {
      name: 'an object without tools',
      text: '{"items": []}',
      expected: source({
        code: 'MDKG_SOURCE_INVALID',
        message: 'tool list of source "demo" must be {"tools": [...]} or an array of tools, got an object without a "tools" array',
        line: 1,
        column: 1,
      }),
    },
    {
      name: 'tools not an array',
      text: '{"tools": {}}',
      expected: source({
        code: 'MDKG_SOURCE_INVALID',
        message: 'tool list of source "demo" must be {"tools": [...]} or an array of tools, got an object without a "tools" array',
        line: 1,
        column: 1,
      }),
    },
    {
      name: 'a string',
      text: '"tools"',
      expected: source({
        code: 'MDKG_SOURCE_INVALID',
        message: 'tool list of source "demo" must be {"tools": [...]} or an array of tools, got the string "tools"',
        line: 1,
        column: 1,
      }),
    },
    { name: 'empty list', text: '{"tools": []}', expected: { source: 'demo', tools: [], diagnostics: [] } },
    {
      name: 'a byte-order mark and a JSON-RPC response',
      text: '\ufeff{"jsonrpc": "2.0", "id": 1, "result": {"tools": [{"name": "x", "inputSchema": {}}]}}',
      expected: { source: 'demo', tools: [model('x', { inputSchema: {} })], diagnostics: [] },
    },
  ];
  it.each(cases)('$name', ({ text, expected }) => {
    expect(readMcpToolList(text, { source: 'demo', file: FILE })).toEqual(expected);
  });

  it('refuses a text over the size limit, counting UTF-8 bytes', () => {
    const text = JSON.stringify({ tools: [{ name: 'é'.repeat(40) }] }); // 66 chars, 106 bytes
    expect(readMcpToolList(text, { source: 'demo', file: FILE, maxBytes: 100 })).toEqual(
      source({ code: 'MDKG_FILE_TOO_LARGE', message: 'tool list of source "demo" is over the limit of 100 bytes; not read', line: 1, column: 1 }),
    );
    expect(readMcpToolList(text, { source: 'demo', file: FILE, maxBytes: 106 }).tools).toHaveLength(1);
  });

  it('refuses a text over the default limit of 50 MiB', () => {
    const text = `[${' '.repeat(50 * 1024 * 1024)}]`;
    expect(readMcpToolList(text, { source: 'demo', file: FILE })).toEqual(
      source({ code: 'MDKG_FILE_TOO_LARGE', message: 'tool list of source "demo" is over the limit of 52428800 bytes; not read', line: 1, column: 1 }),
    );
  });

  it('leaves file out of diagnostics when no file is given', () => {
    expect(readMcpToolList('[1]', { source: 'demo' }).diagnostics).toEqual([
      { code: 'MDKG_TOOL_INVALID', severity: 'error', message: 'tools[0] is not an object (got number 1); skipped' },
    ]);
  });
});

describe('readMcpToolList: hostile input', () => {
  it('reads 10,000 tools quickly', () => {
    const tools = Array.from({ length: 10_000 }, (_, i) => ({
      name: `tool_${i}`,
      description: `Tool number ${i}`,
      inputSchema: SCHEMA,
      annotations: { readOnlyHint: i % 2 === 0 },
    }));
    const result = read({ tools });
    expect(result.diagnostics).toEqual([]);
    expect(result.tools).toHaveLength(10_000);
    expect(result.tools[9_999]).toEqual(
      model('tool_9999', {
        description: 'Tool number 9999',
        inputSchema: SCHEMA,
        parameters: [{ name: 'path', type: 'string', required: true, description: 'Where' }],
        annotations: { readOnlyHint: { value: false, source: 'explicit' } },
      }),
    );
  });

  it('keeps absurdly long strings', () => {
    const description = 'x'.repeat(5_000_000);
    const name = 'n'.repeat(10_000);
    expect(read([{ name, description, inputSchema: {} }])).toEqual({ source: 'demo', tools: [model(name, { description, inputSchema: {} })], diagnostics: [] });
  });

  it('locates an error deep in nested arrays without overflowing the stack', () => {
    const text = `${'['.repeat(200_000)}}`;
    expect(readMcpToolList(text, { source: 'demo' }).diagnostics).toEqual([
      {
        code: 'MDKG_SOURCE_INVALID',
        severity: 'error',
        message: 'tool list of source "demo" is not valid JSON: expected a value, found "}"',
        line: 1,
        column: 200_001,
      },
    ]);
  });

  it('reads names like __proto__ as plain data', () => {
    const text = '[{"name": "__proto__", "inputSchema": {"properties": {"__proto__": {"type": "string"}, "constructor": {}}}}]';
    const result = readMcpToolList(text, { source: 'demo' });
    expect(result.diagnostics).toEqual([]);
    expect(result.tools.map((t) => [t.name, t.parameters.map((p) => p.name)])).toEqual([['__proto__', ['__proto__', 'constructor']]]);
  });
});
