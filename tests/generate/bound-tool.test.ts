import { describe, expect, it } from 'vitest';
import { boundTool } from '../../src/generate/bound-tool.js';
import type { ToolModel } from '../../src/ingest/types.js';

const tool = (over: Partial<ToolModel>): ToolModel => ({ source: 's', name: 't', kind: 'mcp', parameters: [], annotations: {}, hints: {}, ...over });

describe('boundTool', () => {
  it('returns a tool that needs nothing as it is, with no diagnostic', () => {
    const t = tool({ description: 'Reads a file.', inputSchema: { type: 'object' } });
    expect(boundTool(t)).toEqual({ tool: t, diagnostics: [] });
  });

  it.each([
    ['a description', tool({ description: 'a\ud800b' }), { description: 'a\ufffdb' }, '1 text'],
    ['a title', tool({ title: '\udc00' }), { title: '\ufffd' }, '1 text'],
    [
      'a schema key and value',
      tool({ inputSchema: { properties: { 'p\udbff': { enum: ['x\ud800y'] } } } }),
      { inputSchema: { properties: { 'p\ufffd': { enum: ['x\ufffdy'] } } } },
      '2 texts',
    ],
    [
      'a parameter name',
      tool({ parameters: [{ name: 'q\udfff', required: false }] as ToolModel['parameters'] }),
      { parameters: [{ name: 'q\ufffd', required: false }] },
      '1 text',
    ],
  ])('mends a lone surrogate in %s with U+FFFD, and says so', (_what, t, expected, count) => {
    const { tool: out, diagnostics } = boundTool(t, 'list.json');
    expect(out).toEqual({ ...t, ...expected });
    expect(diagnostics).toEqual([
      {
        code: 'MDKG_TOOL_INVALID',
        severity: 'warning',
        file: 'list.json',
        message: `tool "t": ${count} with a lone surrogate (not Unicode) mended with U+FFFD`,
      },
    ]);
  });

  it('keeps a surrogate pair (an emoji) as it is', () => {
    const t = tool({ description: 'ship it 🚀' });
    expect(boundTool(t)).toEqual({ tool: t, diagnostics: [] });
  });

  it.each([
    ['x\ud800', 1],
    ['\udc00abc', 0],
  ])('skips a tool whose name %j is not well formed (lone surrogate at %i)', (name, index) => {
    expect(boundTool(tool({ name }))).toEqual({
      diagnostics: [
        {
          code: 'MDKG_TOOL_INVALID',
          severity: 'error',
          message: `tool ${JSON.stringify(name)}: its name is not well-formed Unicode (a lone surrogate at index ${index}); skipped`,
        },
      ],
    });
  });

  it('cuts a long text and mends another, in one warning', () => {
    const { tool: out, diagnostics } = boundTool(tool({ description: 'w'.repeat(9000), title: '\ud800' }));
    expect([out?.description?.length, out?.title]).toEqual([8000, '\ufffd']);
    expect(diagnostics.map((d) => d.message)).toEqual([
      'tool "t": 1 text over 8000 characters cut to that length; 1 text with a lone surrogate (not Unicode) mended with U+FFFD',
    ]);
  });

  it('never cuts a name, however long', () => {
    const name = 'n'.repeat(9000);
    expect(boundTool(tool({ name })).tool?.name).toBe(name);
  });

  it.each([
    [100, 100, []],
    [250, 100, ['tool "t": 1 parameter with over 100 enum values listed by the first 100 (the input schema keeps all)']],
  ])('a parameter with %i enum values lists %i of them; the input schema keeps every one', (count, listed, messages) => {
    const values = Array.from({ length: count }, (_, i) => `v${i}`);
    const t = tool({
      parameters: [{ name: 'level', required: false, enum: values }] as ToolModel['parameters'],
      inputSchema: { type: 'object', properties: { level: { enum: values } } },
    });
    const { tool: out, diagnostics } = boundTool(t);
    expect(out?.parameters[0]?.enum).toEqual(values.slice(0, listed));
    expect(out?.inputSchema).toEqual(t.inputSchema);
    expect(diagnostics.map((d) => d.message)).toEqual(messages);
  });
});
