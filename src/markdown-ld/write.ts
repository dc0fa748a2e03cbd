import { stringify } from 'yaml';
import type { DocumentModel } from './types.js';

/** Keys first in this order; every other key follows in code-point order. */
const KEY_ORDER = [
  '@context', 'id', '@id', 'type', '@type', 'title', 'name', 'summary', 'description', 'source', 'kind',
  'required', 'default', 'enum', 'in', 'tags', 'aliases', 'keywords', 'categories', 'examples',
  // tools: hints, inputs, HTTP details, edges; the generated marker last
  'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint', 'hint_sources', 'hint', 'origin',
  'parameters', 'method', 'path', 'operation_id', 'servers', 'security', 'consumes', 'produces', 'schemas',
  'groups', 'requires', 'precedes', 'related', 'next_steps', 'see_also', 'mentions',
  'dependencies', 'relation', 'target', 'confidence', 'score', 'rule', 'evidence', 'generated',
];
const RANK = new Map(KEY_ORDER.map((key, index) => [key, index]));

function compareKeys(a: string, b: string): number {
  const ra = RANK.get(a) ?? KEY_ORDER.length;
  const rb = RANK.get(b) ?? KEY_ORDER.length;
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
    if (v !== undefined) out[key] = canonicalize(v);
  }
  return out;
}

function normalizeBody(body: string): string {
  return body.replace(/\r\n?/g, '\n').replace(/^\n+|\n+$/g, '');
}

/**
 * Renders a document model as Markdown-LD text. Deterministic: the same model always gives
 * byte-identical text (canonical key order, fixed YAML and JSON formatting, LF line endings).
 */
export function writeDocument(model: DocumentModel): string {
  const yaml = stringify(canonicalize(model.frontMatter), {
    indent: 2,
    lineWidth: 0,
    minContentWidth: 0,
    aliasDuplicateObjects: false,
    defaultKeyType: 'PLAIN',
    defaultStringType: 'PLAIN',
    version: '1.2',
  });
  const parts = [`---\n${yaml === '{}\n' ? '' : yaml}---\n`];
  const body = model.body === undefined ? '' : normalizeBody(model.body);
  if (body !== '') parts.push(`\n${body}\n`);
  for (const block of model.blocks ?? []) {
    parts.push(`\n\`\`\`jsonld\n${JSON.stringify(canonicalize(block), null, 2)}\n\`\`\`\n`);
  }
  return parts.join('');
}
