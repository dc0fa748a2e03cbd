// The reference fields a tool consumes and produces, each under a matching key: `orderId`,
// `order_id`, `OrderID` and `id` inside schema `Order` all become `order id`. Only reference-like
// fields get a key: names ending in an identifier word (`id`, `no`, `key`, `code`, `name`, ...).
// A bare identifier word (`id`, `name`) takes its owner from context: its component schema, the
// property it sits in, the collection segment before a path parameter, or the operation's resource.
import type { FieldRef, ToolModel } from '../types.js';
import { memoize } from '../../util/memo.js';
import { splitIdentifier } from '../../lexicon/words.js';
import { nounPhrase } from './groups.js';
import { primaryResource, resourceTerms, type ApiShape, type Operation } from './paths.js';
import { GENERIC_NAMES, IDENTIFIER_SUFFIXES, WEAK_IDENTIFIER_SUFFIXES, WRAPPER_PROPERTIES, canonicalWord, schemaWords } from './terms.js';

export type Quality = 'normalized' | 'schema' | 'context';

export interface FieldUse {
  tool: string;
  key: string;
  /** The field's own name. */
  raw: string;
  /** Where it sits, as FieldRef.path (`path.petId`, `body.items[].sku`, `response[].id`). */
  where: string;
  type?: string;
  /** `normalized`: the name says what it refers to (`orderId`); `schema`/`context`: a bare name (`id`) owned by its component schema / by its parent property or the operation's resource. */
  quality: Quality;
  /** The field is its owner's own identifier (`id` in `Pet`, `productId` in a products listing), not a reference to another thing. */
  own: boolean;
  required: boolean;
  /** Property levels below the root, list envelopes aside (`body.petId` is 1, `body.tags[].id` is 2, `response.items[].id` is 1). */
  depth: number;
}

/** Property names along a field path, without the root and array marks: `response[].tags[].id` -> [tags, id]. */
const steps = memoize((path: string): readonly string[] =>
  path
    .replace(/\[\]/g, '')
    .split('.')
    .slice(1)
    .filter((s) => s.length > 0),
);

const ownerFromPath = memoize((path: string): Owner | undefined => {
  const parents = steps(path).slice(0, -1).reverse();
  for (const p of parents) {
    const words = canonicalWords(p);
    if (words.length > 0 && !WRAPPER_PROPERTIES.has(p.toLowerCase())) return { words, from: 'context' };
  }
  return undefined;
});

/** Property levels under the root that are not list envelopes (`response.items[].id` is 1). */
const depthOf = memoize((path: string): number => {
  const s = steps(path);
  return s.length > 1 && WRAPPER_PROPERTIES.has(s[0]!.toLowerCase()) ? s.length - 1 : s.length;
});

/** True when a path is certainly deeper than `max` levels (cheap: counts dots before splitting). */
export function deeperThan(path: string, max: number): boolean {
  let dots = 0;
  for (let i = path.indexOf('.'); i >= 0; i = path.indexOf('.', i + 1)) if (++dots > max + 1) return true;
  return false;
}

interface Owner {
  words: readonly string[];
  from: 'schema' | 'context';
}

interface Key {
  key: string;
  quality: Quality;
  own: boolean;
}

/** Field names repeat across operations: their canonical words are kept (bounded) instead of re-split. */
const canonicalWords = memoize((name: string): readonly string[] => splitIdentifier(name).map(canonicalWord));

/** The key of a name, or undefined when the field is not a reference (or a bare name without an owner). */
function keyOf(name: string, owner: () => Owner | undefined): Key | undefined {
  const words = canonicalWords(name);
  const last = words[words.length - 1];
  if (last === undefined || !IDENTIFIER_SUFFIXES.has(last)) return undefined;
  if (words.length > 1) {
    const o = owner();
    const own = o !== undefined && o.words.join(' ') === words.slice(0, -1).join(' ');
    return { key: words.join(' '), quality: 'normalized', own };
  }
  if (!GENERIC_NAMES.has(name.toLowerCase().replace(/[^a-z]/g, ''))) return undefined;
  const o = owner();
  return o === undefined || o.words.length === 0 ? undefined : { key: [...o.words, last].join(' '), quality: o.from, own: true };
}

function location(path: string): string {
  return /^[a-z]+/i.exec(path)?.[0] ?? '';
}

function use(tool: ToolModel, field: FieldRef, key: Key, required: boolean): FieldUse {
  const u: FieldUse = {
    tool: tool.name,
    key: key.key,
    raw: field.name,
    where: field.path,
    quality: key.quality,
    own: key.own,
    required,
    depth: depthOf(field.path),
  };
  if (field.type !== undefined) u.type = field.type;
  return u;
}

/** Deepest consumed / produced field taken as a reference: deeper ones are nested configuration, not hand-offs. */
const MAX_CONSUMER_DEPTH = 2;
const MAX_PRODUCER_DEPTH = 2;

const schemaOwner = memoize((schema: string): Owner => ({ words: schemaWords(schema), from: 'schema' }));

