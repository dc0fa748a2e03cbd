import type { ReadContext } from './context.js';
import { isObject, own, pointer, type Json } from './json.js';

/** The HTTP methods a path item holds operations under; other keys are not operations. */
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const METHOD_SET: ReadonlySet<string> = new Set(HTTP_METHODS);

/** One operation of a spec and where it sits. */
export interface OperationEntry {
  /** Lower case, as the spec keys it. */
  method: string;
  path: string;
  pathItem: Json;
  operation: Json;
  /** JSON Pointer of the operation. */
  at: string;
  /** Pointer of the path item (the target when the path item is a `$ref`). */
  pathItemAt: string;
  /** `GET /pets/{petId}`, for messages. */
  label: string;
}

/**
 * Every operation of `paths`, in document order (paths, then methods as each path item lists them).
 * A path item given by a local `$ref` is followed. A path item or operation that is not an object
 * is reported (MDKG_TOOL_INVALID, naming method and path) and skipped; keys that are not HTTP
 * methods (`parameters`, `servers`, `x-…`, unknown verbs) are ignored.
 */
export function listOperations(paths: Json, ctx: ReadContext): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [path, rawItem] of Object.entries(paths)) {
    if (path.startsWith('x-')) continue;
    const itemAt = pointer('#/paths', path);
    const resolved = ctx.refs.deref(rawItem, itemAt);
    if (resolved.broken !== undefined) continue;
    if (!isObject(resolved.node)) {
      ctx.reporter.report('MDKG_TOOL_INVALID', 'error', `path item ${path} is not an object; its operations are skipped`);
      continue;
    }
    const pathItem = resolved.node;
    for (const [key, operation] of Object.entries(pathItem)) {
      const method = key.toLowerCase();
      if (!METHOD_SET.has(method)) continue;
      const label = `${method.toUpperCase()} ${path}`;
      if (!isObject(operation)) {
        ctx.reporter.report('MDKG_TOOL_INVALID', 'error', `operation ${label} is not an object; it is skipped`);
        continue;
      }
      entries.push({ method, path, pathItem, operation, at: pointer(resolved.at, key), pathItemAt: resolved.at, label });
    }
  }
  return entries;
}

/** A tool name for each operation, and whether it was generated. */
export interface OperationName {
  name: string;
  generated: boolean;
}

/**
 * Names operations by their `operationId`. A missing, empty or non-string one is generated from
 * method and path in snake case (`GET /users/{id}` → `get_users_by_id`, `/` → `root`). Names are
 * unique within the spec: declared ids are claimed first, in document order; a repeated declared id
 * (reported) and a generated name already taken get the first free suffix `_2`, `_3`, …, in
 * document order.
 */
export function nameOperations(entries: readonly OperationEntry[], ctx: ReadContext): OperationName[] {
  const declared = entries.map((entry) => declaredId(entry, ctx));
  const taken = new Set<string>();
  const names: Array<OperationName | undefined> = declared.map((id) => {
    if (id === undefined || taken.has(id)) return undefined;
    taken.add(id);
    return { name: id, generated: false };
  });
  return entries.map((entry, index) => {
    const claimed = names[index];
    if (claimed !== undefined) return claimed;
    const id = declared[index];
    const base = id ?? generatedName(entry.method, entry.path);
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
    taken.add(name);
    if (id !== undefined) {
      ctx.reporter.report(
        'MDKG_TOOL_INVALID',
        'warning',
        `operationId "${id}" of ${entry.label} is used by an earlier operation too; this one is named "${name}"`,
      );
    }
    return { name, generated: id === undefined };
  });
}

function declaredId(entry: OperationEntry, ctx: ReadContext): string | undefined {
  if (!Object.hasOwn(entry.operation, 'operationId')) return undefined;
  const id = own(entry.operation, 'operationId');
  if (typeof id === 'string' && id.trim() !== '') return id;
  ctx.reporter.report(
    'MDKG_TOOL_INVALID',
    'warning',
    `operationId of ${entry.label} is ${typeof id === 'string' ? 'empty' : `not a string (${kindOf(id)})`}; a name is generated`,
  );
  return undefined;
}

/** `get` + `/users/{id}/orderItems` → `get_users_by_id_order_items`. */
export function generatedName(method: string, path: string): string {
  const words = path
    .replace(/\{([^}]*)\}/g, ' by $1 ')
    .replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
  return [method.toLowerCase(), ...(words.length === 0 ? ['root'] : words)].join('_');
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}
