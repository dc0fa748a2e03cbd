import type { Diagnostic, MdkgCode } from '../../../src/errors.js';
import { readOpenApi } from '../../../src/ingest/openapi/index.js';
import type { IngestResult, ToolModel } from '../../../src/ingest/types.js';

/** Reads a spec given as an object (written as JSON) from `spec.json`. */
export function read(spec: unknown, source = 's'): IngestResult {
  return readOpenApi(JSON.stringify(spec), { source, file: 'spec.json' });
}

/** A 3.0 spec with these paths (and components, when given). */
export function spec30(paths: unknown, components?: unknown): Record<string, unknown> {
  return { openapi: '3.0.3', info: { title: 't', version: '1' }, paths, ...(components === undefined ? {} : { components }) };
}

/** The one tool of a result named `name`. */
export function tool(result: IngestResult, name: string): ToolModel {
  const found = result.tools.find((t) => t.name === name);
  if (found === undefined) throw new Error(`no tool ${name} in ${result.tools.map((t) => t.name).join(', ')}`);
  return found;
}

/** A diagnostic as readOpenApi reports it for `spec.json`. */
export function diag(code: MdkgCode, severity: Diagnostic['severity'], message: string): Diagnostic {
  return { code, severity, message, file: 'spec.json' };
}

/** A response whose JSON body has this schema. */
export function jsonResponse(schema: unknown): Record<string, unknown> {
  return { '200': { description: 'ok', content: { 'application/json': { schema } } } };
}
