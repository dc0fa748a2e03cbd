import { describe, expect, it } from 'vitest';
import { syntheticOpenApi } from '../../benchmarks/synthetic-openapi.js';
import { sourceDocuments, sourceModels } from '../../src/generate/source-documents.js';
import { toolDocument } from '../../src/generate/tool-document.js';
import { schemaJsonCache, toolText } from '../../src/generate/tool-text.js';
import { readOpenApi } from '../../src/ingest/openapi/index.js';
import type { DependencyEdge, ToolModel } from '../../src/ingest/types.js';
import { writeDocument } from '../../src/markdown-ld/write.js';

const tool: ToolModel = {
  source: 'shop',
  name: 'getOrder',
  kind: 'openapi',
  title: 'Get an order',
  description: 'Returns one order.',
  parameters: [{ name: 'orderId', type: 'string', required: true, in: 'path' }],
  annotations: { readOnlyHint: { value: true, source: 'inferred', rule: 'http-method:GET' } },
  hints: {},
  inputSchema: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
  outputSchema: { type: 'object', properties: { id: { type: 'string' } } },
  openapi: {
    method: 'GET',
    path: '/orders/{orderId}',
    operationId: 'getOrder',
    generatedOperationId: false,
    tags: [],
    servers: [],
    security: [],
    consumes: [],
    produces: [],
    schemaRefs: [],
  },
};
const edge = (to: string, evidence: string, over: Partial<DependencyEdge> = {}): DependencyEdge => ({
  from: 'getOrder',
  to,
  relation: 'requires',
  confidence: 'inferred',
  score: 0.8123,
  evidence,
  rule: 'field-match',
  ...over,
});

describe('toolText: the text of writeDocument(toolDocument(...))', () => {
  const evidences = [
    'plain words',
    'listOrders produces response.items[].id (string) that getOrder consumes as path.orderId (orderId)',
    '#hash first',
    'a: colon space',
    'trailing space ',
    'trailing colon:',
    'true',
    '0.5',
    '',
    'multi\nline',
    'multi\nline\n',
    ' leading space',
    'quote "x"',
    'both \' and "',
    'tab\there',
    'control \u0001 char',
    'unicode é ✓',
    'a #comment',
    '- dash',
    '? question',
    '---',
    '...',
    '[bracket',
    '{brace',
    '&anchor',
    '*alias',
    '!tag',
    '|pipe',
    '>fold',
    '%percent',
    '@at',
    '`tick',
  ];
  it.each(evidences)('with evidence %j', (evidence) => {
    const edges = [
      edge('listOrders', evidence),
      edge('a b/c', evidence, { relation: 'precedes', score: 1, rule: 'crud order: x' }),
      edge('getOrder', 'self', { relation: 'nextStep', score: 0 }),
      { ...edge('x', 'not mine'), from: 'other' },
    ];
    for (const groups of [[], ['orders', 'g: h']]) expect(toolText(tool, edges, groups)).toBe(writeDocument(toolDocument(tool, edges, groups)));
  });

  it('with front matter only the general writer writes (control characters) and no edges', () => {
    const { description: _, ...rest } = tool;
    const odd: ToolModel = { ...rest, title: 'bell \u0007' };
    expect(toolText(odd, [edge('listOrders', 'x')], [])).toBe(writeDocument(toolDocument(odd, [edge('listOrders', 'x')], [])));
    expect(toolText(tool, [], [])).toBe(writeDocument(toolDocument(tool, [], [])));
  });

  it('keeps one JSON text per schema object', () => {
    const json = schemaJsonCache();
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    expect(json(schema)).toBe(JSON.stringify(schema, null, 2));
    expect(json(schema)).toBe(json(schema));
    expect(json(null)).toBe('null');
    expect(toolText({ ...tool, outputSchema: schema }, [], [], json)).toBe(writeDocument(toolDocument({ ...tool, outputSchema: schema }, [], [])));
  });

  it('sourceDocuments gives the text of every model of sourceModels (synthetic spec, 400 operations)', () => {
    const { tools } = readOpenApi(JSON.stringify(syntheticOpenApi(400).spec), { source: 'synthetic' });
    const { documents, edges } = sourceDocuments(tools, {});
    const { models } = sourceModels(tools, {});
    expect(edges).toBeGreaterThan(1000);
    expect([...documents.keys()]).toEqual([...models.keys()]);
    for (const [path, model] of models) expect(documents.get(path)).toBe(writeDocument(model));
  });
});
