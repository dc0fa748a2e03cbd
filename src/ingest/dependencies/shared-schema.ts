// shared-schema: two operations whose request or response IS the same component schema (the body or
// response itself, or the items of a returned list; not a schema nested deeper) are `relatedTo` each
// other, as `ambiguous` with score 0.3 (sharing a shape says they deal with the same kind of thing,
// not in which order). Fan-out cap: a schema is skipped when more than MAX_SHARE of the operations
// use it (at least MIN_CAP; `Error`, `Status`), when more than MAX_USERS do (pairs grow as the square;
// the resource's group already ties them), or when its users act on more than MAX_RESOURCES
// resources (infrastructure such as `DeleteOptions`).
import { memoize } from '../../util/memo.js';
import type { DependencyEdge } from '../types.js';
import { edge } from './edges.js';
import { primaryResource, type ApiShape, type Operation } from './paths.js';
import { deeperThan } from './fields.js';
import { WRAPPER_PROPERTIES } from './terms.js';

const MAX_SHARE = 0.5;
const MIN_CAP = 2;
export const MAX_USERS = 8;
const MAX_RESOURCES = 2;
const SCORE = 0.3;

/** Is a field path right at the top of a body or response (`body.x`, `response[].x`, `response.items[].x`)? */
const atTop = memoize((path: string): boolean => {
  if (deeperThan(path, 1) || (!path.startsWith('body') && !path.startsWith('response'))) return false;
  const steps = path.replace(/\[\]/g, '').split('.').slice(1);
  return steps.length === 1 || (steps.length === 2 && WRAPPER_PROPERTIES.has(steps[0]!.toLowerCase()));
});

/** Schemas of the fields right at the top of a body or response (`body.x`, `response[].x`, `response.items[].x`). */
export function primarySchemas(op: Operation): string[] {
  const details = op.tool.openapi;
  if (details === undefined) return [];
  let refs: Set<string> | undefined;
  const found = new Set<string>();
  for (const fields of [details.consumes, details.produces]) {
    for (const field of fields) {
      if (field.schema === undefined || found.has(field.schema) || !atTop(field.path)) continue;
      refs ??= new Set(details.schemaRefs);
      if (refs.has(field.schema)) found.add(field.schema);
    }
  }
  return [...found].sort();
}

export function sharedSchemaEdges(ops: readonly Operation[], shape: ApiShape): DependencyEdge[] {
  const users = new Map<string, Operation[]>();
  for (const op of ops) {
    for (const schema of primarySchemas(op)) {
      const list = users.get(schema) ?? [];
      list.push(op);
      users.set(schema, list);
    }
  }
  const cap = Math.min(MAX_USERS, Math.max(MIN_CAP, Math.floor(MAX_SHARE * ops.length)));
  const edges: DependencyEdge[] = [];
  for (const schema of [...users.keys()].sort()) {
    const list = users.get(schema)!;
    if (list.length < 2 || list.length > cap) continue;
    const resources = new Set(list.map((op) => primaryResource(op, shape) ?? op.norm));
    if (resources.size > MAX_RESOURCES) continue;
    for (let i = 0; i < list.length; i += 1) {
      for (let j = i + 1; j < list.length; j += 1) {
        const [a, b] = list[i]!.name < list[j]!.name ? [list[i]!, list[j]!] : [list[j]!, list[i]!];
        edges.push(edge(a.name, b.name, 'relatedTo', 'ambiguous', SCORE, 'shared-schema', `both reference schema ${schema}`));
      }
    }
  }
  return edges;
}
