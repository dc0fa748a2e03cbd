// What generate writes must always load: free text is capped before it goes into a document, so a
// 3 MB description cannot make a document the loader refuses. Names are identity and are kept.
import type { Diagnostic } from '../errors.js';
import type { ToolModel } from '../ingest/types.js';

/** Longest free text (a description, a title, a schema string) written into a tool document. */
const MAX_TEXT_CHARS = 8000;

/** Keys whose string values are identity (names, ids, refs): never cut. */
const IDENTITY_KEYS = new Set(['name', 'source', 'id', '$ref', 'path', 'method', 'operationId']);

function cut(value: unknown, key: string, count: { n: number }, depth: number): unknown {
  if (typeof value === 'string') {
    if (value.length <= MAX_TEXT_CHARS || IDENTITY_KEYS.has(key)) return value;
    count.n += 1;
    // Never split a surrogate pair.
    const end = /[\uD800-\uDBFF]/.test(value.charAt(MAX_TEXT_CHARS - 2)) ? MAX_TEXT_CHARS - 2 : MAX_TEXT_CHARS - 1;
    return `${value.slice(0, end)}…`;
  }
  if (value === null || typeof value !== 'object' || depth > 64) return value;
  if (Array.isArray(value)) return value.map((item) => cut(item, key, count, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    Object.defineProperty(out, k, { value: cut(v, k, count, depth + 1), enumerable: true, writable: true, configurable: true });
  return out;
}

/** The tool with every free text over MAX_TEXT_CHARS cut, and a warning saying so. */
export function boundTool(tool: ToolModel, file?: string): { tool: ToolModel; diagnostics: Diagnostic[] } {
  const count = { n: 0 };
  const bounded = cut(tool, '', count, 0) as ToolModel;
  if (count.n === 0) return { tool, diagnostics: [] };
  const message = `tool "${tool.name}": ${count.n} text${count.n === 1 ? '' : 's'} over ${MAX_TEXT_CHARS} characters cut to that length`;
  return { tool: bounded, diagnostics: [{ code: 'MDKG_TOOL_INVALID', severity: 'warning', message, ...(file === undefined ? {} : { file }) }] };
}
