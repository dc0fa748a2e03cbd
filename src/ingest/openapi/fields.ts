import type { FieldRef } from '../types.js';
import type { ReadContext, WalkStack } from './context.js';
import type { Json } from './json.js';
import { inside, viewSchema, type SchemaView } from './schema-view.js';
import { guardsClear, recordLookups } from './stack-log.js';

/** Property levels below the root followed before a field is taken as a leaf. */
export const MAX_FIELD_DEPTH = 6;
/** Steps of any kind (properties, array items, oneOf/anyOf members) followed from the root. */
const MAX_STEPS = 24;
/** Leaf fields kept per list (consumes or produces of one operation); the rest are dropped. */
export const MAX_FIELDS = 2000;
/** Schemas looked at per list before the walk stops (oneOf inside oneOf can otherwise grow exponentially). */
export const MAX_VISITS = 10_000;

/** Collects leaf fields, one per path, in the order met. */
export class FieldList {
  private readonly byPath = new Map<string, FieldRef>();
  /** Schemas looked at so far, counted against MAX_VISITS. */
  visits = 0;
  /** Every field offered to `add`, in order (kept or not), for recording walks. */
  readonly offered: FieldRef[] = [];

  add(field: FieldRef): void {
    this.offered.push(field);
    if (this.byPath.size < MAX_FIELDS && !this.byPath.has(field.path)) this.byPath.set(field.path, field);
  }

  get size(): number {
    return this.byPath.size;
  }

  get full(): boolean {
    return this.byPath.size >= MAX_FIELDS;
  }

  get fields(): FieldRef[] {
    return [...this.byPath.values()];
  }
}

/** Where a walk starts: the root's name and path (`body`, `query.filter`, `response`) and its owning schema. */
export interface FieldRoot {
  name: string;
  path: string;
  owner?: string;
}

/**
 * Adds the leaf fields of a schema to `out`: object properties are followed (`body.customer.id`),
 * array items add `[]` (`body.items[].sku`), `allOf` members are merged and `oneOf`/`anyOf` members
 * all followed. A leaf is a field with no properties to follow, a field at the depth cap, or a field
 * whose schema closes a `$ref` cycle (kept as a leaf, not followed). Its `schema` is the component
 * schema that declares it (for `allOf` compositions, the member it comes from).
 */
export function collectFields(schema: unknown, at: string, root: FieldRoot, ctx: ReadContext, out: FieldList): void {
  walk(schema, at, root.name, root.path, root.owner, 0, 0, ctx, [], out);
}

function walk(
  schema: unknown,
  at: string,
  name: string,
  path: string,
  owner: string | undefined,
  depth: number,
  steps: number,
  ctx: ReadContext,
  stack: WalkStack,
  out: FieldList,
): void {
  if (out.visits >= MAX_VISITS || out.full) return;
  out.visits++;
  const view = viewSchema(schema, at, ctx, stack);
  const leaf = (): void => {
    const field: FieldRef = { name, path };
    if (view.type !== undefined) field.type = view.type;
    const from = owner ?? (view.broken === undefined ? view.component : undefined);
    if (from !== undefined) field.schema = from;
    out.add(field);
  };
  if (view.node === undefined || steps >= MAX_STEPS) {
    leaf();
    return;
  }
  const childOwner = view.component ?? owner;
  const followProperties = view.properties.size > 0 && depth < MAX_FIELD_DEPTH;
  if (!followProperties && view.items === undefined && view.variants.length === 0) {
    leaf();
    return;
  }
  const children = (): void => {
    if (followProperties) {
      for (const [key, child] of view.properties)
        walk(child.schema, child.at, key, `${path}.${key}`, child.owner ?? childOwner, depth + 1, steps + 1, ctx, stack, out);
    } else if (view.properties.size > 0) {
      leaf();
    }
    if (view.items !== undefined) walk(view.items.schema, view.items.at, name, `${path}[]`, childOwner, depth, steps + 1, ctx, stack, out);
    for (const variant of view.variants) walk(variant.schema, variant.at, name, path, childOwner, depth, steps + 1, ctx, stack, out);
  };
  // Shared schemas come as `$ref`s, or (Kubernetes) as `allOf: [{$ref}]` wrappers at each property.
  if (view.component === undefined && view.merged === 0) inside(stack, view, children);
  else reusedWalk(view, name, path, view.component === undefined || !followProperties ? owner : undefined, depth, steps, ctx, stack, out, children);
}

