import { describe, expect, it } from 'vitest';
import type { ReadContext, WalkStack } from '../../../src/ingest/openapi/context.js';
import { inlineSchema, MAX_INLINE_DEPTH, MAX_INLINE_NODES, type InlineBudget } from '../../../src/ingest/openapi/inline-schema.js';
import { isObject, pointer, setOwn, type Json } from '../../../src/ingest/openapi/json.js';
import { RefResolver } from '../../../src/ingest/openapi/refs.js';
import { Reporter } from '../../../src/ingest/openapi/reporter.js';
import { schemaType } from '../../../src/ingest/openapi/schema-view.js';

// The inlining as it was before copies of `$ref` targets were reused: every call copies afresh.
// inlineSchema must give the same values and leave the same budget, call after call.
const MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);
const LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const VALUES = new Set([
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
const cut = (node: Json, comment: string): Json => {
  const type = schemaType(node);
  return type === undefined ? { $comment: comment } : { type, $comment: comment };
};
function copyData(value: unknown, depth: number, budget: InlineBudget): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_INLINE_DEPTH || budget.nodes >= MAX_INLINE_NODES) return null;
  budget.nodes++;
  if (Array.isArray(value)) return value.map((item: unknown) => copyData(item, depth + 1, budget));
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) setOwn(out, key, copyData(item, depth + 1, budget));
  return out;
}
function reference(schema: unknown, at: string, ctx: ReadContext, stack: WalkStack, depth: number, budget: InlineBudget): unknown {
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
    if (MAPS.has(key) && isObject(value)) {
      const map: Json = {};
      for (const [name, sub] of Object.entries(value)) {
        if (budget.nodes >= MAX_INLINE_NODES) {
          out.$comment = `cut: schema over ${MAX_INLINE_NODES} nodes`;
          break;
        }
        setOwn(map, name, reference(sub, pointer(here, name), ctx, stack, depth + 1, budget));
      }
      setOwn(out, key, map);
    } else if (LISTS.has(key) && Array.isArray(value)) {
      setOwn(
        out,
        key,
        value.map((sub: unknown, index) => reference(sub, pointer(here, String(index)), ctx, stack, depth + 1, budget)),
      );
    } else if (VALUES.has(key) && (isObject(value) || Array.isArray(value))) {
      setOwn(
        out,
        key,
        Array.isArray(value)
          ? value.map((item: unknown, index) => reference(item, pointer(here, String(index)), ctx, stack, depth + 1, budget))
          : reference(value, here, ctx, stack, depth + 1, budget),
      );
    } else {
      setOwn(out, key, copyData(value, 0, budget));
    }
  }
  stack.length -= resolved.refs.length + 1;
  return out;
}

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const wide = (n: number, item: unknown): Json => ({ type: 'object', properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, item])) });
/** Components with cycles, shared targets, deep chains and wide objects that exhaust the budget. */
const schemas: Json = {
  Leaf: { type: 'string', enum: ['a', 'b'], default: { nested: [1, 2] }, 'x-skip': true },
  Node: { type: 'object', properties: { value: ref('Leaf'), children: { type: 'array', items: ref('Node') } } },
  A: { type: 'object', properties: { b: ref('B'), leaf: ref('Leaf') } },
  B: { type: 'object', properties: { a: ref('A'), node: ref('Node') } },
  Wide: wide(60, ref('Leaf')),
  Wider: wide(40, ref('Wide')),
  // Z reaches Q first (its copy holds P), then P reaches the same Q at the same depth with P open.
  P: { type: 'object', properties: { q: ref('Q') } },
  Q: { type: 'object', properties: { p: ref('P'), leaf: ref('Leaf') } },
  Z: { type: 'object', properties: { q: ref('Q') } },
  Alias: ref('A'),
  Sibling: { $ref: '#/components/schemas/Node', description: 'a node' },
  Broken: { type: 'object', properties: { gone: ref('Missing'), remote: { $ref: 'https://example.com/x.json' } } },
  Composed: { allOf: [ref('A'), ref('Node'), { properties: { w: ref('Wide') } }], anyOf: [ref('B'), ref('Leaf')] },
  ...Object.fromEntries(
    Array.from({ length: 12 }, (_, i) => [`Chain${i}`, { type: 'object', properties: { next: i < 11 ? ref(`Chain${i + 1}`) : ref('Node'), a: ref('A') } }]),
  ),
};
const spec: Json = { openapi: '3.0.3', paths: {}, components: { schemas } };

/** Calls as build-tool makes them: several schemas of one operation share a budget, then the next operation starts afresh. */
const operations: string[][] = [
  ['Node', 'A', 'B'],
  ['B', 'A', 'Node'],
  ['Wide', 'Wide', 'Leaf', 'Node'],
  ['Wider'],
  ['Leaf', 'Wider', 'A'],
  ['Chain0', 'Chain5', 'Chain0'],
  ['Chain11', 'Node'],
  ['Alias', 'Sibling', 'Broken', 'Composed'],
  ['Composed', 'Composed'],
  ['A', 'Wide', 'Wide', 'Wide'],
  ['Chain3', 'Wider', 'Chain3'],
  ['Z', 'P'],
  ['Z'],
  ['P', 'Z'],
];

describe('inlineSchema reuses copies of $ref targets', () => {
  it('gives the same values and budgets as copying afresh, in any call order', () => {
    const reporter = new Reporter('spec.json');
    const ctx: ReadContext = { spec, version: '3.0', refs: new RefResolver(spec, reporter), reporter };
    const refReporter = new Reporter('spec.json');
    const refCtx: ReadContext = { spec, version: '3.0', refs: new RefResolver(spec, refReporter), reporter: refReporter };
    // Twice through, forwards and backwards: later calls meet copies made in other contexts.
    const runs = [...operations, ...[...operations].reverse(), ...operations];
    const got: unknown[] = [];
    const want: unknown[] = [];
    for (const names of runs) {
      const budget = { nodes: 0 };
      const refBudget = { nodes: 0 };
      for (const name of names) {
        got.push(inlineSchema(ref(name), `#/op/${name}`, ctx, budget), budget.nodes);
        want.push(reference(ref(name), `#/op/${name}`, refCtx, [], 0, refBudget), refBudget.nodes);
      }
    }
    expect(JSON.stringify(got)).toBe(JSON.stringify(want));
    expect(reporter.diagnostics).toEqual(refReporter.diagnostics);
  });

  it.each([
    ['a self-referencing schema', 'Node', ['circular $ref #/components/schemas/Node']],
    ['a cycle of two schemas', 'A', ['circular $ref #/components/schemas/A']],
    ['a schema past the depth cap', 'Chain0', [`cut at depth ${MAX_INLINE_DEPTH}`]],
    ['a schema over the node budget', 'Wider', [`cut: schema over ${MAX_INLINE_NODES} nodes`]],
  ])('still cuts %s', (_label, name, comments) => {
    const reporter = new Reporter(undefined);
    const ctx: ReadContext = { spec, version: '3.0', refs: new RefResolver(spec, reporter), reporter };
    const text = JSON.stringify(inlineSchema(ref(name), '#', ctx));
    for (const comment of comments) expect(text).toContain(comment);
  });
});
