import type { DependencyEdge, EdgeBinding, HintValue, ToolAnnotations, ToolModel } from '../ingest/types.js';
import type { DocumentModel } from '../markdown-ld/types.js';
import { firstSentence } from '../lexicon/words.js';
import { ANNOTATION_HINTS } from '../rdf/tool-hints.js';
import { iriSegment } from './file-names.js';
import { MARKER_KEY, MARKER_UNSTAMPED } from './marker.js';

const HINTS = ANNOTATION_HINTS satisfies ReadonlyArray<keyof ToolAnnotations>;
const RELATION_KEYS = { requires: 'requires', precedes: 'precedes', relatedTo: 'related', nextStep: 'next_steps' } as const;

export const toolId = (source: string, name: string): string => `tool:${source}/${iriSegment(name)}`;
const groupId = (source: string, group: string): string => `tool:${source}/_groups/${iriSegment(group)}`;

/** The first sentence of a description on one line (at most ~200 characters), for `summary`. */
export function summaryOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return undefined;
  const sentence = firstSentence(flat, true);
  return sentence.length <= 200 ? sentence : `${sentence.slice(0, 197).trimEnd()}…`;
}

/** A score as an xsd:decimal lexical form (the context types `score` so): `0.812`, `1.0`. */
export const decimal = (n: number): string => (Math.round(Math.min(1, Math.max(0, n)) * 1000) / 1000).toFixed(3).replace(/0+$/, '').replace(/\.$/, '.0');

/** Documents list at most this many consumed / produced field paths, the shallowest first. */
export const MAX_FIELDS = 64;

/** Levels of a field path: its `.`- and `[`-separated parts (`body.items[].sku` has 4). */
function pathDepth(path: string): number {
  let depth = 1;
  for (let i = 0; i < path.length; i += 1) {
    const c = path.charCodeAt(i);
    if (c === 46 || c === 91) depth += 1; // '.' or '['
  }
  return depth;
}

/**
 * The MAX_FIELDS shallowest paths, then in code-unit order. Kubernetes operations list up to 2,000:
 * only the depths that can make the cut are sorted.
 */
function fieldPaths(fields: readonly { path: string }[] | undefined): string[] | undefined {
  if (fields === undefined || fields.length === 0) return undefined;
  const unique = [...new Set(fields.map((f) => f.path))].map((path) => ({ path, depth: pathDepth(path) }));
  let candidates = unique;
  if (unique.length > MAX_FIELDS) {
    const perDepth = new Map<number, number>();
    for (const f of unique) perDepth.set(f.depth, (perDepth.get(f.depth) ?? 0) + 1);
    let cut = 0;
    let taken = 0;
    for (const depth of [...perDepth.keys()].sort((a, b) => a - b)) {
      cut = depth;
      taken += perDepth.get(depth) ?? 0;
      if (taken >= MAX_FIELDS) break;
    }
    candidates = unique.filter((f) => f.depth <= cut);
  }
  candidates.sort((a, b) => a.depth - b.depth || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return candidates.slice(0, MAX_FIELDS).map((f) => f.path);
}

const nonEmpty = <T>(list: readonly T[] | undefined): T[] | undefined => (list === undefined || list.length === 0 ? undefined : [...list]);

/** The version of the tool document format `mdkg generate` writes (front matter key `format`). */
export const TOOL_FORMAT = 2;

/** A hint's origin as one literal (format 2): `destructiveHint inferred verb:en:delete`, `readOnlyHint explicit`. */
export const hintOrigin = (hint: string, h: HintValue): string => `${hint} ${h.source}${h.rule === undefined ? '' : ` ${h.rule}`}`;

function hintFields(annotations: ToolAnnotations): { values: Record<string, boolean>; origins: string[] } {
  const values: Record<string, boolean> = {};
  const origins: string[] = [];
  for (const hint of HINTS) {
    const h: HintValue | undefined = annotations[hint];
    if (h === undefined) continue;
    values[hint] = h.value;
    origins.push(hintOrigin(hint, h));
  }
  return { values, origins };
}

/**
 * One dependency edge as one literal (format 2): `relation target confidence score rule: evidence`,
 * e.g. `nextStep tool:fs/edit_file inferred 0.3 crud-order: read_file reads what edit_file updates`.
 * The plain edge triple (`next_steps`, ...) carries the same relation and target for SPARQL.
 */
export const edgeNote = (e: DependencyEdge, target: string): string => `${e.relation} ${target} ${e.confidence} ${decimal(e.score)} ${e.rule}: ${e.evidence}`;

/**
 * One binding of a declared edge as one literal: `parameter <- producer field rule`, e.g.
 * `path.customerId <- tool:crm/listCustomers response[].id declared:openapi-links`.
 */
export const bindingNote = (b: EdgeBinding, producer: string, rule: string): string => `${b.parameter} <- ${producer} ${b.field} ${rule}`;

function edgeFields(tool: ToolModel, edges: readonly DependencyEdge[], annotate: boolean): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const mine = edges.filter((e) => e.from === tool.name);
  const targetOf = mine.map((e) => toolId(tool.source, e.to));
  for (const [relation, key] of Object.entries(RELATION_KEYS)) {
    const targets = [...new Set(targetOf.filter((_, i) => mine[i]?.relation === relation))].sort();
    if (targets.length > 0) fields[key] = targets;
  }
  if (annotate && mine.length > 0) fields.edge_notes = mine.map((e, i) => edgeNote(e, targetOf[i] as string));
  const bindings = mine.flatMap((e, i) => (e.bindings ?? []).map((b) => bindingNote(b, targetOf[i] as string, e.rule)));
  if (bindings.length > 0) fields.bindings = bindings;
  return fields;
}

