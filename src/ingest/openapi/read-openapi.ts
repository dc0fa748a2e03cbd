import type { IngestResult, ToolModel } from '../types.js';
import { checkDeclared } from '../declared/check.js';
import { buildTool } from './build-tool.js';
import type { ReadContext, SpecVersion } from './context.js';
import { isObject, own } from './json.js';
import { addLinkRequires } from './links.js';
import { listOperations, nameOperations } from './operations.js';
import { parseSpecText } from './parse-text.js';
import { RefResolver } from './refs.js';
import { Reporter } from './reporter.js';
import { SchemaRefIndex } from './schema-refs.js';

export interface ReadOpenApiOptions {
  /** Source id (namespace) the tools belong to, e.g. `petstore`. */
  source: string;
  /** Path of the spec file, for diagnostics. */
  file?: string;
}

/**
 * Reads an OpenAPI 3.0 / 3.1 or Swagger 2.0 spec, JSON or YAML, into one ToolModel per operation.
 * Synchronous: it does no I/O (the caller reads the file) and never fetches a remote `$ref`.
 * Never throws for bad input: problems are diagnostics, and a spec that cannot be read at all gives
 * `tools: []` with an MDKG_SOURCE_INVALID error. Annotations are left to the annotation step
 * (only explicit `x-mcp-annotations` are read here).
 */
export function readOpenApi(text: string, options: ReadOpenApiOptions): IngestResult {
  const reporter = new Reporter(options.file);
  const result = (tools: ToolModel[]): IngestResult => ({ source: options.source, tools, diagnostics: reporter.diagnostics });
  const spec = parseSpecText(text, options.file, reporter);
  if (spec === undefined) return result([]);
  if (!isObject(spec)) {
    reporter.report(
      'MDKG_SOURCE_INVALID',
      'error',
      `the spec is ${Array.isArray(spec) ? 'a list' : spec === null ? 'null' : `a ${typeof spec}`}, not an object`,
    );
    return result([]);
  }
  const version = specVersion(spec, reporter);
  if (version === undefined) return result([]);
  const paths = own(spec, 'paths');
  if (paths === undefined) {
    // Required in Swagger 2.0 and OpenAPI 3.0 (a spec cut short, say): the source failed. 3.1 allows
    // a spec of webhooks or components only: valid, with no operations.
    if (version === '3.1') reporter.report('MDKG_SOURCE_INVALID', 'warning', 'the spec has no `paths`: no operations, no tools');
    else reporter.report('MDKG_SOURCE_INVALID', 'error', 'the spec has no `paths` (required in OpenAPI 3.0 and Swagger 2.0): is it complete?');
    return result([]);
  }
  if (!isObject(paths)) {
    reporter.report('MDKG_SOURCE_INVALID', 'error', '`paths` is not an object');
    return result([]);
  }
  const ctx: ReadContext = { spec, version, refs: new RefResolver(spec, reporter), reporter };
  const entries = listOperations(paths, ctx);
  const names = nameOperations(entries, ctx);
  const index = new SchemaRefIndex(ctx);
  const tools = entries.map((entry, i) => buildTool(entry, names[i] ?? { name: entry.label, generated: true }, options.source, ctx, index));
  addLinkRequires(entries, names, tools, ctx);
  checkDeclared(tools, (message) => reporter.report('MDKG_TOOL_INVALID', 'warning', message));
  return result(tools);
}

/**
 * `swagger: "2.0"` → 2.0; `openapi: 3.0.x` → 3.0; `openapi: 3.1.x` and later 3.x → 3.1. Another
 * version is read as the nearest flavour with a warning; neither key is an error.
 */
function specVersion(spec: Record<string, unknown>, reporter: Reporter): SpecVersion | undefined {
  const openapi = own(spec, 'openapi');
  const swagger = own(spec, 'swagger');
  if (typeof openapi === 'string' || typeof openapi === 'number') {
    const text = String(openapi);
    // `3`, `3.0` and `3.0.x` are 3.0 (`3.1.0` is not: the old pattern took it for 3.0).
    if (/^3(?:\.0)?(?:\.\d+)?$/.test(text) && !/^3\.[1-9]/.test(text)) return '3.0';
    if (!/^3\.\d+(?:\.|$)/.test(text)) reporter.report('MDKG_SOURCE_INVALID', 'warning', `openapi version "${text}" is not 3.x; read as 3.1`);
    return '3.1';
  }
  if (typeof swagger === 'string' || typeof swagger === 'number') {
    const text = String(swagger);
    if (!/^2(?:\.0){0,2}$/.test(text)) reporter.report('MDKG_SOURCE_INVALID', 'warning', `swagger version "${text}" is not 2.0; read as 2.0`);
    return '2.0';
  }
  reporter.report('MDKG_SOURCE_INVALID', 'error', 'not an OpenAPI or Swagger spec: no `openapi` or `swagger` version');
  return undefined;
}
