// What generate writes must always load: free text is capped before it goes into a document, so a
// 3 MB description cannot make a document the loader refuses; and every string is well-formed
// Unicode, since a lone surrogate has no UTF-8 form (a file, an IRI). Names are identity: they are
// kept as they are, and a tool whose name is not well formed is not written at all.
import type { Diagnostic } from '../errors.js';
import type { ToolModel } from '../ingest/types.js';
import { loneSurrogateAt, toWellFormed } from '../util/well-formed.js';

/** Longest free text (a description, a title, a schema string) written into a tool document. */
const MAX_TEXT_CHARS = 8000;

/**
 * Most enum values of one parameter listed in a document (and so indexed as words the tool
 * accepts); the input schema keeps them all, for checking arguments.
 */
const MAX_ENUM_VALUES = 100;

/** Keys whose string values are identity (names, ids, refs): never cut. */
const IDENTITY_KEYS = new Set(['name', 'source', 'id', '$ref', 'path', 'method', 'operationId']);

interface Counts {
  cut: number;
  mended: number;
  enums: number;
}

/** The string with each lone surrogate replaced by U+FFFD, counted. */
function wellFormed(value: string, counts: Counts): string {
  const text = toWellFormed(value);
  if (text !== value) counts.mended += 1;
  return text;
}

function bound(value: unknown, key: string, counts: Counts, depth: number): unknown {
  if (typeof value === 'string') {
    const text = wellFormed(value, counts);
    if (text.length <= MAX_TEXT_CHARS || IDENTITY_KEYS.has(key)) return text;
    counts.cut += 1;
    // Never split a surrogate pair.
    const end = /[\uD800-\uDBFF]/.test(text.charAt(MAX_TEXT_CHARS - 2)) ? MAX_TEXT_CHARS - 2 : MAX_TEXT_CHARS - 1;
    return `${text.slice(0, end)}…`;
  }
  if (value === null || typeof value !== 'object' || depth > 64) return value;
  if (Array.isArray(value)) return value.map((item) => bound(item, key, counts, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const name = wellFormed(k, counts);
    Object.defineProperty(out, name, { value: bound(v, name, counts, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * The tool with every free text over MAX_TEXT_CHARS cut, every lone surrogate replaced by U+FFFD
 * and each parameter's listed enum values bounded (MAX_ENUM_VALUES), with a warning saying so; no tool (an error) when its name itself is not well formed,
 * since two such names could become one file and one IRI.
 */
export function boundTool(tool: ToolModel, file?: string): { tool?: ToolModel; diagnostics: Diagnostic[] } {
  const at = file === undefined ? {} : { file };
  const lone = loneSurrogateAt(tool.name);
  if (lone >= 0) {
    const message = `tool ${JSON.stringify(tool.name)}: its name is not well-formed Unicode (a lone surrogate at index ${lone}); skipped`;
    return { diagnostics: [{ code: 'MDKG_TOOL_INVALID', severity: 'error', message, ...at }] };
  }
  const counts: Counts = { cut: 0, mended: 0, enums: 0 };
  const bounded = bound(tool, '', counts, 0) as ToolModel;
  bounded.parameters = bounded.parameters.map((p) => {
    if (p.enum === undefined || p.enum.length <= MAX_ENUM_VALUES) return p;
    counts.enums += 1;
    return { ...p, enum: p.enum.slice(0, MAX_ENUM_VALUES) };
  });
  if (counts.cut === 0 && counts.mended === 0 && counts.enums === 0) return { tool, diagnostics: [] };
  const parts: string[] = [];
  if (counts.cut > 0) parts.push(`${counts.cut} text${counts.cut === 1 ? '' : 's'} over ${MAX_TEXT_CHARS} characters cut to that length`);
  if (counts.enums > 0)
    parts.push(
      `${counts.enums} parameter${counts.enums === 1 ? '' : 's'} with over ${MAX_ENUM_VALUES} enum values listed by the first ${MAX_ENUM_VALUES} (the input schema keeps all)`,
    );
  if (counts.mended > 0) parts.push(`${counts.mended} text${counts.mended === 1 ? '' : 's'} with a lone surrogate (not Unicode) mended with U+FFFD`);
  const message = `tool "${tool.name}": ${parts.join('; ')}`;
  return { tool: bounded, diagnostics: [{ code: 'MDKG_TOOL_INVALID', severity: 'warning', message, ...at }] };
}