/**
 * Source text shown in the body must stay prose: code fences (which could smuggle ```jsonld data
 * into the graph) and `[[` (a wiki link) are escaped.
 */
export function proseOnly(text: string): string {
  return text.replace(/`{3,}|~{3,}/g, (run) => [...run].map((c) => `\\${c}`).join('')).replace(/\[\[/g, '[\\[');
}

const indentedJson = (value: unknown): string => JSON.stringify(value, null, 2);

/** JSON-LD reads an object as a node: non-scalar values of a schema (enum, default) are kept as JSON text. */
const scalar = (value: unknown): unknown => (value === null || typeof value !== 'object' ? value : JSON.stringify(value));

/**
 * A tool's document body. `json` writes a schema as indented JSON; the tool-text writer passes one
 * that keeps the text of each schema object it met (inlined schemas are shared between tools).
 */
export function body(tool: ToolModel, json: (schema: unknown) => string = indentedJson): string {
  const lines = [`# ${proseOnly(tool.title ?? tool.name).replace(/\n/g, ' ')}`, ''];
  if (tool.description !== undefined && tool.description.trim() !== '') lines.push(proseOnly(tool.description.trim()), '');
  if (tool.parameters.length > 0) {
    lines.push('## Parameters', '', '| name | type | required | description |', '|---|---|---|---|');
    const cell = (s: string): string => proseOnly(s).replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
    for (const p of tool.parameters) lines.push(`| ${cell(p.name)} | ${cell(p.type ?? '')} | ${p.required ? 'yes' : 'no'} | ${cell(p.description ?? '')} |`);
    lines.push('');
  }
  if (tool.inputSchema !== undefined) lines.push('## Input schema', '', '```json', JSON.stringify(tool.inputSchema, null, 2), '```', '');
  if (tool.outputSchema !== undefined) lines.push('## Output schema', '', '```json', json(tool.outputSchema), '```', '');
  return lines.join('\n');
}

/** The Markdown-LD document of one tool: front matter for the graph, a body for people. */
export function toolDocument(tool: ToolModel, edges: readonly DependencyEdge[], groups: readonly string[]): DocumentModel {
  return { frontMatter: toolFrontMatter(tool, edges, groups, true), body: body(tool) };
}

/**
 * The front matter of a tool's document (format TOOL_FORMAT); without `edge_notes` when `annotate`
 * is false, for a writer that puts them as text (tool-text.ts).
 */
export function toolFrontMatter(tool: ToolModel, edges: readonly DependencyEdge[], groups: readonly string[], annotate: boolean): Record<string, unknown> {
  const hints = hintFields(tool.annotations);
  const api = tool.openapi;
  const frontMatter: Record<string, unknown> = {
    id: toolId(tool.source, tool.name),
    type: 'Tool',
    format: TOOL_FORMAT,
    name: tool.name,
    title: tool.title ?? tool.name,
    summary: summaryOf(tool.description),
    description: tool.description?.trim() === '' ? undefined : tool.description?.trim(),
    source: tool.source,
    kind: tool.kind,
    deprecated: tool.deprecated === true ? true : undefined,
    ...hints.values,
    hint_origins: nonEmpty(hints.origins),
    aliases: nonEmpty(tool.hints.aliases),
    keywords: nonEmpty(tool.hints.keywords),
    categories: nonEmpty(tool.hints.categories),
    examples: nonEmpty(tool.hints.examples),
    parameters: nonEmpty(
      tool.parameters.map((p) => ({
        id: `#param-${iriSegment(p.in === undefined ? p.name : `${p.in}.${p.name}`)}`,
        '@type': 'Parameter',
        name: p.name,
        type: p.type,
        required: p.required,
        description: p.description,
        enum: nonEmpty(p.enum?.map(scalar)),
        default: scalar(p.default),
        in: p.in,
      })),
    ),
    method: api?.method,
    path: api?.path,
    operation_id: api?.operationId,
    tags: nonEmpty(api?.tags),
    servers: nonEmpty(api?.servers),
    security: nonEmpty(api?.security),
    consumes: fieldPaths(api?.consumes),
    produces: fieldPaths(api?.produces),
    schemas: nonEmpty(api?.schemaRefs),
    groups: nonEmpty(groups.map((g) => groupId(tool.source, g))),
    ...edgeFields(tool, edges, annotate),
    [MARKER_KEY]: MARKER_UNSTAMPED,
  };
  return frontMatter;
}

/** The document of a group of tools (a domain term): its members point to it with `groups`. */
export function groupDocument(source: string, group: { id: string; name: string; members: readonly string[] }): DocumentModel {
  return {
    frontMatter: { id: groupId(source, group.id), type: 'Group', title: group.name, source, [MARKER_KEY]: MARKER_UNSTAMPED },
    body: `# ${group.name}\n\nTools of \`${source}\` about ${group.name}: ${[...group.members]
      .sort()
      .map((m) => `\`${m}\``)
      .join(', ')}.\n`,
  };
}
