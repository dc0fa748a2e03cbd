import { describe, expect, it } from 'vitest';
import type { ReadContext, WalkStack } from '../../../src/ingest/openapi/context.js';
import { isObject, own, ownArray, ownObject, pointer, type Json } from '../../../src/ingest/openapi/json.js';
import { lastComponentName, RefResolver } from '../../../src/ingest/openapi/refs.js';
import { Reporter } from '../../../src/ingest/openapi/reporter.js';
import { schemaType, viewSchema, type SchemaAt, type SchemaView } from '../../../src/ingest/openapi/schema-view.js';

// viewSchema as it was before merges were reused: every call merges afresh. The views must agree.
function referenceView(value: unknown, at: string, ctx: ReadContext, stack: WalkStack): SchemaView {
  const resolved = ctx.refs.deref(value, at);
  const view: SchemaView = { node: undefined, at: resolved.at, refs: resolved.refs, properties: new Map(), required: new Set(), variants: [], merged: 0 };
  const component = lastComponentName(resolved.refs);
  if (component !== undefined) view.component = component;
  if (resolved.broken !== undefined) {
    view.broken = resolved.broken;
    return view;
  }
  const cycle = resolved.refs.find((ref) => stack.includes(ref)) ?? (stack.includes(resolved.node) ? resolved.at : undefined);
  if (cycle !== undefined) {
    view.cycle = cycle;
    const type = isObject(resolved.node) ? schemaType(resolved.node) : undefined;
    if (type !== undefined) view.type = type;
    return view;
  }
  if (!isObject(resolved.node)) return view;
  view.node = resolved.node;
  stack.push(...resolved.refs, resolved.node);
  merge(view, resolved.node, resolved.at, ctx, stack, 0, component);
  stack.length -= resolved.refs.length + 1;
  const type = schemaType(resolved.node) ?? view.type ?? (view.properties.size > 0 ? 'object' : view.items !== undefined ? 'array' : undefined);
  if (type !== undefined) view.type = type;
  return view;
}
function merge(view: SchemaView, node: Json, at: string, ctx: ReadContext, stack: WalkStack, depth: number, owner: string | undefined): void {
  for (const [index, member] of (ownArray(node, 'allOf') ?? []).entries()) {
    if (depth >= 8 || view.merged >= 256) break;
    view.merged++;
    const resolved = ctx.refs.deref(member, pointer(at, 'allOf', String(index)));
    if (!isObject(resolved.node) || resolved.refs.some((ref) => stack.includes(ref)) || stack.includes(resolved.node)) continue;
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

/** A view as plain data, maps and sets in order. */
const plain = (view: SchemaView): unknown => ({ ...view, properties: [...view.properties], required: [...view.required] });

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const schemas: Json = {
  Base: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  Mixin: { allOf: [ref('Base')], properties: { m: { type: 'integer' } } },
  Full: { allOf: [ref('Base'), ref('Mixin'), { properties: { f: ref('Base') }, required: ['f'] }], oneOf: [ref('Base'), { type: 'null' }] },
  LoopA: { allOf: [ref('LoopB'), { properties: { a: { type: 'string' } } }] },
  LoopB: { allOf: [ref('LoopA')], properties: { b: { type: 'string' } }, items: ref('Base') },
  Outer: { allOf: [ref('Full'), ref('LoopA')], anyOf: [ref('Mixin')] },
};
const spec: Json = { openapi: '3.0.3', paths: {}, components: { schemas } };
const names = Object.keys(schemas);

describe('viewSchema reuses merges', () => {
  it('gives the views of merging afresh, whatever is on the walk stack', () => {
    const reporter = new Reporter(undefined);
    const ctx: ReadContext = { spec, version: '3.0', refs: new RefResolver(spec, reporter), reporter };
    const refCtx: ReadContext = { spec, version: '3.0', refs: new RefResolver(spec, new Reporter(undefined)), reporter: new Reporter(undefined) };
    // Stacks: empty, one ref, one node (the object a ref points to), two refs.
    const stacks: Array<(c: ReadContext) => WalkStack> = [
      () => [],
      ...names.map((n) => (): WalkStack => [`#/components/schemas/${n}`]),
      ...names.map(
        (n) =>
          (c: ReadContext): WalkStack => [c.refs.target(`#/components/schemas/${n}`)],
      ),
      () => ['#/components/schemas/Base', '#/components/schemas/LoopB'],
    ];
    const got: unknown[] = [];
    const want: unknown[] = [];
    for (let round = 0; round < 2; round += 1) {
      for (const makeStack of round === 0 ? stacks : [...stacks].reverse()) {
        for (const name of names) {
          for (const value of [ref(name), schemas[name] as Json]) {
            const at = isObject(value) && '$ref' in value ? '#/x' : `#/components/schemas/${name}`;
            got.push(plain(viewSchema(value, at, ctx, makeStack(ctx))));
            want.push(plain(referenceView(value, at, refCtx, makeStack(refCtx))));
          }
        }
      }
    }
    expect(got).toEqual(want);
  });
});
