import type { ReadContext, WalkStack } from './context.js';
import { isObject, own, ownArray, ownObject, pointer, type Json } from './json.js';
import { lastComponentName } from './refs.js';
import { guardsClear, recordLookups, stackIndex } from './stack-log.js';

/** A subschema and where it sits. */
export interface SchemaAt {
  schema: unknown;
  at: string;
  /** For properties: the component schema that declares it (an `allOf` member's, or the view's own). */
  owner?: string;
}

/** A schema with its refs followed and its `allOf` members merged: what the walkers need to know. */
export interface SchemaView {
  /** The resolved schema object; undefined for a broken ref, a cycle, or a boolean schema. */
  node: Json | undefined;
  at: string;
  /** Local refs followed to reach the node. */
  refs: string[];
  /** The component schema the node is (the last one in its ref chain). */
  component?: string;
  /** The ref or node that closes a cycle with the walk stack, as text (`#/components/schemas/Node`). */
  cycle?: string;
  /** The ref that could not be followed (remote or dangling). */
  broken?: string;
  type?: string;
  /** Own and `allOf` properties; a later one of the same name replaces an earlier one in place. */
  properties: Map<string, SchemaAt>;
  required: Set<string>;
  items?: SchemaAt;
  /** `oneOf` and `anyOf` members. */
  variants: SchemaAt[];
  /** `allOf` members merged, counted against MAX_ALLOF_MEMBERS. */
  merged: number;
}

/** `allOf` inside `allOf` deeper than this is not merged. */
const MAX_ALLOF_DEPTH = 8;
/** `allOf` members merged into one view at most (members of members included). */
const MAX_ALLOF_MEMBERS = 256;

/**
 * Follows a schema's `$ref`s and merges its `allOf` members (depth and count bounded). `stack` holds
 * the refs and nodes open on the caller's walk: reaching one of them again gives a view with `cycle`
 * set and no node, so the caller stops there.
 */
export function viewSchema(value: unknown, at: string, ctx: ReadContext, stack: WalkStack): SchemaView {
  const resolved = ctx.refs.deref(value, at);
  const view: SchemaView = {
    node: undefined,
    at: resolved.at,
    refs: resolved.refs,
    properties: NO_PROPERTIES,
    required: NO_NAMES,
    variants: NO_VARIANTS,
    merged: 0,
  };
  const component = lastComponentName(resolved.refs);
  if (component !== undefined) view.component = component;
  if (resolved.broken !== undefined) {
    view.broken = resolved.broken;
    return view;
  }
  const cycle = resolved.refs.find((ref) => stackIndex(stack, ref) >= 0) ?? (stackIndex(stack, resolved.node) >= 0 ? resolved.at : undefined);
  if (cycle !== undefined) {
    view.cycle = cycle;
    const type = isObject(resolved.node) ? schemaType(resolved.node) : undefined;
    if (type !== undefined) view.type = type;
    return view;
  }
  if (!isObject(resolved.node)) return view;
  view.node = resolved.node;
  stack.push(...resolved.refs, resolved.node);
  mergeCached(view, resolved.node, resolved.at, ctx, stack, component);
  stack.length -= resolved.refs.length + 1;
  const type = schemaType(resolved.node) ?? view.type ?? (view.properties.size > 0 ? 'object' : view.items !== undefined ? 'array' : undefined);
  if (type !== undefined) view.type = type;
  return view;
}

/** The maps and lists of a view with nothing merged (shared: views are read-only). */
const NO_PROPERTIES: Map<string, SchemaAt> = new Map();
const NO_NAMES: Set<string> = new Set();
const NO_VARIANTS: SchemaAt[] = [];

/** Runs `walk` with the view's refs and node open on the stack (so its children see cycles back to it). */
export function inside<T>(stack: WalkStack, view: SchemaView, walk: () => T): T {
  stack.push(...view.refs, view.node);
  try {
    return walk();
  } finally {
    stack.length -= view.refs.length + 1;
  }
}

/** What merging a schema object gave, kept per spec, schema object and pointer. */
interface Merged {
  properties: Map<string, SchemaAt>;
  required: Set<string>;
  items?: SchemaAt;
  variants: SchemaAt[];
  merged: number;
  type?: string;
  /** The refs and nodes of the `allOf` members met, checked against the walk stack (cycles). */
  guards: Set<unknown>;
}

