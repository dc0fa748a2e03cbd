import type { ReadContext, WalkStack } from './context.js';
import { isObject, pointer, setOwn, type Json } from './json.js';
import { schemaType } from './schema-view.js';

/** Schema nesting followed before a subschema is cut. */
export const MAX_INLINE_DEPTH = 8;
/** Schema objects written per inlined schema before the rest is cut. */
export const MAX_INLINE_NODES = 150;

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_VALUES = new Set(['items', 'additionalProperties', 'additionalItems', 'unevaluatedItems', 'unevaluatedProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else']);

/** How many schema objects an inlining may still write; share one across several schemas to bound them together. */
export interface InlineBudget {
  nodes: number;
}

/**
 * A copy of a schema with every local `$ref` replaced by what it points to, for documents to show.
 * A ref that closes a cycle becomes `{ $comment: "circular $ref …" }` (with the target's `type`),
 * a remote or dangling one `{ $comment: "unresolved $ref …" }`; past MAX_INLINE_DEPTH levels or
 * MAX_INLINE_NODES objects (counted in `budget`) the rest is cut with a `$comment` too. Vendor extensions (`x-…`) are
 * left out; every other keyword is kept as it is.
 */
export function inlineSchema(schema: unknown, at: string, ctx: ReadContext, budget: InlineBudget = { nodes: 0 }): unknown {
  return inline(schema, at, ctx, [], 0, budget);
}

function inline(schema: unknown, at: string, ctx: ReadContext, stack: WalkStack, depth: number, budget: InlineBudget): unknown {
  const resolved = ctx.refs.deref(schema, at);
  if (resolved.broken !== undefined) return { $comment: `unresolved $ref ${resolved.broken}` };
  const node = resolved.node;
  if (!isObject(node)) return copyData(node, 0, budget);
  const cycle = resolved.refs.find((ref) => stack.includes(ref)) ?? (stack.includes(node) ? resolved.at : undefined);
  if (cycle !== undefined) return cut(node, `circular $ref ${cycle}`);
  if (depth >= MAX_INLINE_DEPTH) return cut(node, `cut at depth ${MAX_INLINE_DEPTH}`);
  if (budget.nodes >= MAX_INLINE_NODES) return cut(node, `cut: schema over ${MAX_INLINE_NODES} nodes`);
  budget.nodes++;
  stack.push(...resolved.refs, node);
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-')) continue;
    const here = pointer(resolved.at, key);
    if (SCHEMA_MAPS.has(key) && isObject(value)) {
      const map: Json = {};
      for (const [name, sub] of Object.entries(value)) {
        if (budget.nodes >= MAX_INLINE_NODES) {
          out['$comment'] = `cut: schema over ${MAX_INLINE_NODES} nodes`;
          break;
        }
        setOwn(map, name, inline(sub, pointer(here, name), ctx, stack, depth + 1, budget));
      }
      setOwn(out, key, map);
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      setOwn(out, key, value.map((sub: unknown, index) => inline(sub, pointer(here, String(index)), ctx, stack, depth + 1, budget)));
    } else if (SCHEMA_VALUES.has(key) && (isObject(value) || Array.isArray(value))) {
      const sub = Array.isArray(value) ? value.map((item: unknown, index) => inline(item, pointer(here, String(index)), ctx, stack, depth + 1, budget)) : inline(value, here, ctx, stack, depth + 1, budget);
      setOwn(out, key, sub);
    } else {
      setOwn(out, key, copyData(value, 0, budget));
    }
  }
  stack.length -= resolved.refs.length + 1;
  return out;
}

function cut(node: Json, comment: string): Json {
  const type = schemaType(node);
  return type === undefined ? { $comment: comment } : { type, $comment: comment };
}

/** A copy of plain data (enum values, defaults, examples), bounded in depth and size (YAML aliases can loop). */
function copyData(value: unknown, depth: number, budget: InlineBudget): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_INLINE_DEPTH || budget.nodes >= MAX_INLINE_NODES) return null;
  budget.nodes++;
  if (Array.isArray(value)) return value.map((item: unknown) => copyData(item, depth + 1, budget));
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) setOwn(out, key, copyData(item, depth + 1, budget));
  return out;
}

