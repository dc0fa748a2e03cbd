import type { FieldRef } from '../types.js';
import type { ReadContext, WalkStack } from './context.js';
import { inside, viewSchema } from './schema-view.js';

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

  add(field: FieldRef): void {
    if (this.byPath.size < MAX_FIELDS && !this.byPath.has(field.path)) this.byPath.set(field.path, field);
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

function walk(schema: unknown, at: string, name: string, path: string, owner: string | undefined, depth: number, steps: number, ctx: ReadContext, stack: WalkStack, out: FieldList): void {
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
  if (view.node === undefined || steps >= MAX_STEPS) return leaf();
  const childOwner = view.component ?? owner;
  const followProperties = view.properties.size > 0 && depth < MAX_FIELD_DEPTH;
  if (!followProperties && view.items === undefined && view.variants.length === 0) return leaf();
  inside(stack, view, () => {
    if (followProperties) {
      for (const [key, child] of view.properties) walk(child.schema, child.at, key, `${path}.${key}`, child.owner ?? childOwner, depth + 1, steps + 1, ctx, stack, out);
    } else if (view.properties.size > 0) {
      leaf();
    }
    if (view.items !== undefined) walk(view.items.schema, view.items.at, name, `${path}[]`, childOwner, depth, steps + 1, ctx, stack, out);
    for (const variant of view.variants) walk(variant.schema, variant.at, name, path, childOwner, depth, steps + 1, ctx, stack, out);
  });
}
