import type { Diagnostic, Severity } from '../../errors.js';
import { checkDeclared } from '../declared/check.js';
import type { ToolModel } from '../types.js';
import { parametersFromSchema } from './parameters.js';
import { readAnnotations, readDeprecated, readHints, readMeta, readRequires } from './tool-meta.js';
import { describeJson, isObject, type Report } from './values.js';

export interface ConvertContext {
  /** Source id the tools belong to. */
  source: string;
  /** File the tools were read from, for diagnostics. */
  file?: string;
}

/**
 * Turns raw MCP tool definitions (the `tools` of a `tools/list` result) into ToolModels. Shared by
 * tool-list files and live servers. A tool that is not an object, has no name, has an inputSchema
 * that is not an object, or repeats an earlier name is reported (MDKG_TOOL_INVALID, error) and
 * skipped; a bad optional part is reported as a warning and ignored. Never throws.
 */
export function convertMcpTools(raw: readonly unknown[], ctx: ConvertContext): { tools: ToolModel[]; diagnostics: Diagnostic[] } {
  const tools: ToolModel[] = [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Map<string, number>();
  const push = (severity: Severity, message: string): void => {
    diagnostics.push(
      ctx.file === undefined ? { code: 'MDKG_TOOL_INVALID', severity, message } : { code: 'MDKG_TOOL_INVALID', severity, message, file: ctx.file },
    );
  };
  raw.forEach((item, index) => {
    const at = `tools[${index}]`;
    if (!isObject(item)) {
      push('error', `${at} is not an object (got ${describeJson(item)}); skipped`);
      return;
    }
    const { name } = item;
    if (typeof name !== 'string' || name.trim() === '') {
      push('error', `${at} has no name: "name" must be a non-empty string, got ${describeJson(name)}; skipped`);
      return;
    }
    const label = `tool ${JSON.stringify(name)} (${at})`;
    const first = seen.get(name);
    if (first !== undefined) {
      push('error', `${label} repeats the name of tools[${first}]; skipped, the first one is kept`);
      return;
    }
    seen.set(name, index);
    if (item.inputSchema !== undefined && !isObject(item.inputSchema)) {
      push('error', `${label}: inputSchema must be a JSON object, got ${describeJson(item.inputSchema)}; skipped`);
      return;
    }
    tools.push(convertTool(item, name, ctx.source, (severity, message) => push(severity, `${label}: ${message}`)));
  });
  checkDeclared(
    tools,
    (message) => push('warning', message),
    (name) => `tool ${JSON.stringify(name)}`,
  );
  return { tools, diagnostics };
}

function convertTool(item: Record<string, unknown>, name: string, source: string, report: Report): ToolModel {
  const inputSchema = item.inputSchema as Record<string, unknown> | undefined;
  if (inputSchema === undefined) report('warning', 'has no inputSchema; read as taking no parameters');
  const meta = readMeta(item._meta, report);
  const tool: ToolModel = {
    source,
    name,
    kind: 'mcp',
    parameters: inputSchema === undefined ? [] : parametersFromSchema(inputSchema, report),
    annotations: readAnnotations(item.annotations, report),
    hints: readHints(meta, report),
  };
  const title =
    optionalString(item, 'title', report) ?? (isObject(item.annotations) ? optionalString(item.annotations, 'title', report, 'annotations.') : undefined);
  if (title !== undefined) tool.title = title;
  const description = optionalString(item, 'description', report);
  if (description !== undefined) tool.description = description;
  if (inputSchema !== undefined) tool.inputSchema = inputSchema;
  if (item.outputSchema !== undefined) {
    if (isObject(item.outputSchema)) tool.outputSchema = item.outputSchema;
    else report('warning', `outputSchema must be a JSON object, got ${describeJson(item.outputSchema)}; ignored`);
  }
  if (readDeprecated(meta, report)) tool.deprecated = true;
  const requires = readRequires(meta, report);
  if (requires !== undefined && requires.length > 0) tool.requires = requires;
  return tool;
}

function optionalString(object: Record<string, unknown>, key: string, report: Report, prefix = ''): string | undefined {
  const value = object[key];
  if (value === undefined || typeof value === 'string') return value;
  report('warning', `${prefix}${key} must be a string, got ${describeJson(value)}; ignored`);
  return undefined;
}
