// The shape of a declared `requires` list, shared by an MCP tool's `_meta["mdkg/requires"]` and an
// OpenAPI operation's `x-mdkg-requires`: tool names, or objects `{tool, bindings}`.
import type { DeclaredRequire, DeclaredSource, EdgeBinding } from '../types.js';
import { expressionField, FIELD_PATH } from './runtime-expression.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** At most this many entries and bindings per entry are read (a hostile list is cut, reported). */
export const REQUIRES_LIMITS = { entries: 256, bindings: 64 } as const;

/**
 * One binding value: a runtime expression (`$response.body#/0/id`) or a field path (`response[].id`).
 * Returns the field, or why not.
 */
export function bindingField(value: unknown): { field: string } | { error: string } {
  if (typeof value === 'string' && FIELD_PATH.test(value.trim())) return { field: value.trim() };
  const read = expressionField(value);
  if ('constant' in read) return { error: `${JSON.stringify(value)} is neither a runtime expression nor a field path such as response[].id` };
  return read;
}

/**
 * Reads `[ "getUser", { "tool": "listAgents", "bindings": { "agentId": "$response.body#/0/id" } } ]`.
 * Binding keys are the requiring tool's parameters (checked later, once its parameters are known).
 * A bad entry or binding is reported through `warn` (its place in `where`) and left out; the rest is kept.
 */
export function readRequiresList(value: unknown, where: string, source: DeclaredSource, warn: (message: string) => void): DeclaredRequire[] {
  if (!Array.isArray(value)) {
    warn(`${where} must be a list of tool names or {tool, bindings} objects; ignored`);
    return [];
  }
  if (value.length > REQUIRES_LIMITS.entries) warn(`${where} has ${value.length} entries; the first ${REQUIRES_LIMITS.entries} are read`);
  const out: DeclaredRequire[] = [];
  value.slice(0, REQUIRES_LIMITS.entries).forEach((entry, index) => {
    const at = `${where}[${index}]`;
    if (typeof entry === 'string' && entry.trim() !== '') {
      out.push({ tool: entry, source, evidence: `${where} names ${entry}` });
      return;
    }
    if (!isObject(entry) || typeof entry.tool !== 'string' || entry.tool.trim() === '') {
      warn(`${at} must be a tool name or an object with a "tool" name; ignored`);
      return;
    }
    const declared: DeclaredRequire = { tool: entry.tool, source, evidence: `${where} names ${entry.tool}` };
    if (entry.bindings !== undefined) {
      if (!isObject(entry.bindings)) warn(`${at}.bindings must be an object {parameter: field}; ignored`);
      else {
        const bindings: EdgeBinding[] = [];
        for (const [parameter, raw] of Object.entries(entry.bindings).slice(0, REQUIRES_LIMITS.bindings)) {
          const read = bindingField(raw);
          if ('error' in read) warn(`${at}.bindings.${parameter}: ${read.error}; ignored`);
          else bindings.push({ parameter, field: read.field });
        }
        if (bindings.length > 0) declared.bindings = bindings;
      }
    }
    out.push(declared);
  });
  return out;
}
