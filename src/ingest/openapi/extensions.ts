import { ANNOTATION_HINTS, SEARCH_HINT_FIELDS } from '../../rdf/tool-hints.js';
import { readRequiresList } from '../declared/requires-shape.js';
import type { DeclaredRequire, ToolAnnotations, ToolHints } from '../types.js';
import type { ReadContext } from './context.js';
import { isObject, own, stringList } from './json.js';
import type { OperationEntry } from './operations.js';

/** Search hints from the operation's `x-mdkg-hints` (`aliases`, `keywords`, `categories`, `examples`: lists of strings). */
export function operationHints(entry: OperationEntry, ctx: ReadContext): ToolHints {
  const raw = own(entry.operation, 'x-mdkg-hints');
  if (raw === undefined) return {};
  if (!isObject(raw)) {
    ctx.reporter.report('MDKG_TOOL_INVALID', 'warning', `x-mdkg-hints of ${entry.label} is not an object; ignored`);
    return {};
  }
  const hints: ToolHints = {};
  for (const key of SEARCH_HINT_FIELDS) {
    const values = stringList(own(raw, key));
    if (values.length > 0) hints[key] = values;
  }
  return hints;
}

/**
 * Explicit MCP annotations from the operation's `x-mcp-annotations` (booleans only). Nothing else
 * is set here: annotations inferred from the HTTP method are added later, by the annotation step.
 */
export function operationAnnotations(entry: OperationEntry): ToolAnnotations {
  const raw = own(entry.operation, 'x-mcp-annotations');
  const annotations: ToolAnnotations = {};
  for (const key of ANNOTATION_HINTS) {
    const value = own(raw, key);
    if (typeof value === 'boolean') annotations[key] = { value, source: 'explicit' };
  }
  return annotations;
}

/** The operation's `x-mdkg-requires` (the shape of `_meta["mdkg/requires"]`); targets are checked once every operation is read. */
export function operationRequires(entry: OperationEntry, ctx: ReadContext): DeclaredRequire[] {
  if (!Object.hasOwn(entry.operation, 'x-mdkg-requires')) return [];
  const warn = (message: string): void => ctx.reporter.report('MDKG_TOOL_INVALID', 'warning', message);
  return readRequiresList(own(entry.operation, 'x-mdkg-requires'), `x-mdkg-requires of ${entry.label}`, 'declared:x-mdkg-requires', warn);
}
