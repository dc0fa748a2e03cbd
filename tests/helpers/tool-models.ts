import type { FieldRef, ToolAnnotations, ToolModel, ToolParameter } from '../../src/ingest/types.js';

export interface OpOptions {
  consumes?: FieldRef[];
  produces?: FieldRef[];
  schemaRefs?: string[];
  tags?: string[];
  parameters?: ToolParameter[];
  annotations?: ToolAnnotations;
}

/** An OpenAPI operation as a ToolModel of source `api`. Path parameters become required parameters and consumed fields. */
export function op(name: string, method: string, path: string, options: OpOptions = {}): ToolModel {
  const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const consumes: FieldRef[] = [...pathParams.map((p) => ({ name: p, path: `path.${p}`, type: 'string' })), ...(options.consumes ?? [])];
  return {
    source: 'api',
    name,
    kind: 'openapi',
    parameters: [...pathParams.map((p): ToolParameter => ({ name: p, required: true, in: 'path', type: 'string' })), ...(options.parameters ?? [])],
    annotations: options.annotations ?? {},
    hints: {},
    openapi: {
      method,
      path,
      operationId: name,
      generatedOperationId: false,
      tags: options.tags ?? [],
      servers: [],
      security: [],
      consumes,
      produces: options.produces ?? [],
      schemaRefs: options.schemaRefs ?? [],
    },
  };
}

export interface McpOptions {
  description?: string;
  parameters?: ToolParameter[];
  outputSchema?: unknown;
  requires?: string[];
  annotations?: ToolAnnotations;
}

/** An MCP tool as a ToolModel of source `mcp`. */
export function mcp(name: string, options: McpOptions = {}): ToolModel {
  const tool: ToolModel = { source: 'mcp', name, kind: 'mcp', parameters: options.parameters ?? [], annotations: options.annotations ?? {}, hints: {} };
  if (options.description !== undefined) tool.description = options.description;
  if (options.outputSchema !== undefined) tool.outputSchema = options.outputSchema;
  if (options.requires !== undefined)
    tool.requires = options.requires.map((to) => ({ tool: to, source: 'declared:meta', evidence: `_meta["mdkg/requires"] names ${to}` }));
  return tool;
}

/** `from -relation-> to score rule`, compact for exact assertions. */
export function brief(e: { from: string; to: string; relation: string; score: number; rule: string; confidence: string }): string {
  return `${e.from} -${e.relation}-> ${e.to} ${e.score} ${e.confidence} ${e.rule}`;
}
