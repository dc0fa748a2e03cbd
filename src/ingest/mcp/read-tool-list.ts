import type { Diagnostic, MdkgCode, MdkgError } from '../../errors.js';
import { positionOf } from '../../util/text-position.js';
import type { IngestResult } from '../types.js';
import { convertMcpTools } from './convert.js';
import { findJsonSyntaxError } from './json-error.js';
import { describeJson, isObject } from './values.js';
import { readTextFile } from '../../util/read-file.js';

/** Tool-list files above this size (UTF-8 bytes) are refused. */
export const DEFAULT_MAX_TOOL_LIST_BYTES = 50 * 1024 * 1024;

export interface ReadToolListOptions {
  /** Source id (namespace) of the tools. */
  source: string;
  /** Path of the file, for diagnostics. */
  file?: string;
  /** Size limit in UTF-8 bytes; default DEFAULT_MAX_TOOL_LIST_BYTES. */
  maxBytes?: number;
}

/**
 * Reads a `tools/list` result: `{"tools": [...]}`, a bare array of tools, or a whole JSON-RPC
 * response `{"result": {"tools": [...]}}`. Never throws for bad input: invalid JSON is one
 * MDKG_SOURCE_INVALID diagnostic with line and column; bad tools are MDKG_TOOL_INVALID and skipped.
 */
export function readMcpToolList(text: string, options: ReadToolListOptions): IngestResult {
  const { source } = options;
  const fail = (code: MdkgCode, message: string, line = 1, column = 1): IngestResult => ({
    source,
    tools: [],
    diagnostics: [withFile({ code, severity: 'error', message, line, column }, options.file)],
  });
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_TOOL_LIST_BYTES;
  const bytes = text.length > maxBytes || text.length * 3 <= maxBytes ? text.length : Buffer.byteLength(text, 'utf8');
  if (bytes > maxBytes) {
    return fail('MDKG_FILE_TOO_LARGE', `tool list of source "${source}" is over the limit of ${maxBytes} bytes; not read`);
  }
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    const where = findJsonSyntaxError(body);
    const pos = where === undefined ? { line: 1, column: 1 } : positionOf(body, where.offset, 1);
    const reason = where?.reason ?? (error as Error).message;
    return fail('MDKG_SOURCE_INVALID', `tool list of source "${source}" is not valid JSON: ${reason}`, pos.line, pos.column);
  }
  const raw = toolsOf(value);
  if (raw === undefined) {
    return fail(
      'MDKG_SOURCE_INVALID',
      `tool list of source "${source}" must be {"tools": [...]} or an array of tools, got ${describeJson(value)}${isObject(value) ? ' without a "tools" array' : ''}`,
    );
  }
  return { source, ...convertMcpTools(raw, options.file === undefined ? { source } : { source, file: options.file }) };
}

function toolsOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (!isObject(value)) return undefined;
  if (Array.isArray(value.tools)) return value.tools;
  if (value.tools === undefined && isObject(value.result) && Array.isArray(value.result.tools)) return value.result.tools;
  return undefined;
}

function withFile(d: Diagnostic, file: string | undefined): Diagnostic {
  return file === undefined ? d : { ...d, file };
}

/**
 * Reads a tool-list file from disk: checks the size before reading, then `readMcpToolList`.
 * `file` in diagnostics defaults to `path`. Never throws: a read error is MDKG_FILE_READ.
 */
export async function readMcpToolListFile(path: string, options: ReadToolListOptions): Promise<IngestResult> {
  const file = options.file ?? path;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_TOOL_LIST_BYTES;
  const fail = (code: MdkgCode, message: string): IngestResult => ({
    source: options.source,
    tools: [],
    diagnostics: [{ code, severity: 'error', message, file, line: 1, column: 1 }],
  });
  let text: string;
  try {
    text = await readTextFile(path, { maxBytes, file });
  } catch (error) {
    const e = error as MdkgError;
    if (e.code === 'MDKG_FILE_TOO_LARGE')
      return fail(
        'MDKG_FILE_TOO_LARGE',
        `tool list of source "${options.source}" is ${String(e.details.bytes ?? 'over')} bytes, over the limit of ${maxBytes}; not read`,
      );
    return fail(e.code === 'MDKG_BINARY_FILE' ? 'MDKG_BINARY_FILE' : 'MDKG_FILE_READ', `cannot read the tool list of source "${options.source}": ${e.message}`);
  }
  return readMcpToolList(text, { ...options, file, maxBytes });
}
