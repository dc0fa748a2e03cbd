// OpenAPI paths as segments, and what the whole API says about them: which literal segments are
// collections (a parameter follows them somewhere), which trailing segments are RPC verbs.
import type { ToolModel } from '../types.js';
import { verbInIdentifier, type VerbMatch } from '../../lexicon/verbs.js';
import { memoize } from '../../util/memo.js';
import { splitIdentifier, termKey } from '../../lexicon/words.js';
import { isPrefixSegment } from './terms.js';

export interface Segment {
  text: string;
  param: boolean;
}

export interface Operation {
  tool: ToolModel;
  name: string;
  method: string;
  path: string;
  segments: Segment[];
  /** The path with every parameter written `{}`, so `/users/{id}` and `/users/{userId}` meet. */
  norm: string;
}

function parsePath(path: string): Segment[] {
  return path
    .split('/')
    .filter((s) => s.length > 0)
    .map((text) => ({ text, param: text.includes('{') }));
}

export function normOf(segments: readonly Segment[]): string {
  return `/${segments.map((s) => (s.param ? '{}' : s.text)).join('/')}`;
}

/** Normalized prefixes of each operation's path, by segment count (`prefixNorm(op, 1)` is `/users` for `/users/{id}`). */
const PREFIXES = new WeakMap<Operation, string[]>();

/** `normOf(op.segments.slice(0, count))`, worked out once per operation. */
export function prefixNorm(op: Operation, count: number): string {
  let prefixes = PREFIXES.get(op);
  if (prefixes === undefined) {
    prefixes = [normOf([])];
    for (let i = 1; i <= op.segments.length; i += 1) prefixes.push(normOf(op.segments.slice(0, i)));
    PREFIXES.set(op, prefixes);
  }
  return prefixes[count] as string;
}

export function operationsOf(tools: readonly ToolModel[]): Operation[] {
  const ops: Operation[] = [];
  for (const tool of tools) {
    if (tool.openapi === undefined) continue;
    const segments = parsePath(tool.openapi.path);
    ops.push({ tool, name: tool.name, method: tool.openapi.method.toUpperCase(), path: tool.openapi.path, segments, norm: normOf(segments) });
  }
  return ops;
}

export interface ApiShape {
  byNorm: Map<string, Operation[]>;
  /** Normalized paths one segment below each normalized path that has operations, sorted. */
  children: Map<string, string[]>;
  /** Normalized paths of literal segments a parameter follows somewhere in the API (`/users` for `/users/{id}`). */
  collections: Set<string>;
  /** Literal leading segments every path shares (`/api/v1`), which name no resource. */
  commonPrefix: number;
}

export function apiShape(ops: readonly Operation[]): ApiShape {
  const byNorm = new Map<string, Operation[]>();
  const collections = new Set<string>();
  for (const op of ops) {
    const list = byNorm.get(op.norm) ?? [];
    list.push(op);
    byNorm.set(op.norm, list);
    op.segments.forEach((s, i) => {
      if (s.param && i > 0 && !op.segments[i - 1]!.param) collections.add(prefixNorm(op, i));
    });
  }
  const children = new Map<string, string[]>();
  for (const norm of [...byNorm.keys()].sort()) {
    const parent = norm.slice(0, norm.lastIndexOf('/')) || '/';
    const list = children.get(parent) ?? [];
    list.push(norm);
    children.set(parent, list);
  }
  let commonPrefix = 0;
  const first = ops[0]?.segments ?? [];
  while (
    commonPrefix < first.length &&
    !first[commonPrefix]!.param &&
    ops.every((op) => op.segments.length > commonPrefix + 1 && op.segments[commonPrefix]?.text === first[commonPrefix]!.text)
  ) {
    commonPrefix += 1;
  }
  return { byNorm, children, collections, commonPrefix };
}

/** The verb of an RPC-style path's last segment (`/api/order/create`, `/basket/optionChange`), when it is not a collection. */
export function rpcVerb(op: Operation, shape: ApiShape): VerbMatch | undefined {
  const last = op.segments[op.segments.length - 1];
  if (last === undefined || last.param || op.segments.length < 2) return undefined;
  if (shape.collections.has(op.norm)) return undefined;
  return verbInIdentifier(last.text);
}

/** Does this literal segment name a resource (not a version, a prefix, the shared API prefix, or a verb such as `watch`)? */
function isResourceSegment(op: Operation, index: number, shape: ApiShape): boolean {
  const s = op.segments[index]!;
  if (s.param || index < shape.commonPrefix || isPrefixSegment(s.text)) return false;
  return verbInIdentifier(s.text) === undefined || shape.collections.has(prefixNorm(op, index + 1));
}

/** Term key of a segment: `persistentvolumeclaims` -> `persistentvolumeclaim`, `order-items` -> `order item`. */
const segmentKey = memoize((text: string): string => termKey(splitIdentifier(text)));

/** The resource terms of an operation's path: its literal segments, without prefixes and verbs. */
export function resourceTerms(op: Operation, shape: ApiShape): string[] {
  const terms: string[] = [];
  for (let i = 0; i < op.segments.length; i += 1) {
    if (isResourceSegment(op, i, shape)) terms.push(segmentKey(op.segments[i]!.text));
  }
  return terms.filter((t) => t.length > 0);
}

/** The resource an operation acts on: its deepest collection segment, else its last resource segment. */
export function primaryResource(op: Operation, shape: ApiShape): string | undefined {
  let fallback: string | undefined;
  for (let i = op.segments.length - 1; i >= 0; i -= 1) {
    if (!isResourceSegment(op, i, shape)) continue;
    if (shape.collections.has(prefixNorm(op, i + 1))) return segmentKey(op.segments[i]!.text);
    fallback ??= segmentKey(op.segments[i]!.text);
  }
  return fallback;
}
