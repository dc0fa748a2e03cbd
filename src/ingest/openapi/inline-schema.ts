import type { ReadContext, WalkStack } from './context.js';
import { isObject, pointer, setOwn, type Json } from './json.js';
import { schemaType } from './schema-view.js';

/** Schema nesting followed before a subschema is cut. */
export const MAX_INLINE_DEPTH = 8;
/** Schema objects written per inlined schema before the rest is cut. */
export const MAX_INLINE_NODES = 150;

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_VALUES = new Set([
  'items',
  'additionalProperties',
  'additionalItems',
  'unevaluatedItems',
  'unevaluatedProperties',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
]);

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
  return inline(schema, at, ctx, [], 0, budget, undefined);
}

/**
 * What one inlining of a schema reached through a `$ref` saw: every ref and node it checked against
 * the walk stack (`guards`, for cycles), whether one of them was on the stack before it began
 * (then the copy depends on the caller's walk and is not reused), and where that stack began.
 */
interface Recorder {
  guards: unknown[];
  base: number;
  stackDependent: boolean;
  parent: Recorder | undefined;
}

/** A finished inlining of a `$ref` target, reused while it stays the same (see `inline`). */
interface Inlined {
  value: unknown;
  /** Budget nodes it took. */
  used: number;
  guards: unknown[];
}

/** Schema object -> its inlinings by pointer and depth, with the spec read they belong to. */
const INLINED = new WeakMap<Json, { ctx: ReadContext; byKey: Map<string, Inlined> }>();

/** Is `item` on the stack? Noted in the recorder, and whether it sits below where each open recorder began. */
function onStack(stack: WalkStack, item: unknown, recorder: Recorder | undefined): boolean {
  recorder?.guards.push(item);
  const index = stack.indexOf(item);
  for (let r = recorder; r !== undefined && index >= 0; r = r.parent) if (index < r.base) r.stackDependent = true;
  return index >= 0;
}

/**
 * Inlines one schema. The target of a `$ref` (a shared component, inlined in thousands of
 * operations) is copied once per depth and reused when nothing that shaped the copy differs: it was
 * not cut (depth, budget or a cycle with the caller's stack), the budget left still covers it, and
 * none of the refs and nodes it checked for cycles is on the stack now. The copy is then shared
 * (inlined schemas are read-only) and its nodes are counted against the budget as before.
 */
function inline(schema: unknown, at: string, ctx: ReadContext, stack: WalkStack, depth: number, budget: InlineBudget, recorder: Recorder | undefined): unknown {
  const resolved = ctx.refs.deref(schema, at);
  if (resolved.broken !== undefined) return { $comment: `unresolved $ref ${resolved.broken}` };
  const node = resolved.node;
  if (!isObject(node)) return copyData(node, 0, budget);
  const cycle = resolved.refs.find((ref) => onStack(stack, ref, recorder)) ?? (onStack(stack, node, recorder) ? resolved.at : undefined);
  if (cycle !== undefined) return cut(node, `circular $ref ${cycle}`);
  if (depth >= MAX_INLINE_DEPTH) return cut(node, `cut at depth ${MAX_INLINE_DEPTH}`);
  if (budget.nodes >= MAX_INLINE_NODES) return cut(node, `cut: schema over ${MAX_INLINE_NODES} nodes`);
  if (resolved.refs.length === 0) return expand(node, resolved.refs, resolved.at, ctx, stack, depth, budget, recorder);
  let entry = INLINED.get(node);
  if (entry === undefined || entry.ctx !== ctx) INLINED.set(node, (entry = { ctx, byKey: new Map() }));
  const key = `${depth} ${resolved.at}`;
  const hit = entry.byKey.get(key);
  if (hit !== undefined && budget.nodes + hit.used < MAX_INLINE_NODES && !hit.guards.some((guard) => stack.includes(guard))) {
    budget.nodes += hit.used;
    recorder?.guards.push(...hit.guards);
    return hit.value;
  }
  const start = budget.nodes;
  const own: Recorder = { guards: [], base: stack.length, stackDependent: false, parent: recorder };
  const value = expand(node, resolved.refs, resolved.at, ctx, stack, depth, budget, own);
  recorder?.guards.push(...own.guards);
  if (!own.stackDependent && budget.nodes < MAX_INLINE_NODES) entry.byKey.set(key, { value, used: budget.nodes - start, guards: own.guards });
  return value;
}

/** The copy of one resolved schema object (not cut), its subschemas inlined. */
function expand(
  node: Json,
  refs: readonly string[],
  nodeAt: string,
  ctx: ReadContext,
  stack: WalkStack,
  depth: number,
  budget: InlineBudget,
  recorder: Recorder | undefined,
): Json {
  const resolved = { at: nodeAt, refs };
  budget.nodes++;
  stack.push(...resolved.refs, node);
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-')) continue;
    // The pointer of a keyword is only needed below a subschema: built there, not for `type` and the like.
    if (SCHEMA_MAPS.has(key) && isObject(value)) {
      const here = pointer(resolved.at, key);
      const map: Json = {};
      for (const [name, sub] of Object.entries(value)) {
        if (budget.nodes >= MAX_INLINE_NODES) {
          out.$comment = `cut: schema over ${MAX_INLINE_NODES} nodes`;
          break;
        }
        setOwn(map, name, inline(sub, pointer(here, name), ctx, stack, depth + 1, budget, recorder));
      }
      setOwn(out, key, map);
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      const here = pointer(resolved.at, key);
      setOwn(
        out,
        key,
        value.map((sub: unknown, index) => inline(sub, pointer(here, String(index)), ctx, stack, depth + 1, budget, recorder)),
      );
    } else if (SCHEMA_VALUES.has(key) && (isObject(value) || Array.isArray(value))) {
      const here = pointer(resolved.at, key);
      const sub = Array.isArray(value)
        ? value.map((item: unknown, index) => inline(item, pointer(here, String(index)), ctx, stack, depth + 1, budget, recorder))
        : inline(value, here, ctx, stack, depth + 1, budget, recorder);
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
