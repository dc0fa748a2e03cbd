import { setOwn } from '../util/own.js';
/** Keys first in this order; every other key follows in code-point order. */
const KEY_ORDER = [
  '@context',
  'id',
  '@id',
  'type',
  '@type',
  'format',
  'title',
  'name',
  'summary',
  'description',
  'source',
  'kind',
  'deprecated',
  'required',
  'default',
  'enum',
  'in',
  'tags',
  'aliases',
  'keywords',
  'categories',
  'examples',
  // tools: hints, inputs, HTTP details, edges; the generated marker last
  'readOnlyHint',
  'destructiveHint',
  'idempotentHint',
  'openWorldHint',
  'hint_sources',
  'hint',
  'origin',
  'hint_origins',
  'parameters',
  'method',
  'path',
  'operation_id',
  'servers',
  'security',
  'consumes',
  'produces',
  'schemas',
  'groups',
  'requires',
  'precedes',
  'related',
  'next_steps',
  'see_also',
  'mentions',
  'dependencies',
  'relation',
  'target',
  'confidence',
  'score',
  'rule',
  'evidence',
  'edge_notes',
  'bindings',
  'generated',
];
const RANK = new Map(KEY_ORDER.map((key, index) => [key, index]));

/** A key's place in KEY_ORDER (keys not listed share the last place, then sort by code point). */
export const keyRank = (key: string): number => RANK.get(key) ?? KEY_ORDER.length;

/** The canonical order of front matter keys. */
export function compareKeys(a: string, b: string): number {
  const ra = keyRank(a);
  const rb = keyRank(b);
  if (ra !== rb) return ra - rb;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A copy with object keys in canonical order and undefined values dropped (arrays keep their order). */
export function canonicalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(canonicalize);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort(compareKeys)) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) setOwn(out, key, canonicalize(v));
  }
  return out;
}