/** A field walk below a `$ref` target, kept to be replayed under another path. */
interface SubWalk {
  /** The fields offered, with their paths below the walk's own. */
  fields: Array<{ name: string; suffix: string; type?: string; schema?: string }>;
  visits: number;
  guards: Set<unknown>;
  /** The view's merged properties and variants it walked: the same objects only when the view came from the same merge. */
  properties: SchemaView['properties'];
  variants: SchemaView['variants'];
}

/** Per spec read: target node -> walks below it, by pointer, refs, depth, steps, name and (when it matters) owner. */
const WALKS = new WeakMap<ReadContext, WeakMap<Json, Map<string, SubWalk>>>();

/**
 * Walks the children of a view reached through a `$ref` or merging `allOf` members (Kubernetes
 * wraps its `$ref`s as `allOf: [{$ref}]` at every property), or replays an earlier walk of the same
 * node in the same place under the new path. The same place: pointer, refs, depth, steps, field name,
 * owner when it decides the fields' `schema`, and a view from the same merge (merges depend on the
 * caller's stack too). The walk depends on the caller only through its cycle checks and the caps:
 * it is kept when it found none of the caller's refs and nodes on the stack and reached no cap, and
 * replayed when none of the refs and nodes it looked up is on the stack now and it cannot reach a cap.
 */
function reusedWalk(
  view: SchemaView,
  name: string,
  path: string,
  owner: string | undefined,
  depth: number,
  steps: number,
  ctx: ReadContext,
  stack: WalkStack,
  out: FieldList,
  children: () => void,
): void {
  const node = view.node as Json;
  let byNode = WALKS.get(ctx);
  if (byNode === undefined) WALKS.set(ctx, (byNode = new WeakMap()));
  let byKey = byNode.get(node);
  if (byKey === undefined) byNode.set(node, (byKey = new Map()));
  const key = `${view.at}\u0000${view.refs.join('\u0000')}\u0000${depth}\u0000${steps}\u0000${name}\u0000${owner ?? '\u0001'}`;
  const hit = byKey.get(key);
  if (
    hit !== undefined &&
    hit.properties === view.properties &&
    hit.variants === view.variants &&
    out.visits + hit.visits < MAX_VISITS &&
    out.size + hit.fields.length < MAX_FIELDS &&
    guardsClear(stack, hit.guards)
  ) {
    out.visits += hit.visits;
    for (const f of hit.fields) {
      const field: FieldRef = { name: f.name, path: path + f.suffix };
      if (f.type !== undefined) field.type = f.type;
      if (f.schema !== undefined) field.schema = f.schema;
      out.add(field);
    }
    return;
  }
  const visits = out.visits;
  const offered = out.offered.length;
  const recorded = recordLookups(stack, () => inside(stack, view, children));

  if (recorded.dependent || out.visits >= MAX_VISITS || out.full) return;
  const fields = out.offered.slice(offered).map((f) => {
    const kept: SubWalk['fields'][number] = { name: f.name, suffix: f.path.slice(path.length) };
    if (f.type !== undefined) kept.type = f.type;
    if (f.schema !== undefined) kept.schema = f.schema;
    return kept;
  });
  byKey.set(key, { fields, visits: out.visits - visits, guards: new Set(recorded.guards), properties: view.properties, variants: view.variants });
}
