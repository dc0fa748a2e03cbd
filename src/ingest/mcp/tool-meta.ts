import { ANNOTATION_HINTS, SEARCH_HINT_FIELDS } from '../../rdf/tool-hints.js';
import { readRequiresList } from '../declared/requires-shape.js';
import type { DeclaredRequire, ToolAnnotations, ToolHints } from '../types.js';
import { describeJson, describeNotStringArray, isObject, isStringArray, type Report } from './values.js';

const META_HINTS = 'mdkg/hints';
const META_REQUIRES = 'mdkg/requires';
const META_DEPRECATED = 'mdkg/deprecated';

/**
 * The explicit MCP annotations of a tool: each boolean hint becomes `{value, source: 'explicit'}`.
 * A hint of another type is reported and ignored. Missing hints stay missing (inference is a
 * separate step).
 */
export function readAnnotations(annotations: unknown, report: Report): ToolAnnotations {
  const out: ToolAnnotations = {};
  if (annotations === undefined) return out;
  if (!isObject(annotations)) {
    report('warning', `annotations must be an object, got ${describeJson(annotations)}; ignored`);
    return out;
  }
  for (const hint of ANNOTATION_HINTS) {
    if (!Object.hasOwn(annotations, hint)) continue;
    const value = annotations[hint];
    if (typeof value === 'boolean') out[hint] = { value, source: 'explicit' };
    else report('warning', `annotations.${hint} must be a boolean, got ${describeJson(value)}; ignored`);
  }
  return out;
}

/** The `_meta` object of a tool, or undefined (reported when present but not an object). */
export function readMeta(meta: unknown, report: Report): Record<string, unknown> | undefined {
  if (meta === undefined) return undefined;
  if (isObject(meta)) return meta;
  report('warning', `_meta must be an object, got ${describeJson(meta)}; ignored`);
  return undefined;
}

/** Search hints from `_meta["mdkg/hints"]`: string arrays under known keys; anything else is reported and ignored. */
export function readHints(meta: Record<string, unknown> | undefined, report: Report): ToolHints {
  const out: ToolHints = {};
  if (meta === undefined || !Object.hasOwn(meta, META_HINTS)) return out;
  const hints = meta[META_HINTS];
  if (!isObject(hints)) {
    report('warning', `_meta["${META_HINTS}"] must be an object, got ${describeJson(hints)}; ignored`);
    return out;
  }
  for (const [key, value] of Object.entries(hints)) {
    const field = SEARCH_HINT_FIELDS.find((name) => name === key);
    if (field === undefined)
      report('warning', `_meta["${META_HINTS}"] has an unknown key ${JSON.stringify(key)} (known: ${SEARCH_HINT_FIELDS.join(', ')}); ignored`);
    else if (isStringArray(value)) out[field] = value;
    else report('warning', `_meta["${META_HINTS}"].${field} must be an array of strings, got ${describeNotStringArray(value)}; ignored`);
  }
  return out;
}

/** `_meta["mdkg/deprecated"]`: true when the server marks the tool deprecated (a non-boolean is reported and ignored). */
export function readDeprecated(meta: Record<string, unknown> | undefined, report: Report): boolean {
  if (meta === undefined || !Object.hasOwn(meta, META_DEPRECATED)) return false;
  const value = meta[META_DEPRECATED];
  if (typeof value === 'boolean') return value;
  report('warning', `_meta["${META_DEPRECATED}"] must be a boolean, got ${describeJson(value)}; ignored`);
  return false;
}

/**
 * `_meta["mdkg/requires"]`: tool names or `{tool, bindings}` objects (docs/tools.md, "Declared
 * dependencies"); undefined when absent. Bad entries are reported and left out.
 */
export function readRequires(meta: Record<string, unknown> | undefined, report: Report): DeclaredRequire[] | undefined {
  if (meta === undefined || !Object.hasOwn(meta, META_REQUIRES)) return undefined;
  return readRequiresList(meta[META_REQUIRES], `_meta["${META_REQUIRES}"]`, 'declared:meta', (message) => report('warning', message));
}