/** Schema object -> its merges, by pointer then owner, with the spec read they belong to. */
const MERGED = new WeakMap<Json, { ctx: ReadContext; byAt: Map<string, Map<string | undefined, Merged>> }>();

/**
 * `merge` of a schema object, reusing an earlier merge of the same object at the same pointer: a
 * shared schema (Kubernetes' `ObjectMeta`) is viewed thousands of times. The result depends on the
 * walk stack only through the `allOf` members it skips as cycles, so an earlier merge is reused
 * when none of its members' refs and nodes is on the stack now, and one that skipped a member
 * because of the caller's stack is not kept. The maps and lists are shared: views are read-only.
 */
function mergeCached(view: SchemaView, node: Json, at: string, ctx: ReadContext, stack: WalkStack, owner: string | undefined): void {
  let entry = MERGED.get(node);
  if (entry === undefined || entry.ctx !== ctx) MERGED.set(node, (entry = { ctx, byAt: new Map() }));
  let byOwner = entry.byAt.get(at);
  if (byOwner === undefined) entry.byAt.set(at, (byOwner = new Map()));
  const hit = byOwner.get(owner);
  if (hit !== undefined && guardsClear(stack, hit.guards)) {
    view.properties = hit.properties;
    view.required = hit.required;
    if (hit.items !== undefined) view.items = hit.items;
    view.variants = hit.variants;
    view.merged = hit.merged;
    if (hit.type !== undefined) view.type = hit.type;
    return;
  }
  view.properties = new Map();
  view.required = new Set();
  view.variants = [];
  const recorded = recordLookups(stack, () => merge(view, node, at, ctx, stack, 0, owner));
  if (recorded.dependent) return;
  const merged: Merged = {
    properties: view.properties,
    required: view.required,
    variants: view.variants,
    merged: view.merged,
    guards: new Set(recorded.guards),
  };
  if (view.items !== undefined) merged.items = view.items;
  if (view.type !== undefined) merged.type = view.type;
  byOwner.set(owner, merged);
}

/** Adds a schema's properties, required names, items and variants to the view, then its `allOf` members'. */
function merge(view: SchemaView, node: Json, at: string, ctx: ReadContext, stack: WalkStack, depth: number, owner: string | undefined): void {
  for (const [index, member] of (ownArray(node, 'allOf') ?? []).entries()) {
    if (depth >= MAX_ALLOF_DEPTH || view.merged >= MAX_ALLOF_MEMBERS) break;
    view.merged++;
    const memberAt = pointer(at, 'allOf', String(index));
    const resolved = ctx.refs.deref(member, memberAt);
    if (!isObject(resolved.node) || resolved.refs.some((ref) => stackIndex(stack, ref) >= 0) || stackIndex(stack, resolved.node) >= 0) continue;
    stack.push(...resolved.refs, resolved.node);
    merge(view, resolved.node, resolved.at, ctx, stack, depth + 1, lastComponentName(resolved.refs) ?? owner);
    stack.length -= resolved.refs.length + 1;
    if (view.type === undefined) {
      const type = schemaType(resolved.node);
      if (type !== undefined) view.type = type;
    }
  }
  const properties = ownObject(node, 'properties');
  if (properties !== undefined) {
    for (const [name, schema] of Object.entries(properties)) {
      if (!isObject(schema) && typeof schema !== 'boolean') continue;
      const property: SchemaAt = { schema, at: pointer(at, 'properties', name) };
      if (owner !== undefined) property.owner = owner;
      view.properties.set(name, property);
    }
  }
  for (const name of ownArray(node, 'required') ?? []) if (typeof name === 'string') view.required.add(name);
  const items = own(node, 'items');
  if (isObject(items)) view.items = { schema: items, at: pointer(at, 'items') };
  else if (Array.isArray(items) && items.length > 0) view.items = { schema: items[0], at: pointer(at, 'items', '0') };
  for (const key of ['oneOf', 'anyOf']) {
    for (const [index, member] of (ownArray(node, key) ?? []).entries()) view.variants.push({ schema: member, at: pointer(at, key, String(index)) });
  }
}

/** The JSON Schema type of a schema object: `type`, or the first non-null one of a type list (3.1). */
export function schemaType(node: Json): string | undefined {
  const type = own(node, 'type');
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t): t is string => typeof t === 'string' && t !== 'null');
  return undefined;
}