/**
 * Reference fields an operation consumes: path, query and body fields (headers and cookies carry
 * credentials, not data). A weak identifier (`firstName`, `statusCode`) in a body is an attribute
 * being set, not a reference. A bare name in a request body (`id`) names the body's own item: in a
 * POST the item being created, under a path parameter the item the path already names; neither is a
 * reference to another tool's output (a PUT on a collection path, `PUT /pet` with `{id}`, keeps it).
 */
export function consumedFields(op: Operation): FieldUse[] {
  const out: FieldUse[] = [];
  const pathParams = op.segments.some((s) => s.param);
  for (const field of op.tool.openapi?.consumes ?? []) {
    const where = location(field.path);
    if (where !== 'path' && where !== 'query' && where !== 'body') continue;
    if (deeperThan(field.path, MAX_CONSUMER_DEPTH) || depthOf(field.path) > MAX_CONSUMER_DEPTH) continue;
    const owner = (): Owner | undefined => {
      if (where === 'path') {
        const i = op.segments.findIndex((s) => s.param && s.text.includes(`{${field.name}}`));
        const before = i > 0 ? op.segments[i - 1] : undefined;
        return before === undefined || before.param ? undefined : { words: canonicalWords(before.text), from: 'context' };
      }
      if (where === 'body' && (op.method === 'POST' || pathParams)) return undefined;
      return fieldOwner(field);
    };
    const key = keyOf(field.name, owner);
    if (key === undefined || (where === 'body' && WEAK_IDENTIFIER_SUFFIXES.has(key.key.slice(key.key.lastIndexOf(' ') + 1)))) continue;
    const top = steps(field.path).length <= 1;
    const required = where === 'path' || (top && op.tool.parameters.some((p) => p.name === field.name && p.in === where && p.required));
    out.push(use(op.tool, field, key, required));
  }
  return out;
}

function fieldOwner(field: FieldRef): Owner | undefined {
  return field.schema === undefined ? ownerFromPath(field.path) : schemaOwner(field.schema);
}

/** Reference fields an operation's response produces. A DELETE produces nothing to build on. */
export function producedFields(op: Operation, shape: ApiShape): FieldUse[] {
  if (op.method === 'DELETE') return [];
  const out: FieldUse[] = [];
  // Both depend on the operation only: worked out once, when a field first needs them.
  let resourceOwner: Owner | undefined | null = null;
  let terms: string[] | undefined;
  for (const field of op.tool.openapi?.produces ?? []) {
    if (deeperThan(field.path, MAX_PRODUCER_DEPTH) || depthOf(field.path) > MAX_PRODUCER_DEPTH) continue;
    const fromField = fieldOwner(field);
    const owner = (): Owner | undefined => {
      if (fromField !== undefined) return fromField;
      if (resourceOwner === null) {
        const resource = primaryResource(op, shape);
        resourceOwner = resource === undefined ? undefined : { words: resource.split(' '), from: 'context' };
      }
      return resourceOwner;
    };
    const key = keyOf(field.name, owner);
    if (key === undefined) continue;
    // A named reference at the root of an inline response is the operation's own when its entity is
    // a resource the path names (`taskId` from `/instances/{id}/tasks/current`).
    if (!key.own && key.quality === 'normalized' && fromField === undefined) {
      terms ??= resourceTerms(op, shape);
      key.own = terms.includes(key.key.split(' ').slice(0, -1).join(' '));
    }
    out.push(use(op.tool, field, key, false));
  }
  return out;
}

/**
 * MCP tools: input parameters are consumed; properties of the output schema (when given) are
 * produced. A bare `id` is owned by the noun phrase of the tool's name (`get_user(id)` -> user id).
 */
export function mcpFields(tool: ToolModel): { consumes: FieldUse[]; produces: FieldUse[] } {
  const phrase = nounPhrase(tool.name);
  const nameOwner = (): Owner | undefined => (phrase.length === 0 ? undefined : { words: phrase, from: 'context' });
  const consumes: FieldUse[] = [];
  for (const p of tool.parameters) {
    const key = keyOf(p.name, nameOwner);
    const field: FieldRef = p.type === undefined ? { name: p.name, path: `input.${p.name}` } : { name: p.name, path: `input.${p.name}`, type: p.type };
    if (key !== undefined) consumes.push(use(tool, field, key, p.required));
  }
  const produces: FieldUse[] = [];
  const walk = (schema: unknown, path: string, depth: number): void => {
    if (depth >= MAX_PRODUCER_DEPTH || schema === null || typeof schema !== 'object') return;
    const s = schema as { properties?: Record<string, unknown>; items?: unknown; type?: unknown };
    if (s.items !== undefined) walk(s.items, `${path}[]`, depth);
    for (const [name, child] of Object.entries(s.properties ?? {})) {
      const at = `${path}.${name}`;
      const type = (child as { type?: unknown } | null)?.type;
      const key = keyOf(name, () => ownerFromPath(at) ?? nameOwner());
      if (key !== undefined) produces.push(use(tool, typeof type === 'string' ? { name, path: at, type } : { name, path: at }, key, false));
      walk(child, at, depth + 1);
    }
  };
  walk(tool.outputSchema, 'output', 0);
  return { consumes, produces };
}
