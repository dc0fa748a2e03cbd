// Dependencies read from REST path structure.
//
// path-hierarchy: every path parameter `{p}` is an item of the collection path just before it; the
//   operations that list that collection (GET on it, or a read verb right under it such as
//   `/users/search`) produce the values `{p}` takes. The operation `requires` them: 0.8 for its own item
//   (the last parameter), 0.5 for an enclosing scope (`{namespace}` in `/namespaces/{namespace}/pods/{name}`);
//   0.7 / 0.4 when the lister is a read-verb sibling. A GET on an item is `relatedTo` the operations on
//   its direct sub-paths (`/pets/{id}` and `/pets/{id}/photos`, 0.4) unless the item has more than
//   MAX_CHILD_PATHS of them (then it is a scope, like a namespace, not an owner).
// crud-order: POST on a collection creates the item the item's operations act on: it `precedes` them
//   (0.6). A GET on an item is typically followed by PUT/PATCH/POST/DELETE on that same item: `nextStep` (0.5).
import type { DependencyEdge } from '../types.js';
import { verbInIdentifier } from '../../lexicon/verbs.js';
import { edge } from './edges.js';
import { prefixNorm, type ApiShape, type Operation } from './paths.js';

export const MAX_CHILD_PATHS = 12;

const SCORES = { item: 0.8, itemSibling: 0.7, scope: 0.5, scopeSibling: 0.4, create: 0.6, next: 0.5, child: 0.4 };

const label = (op: Operation): string => `${op.method} ${op.path}`;

/** Operations that list a collection: GET on it, or GET/POST on a read-verb segment right under it. */
function listers(collection: string, shape: ApiShape): { op: Operation; sibling: boolean }[] {
  const found: { op: Operation; sibling: boolean }[] = [];
  for (const op of shape.byNorm.get(collection) ?? []) if (op.method === 'GET') found.push({ op, sibling: false });
  for (const norm of shape.children.get(collection) ?? []) {
    const last = norm.slice(norm.lastIndexOf('/') + 1);
    if (last === '{}' || verbInIdentifier(last)?.verbClass !== 'read') continue;
    for (const op of shape.byNorm.get(norm) ?? []) if (op.method === 'GET' || op.method === 'POST') found.push({ op, sibling: true });
  }
  return found;
}

export function pathHierarchyEdges(ops: readonly Operation[], shape: ApiShape): DependencyEdge[] {
  const edges: DependencyEdge[] = [];
  const listed = new Map<string, { op: Operation; sibling: boolean }[]>();
  const listersOf = (collection: string): { op: Operation; sibling: boolean }[] => {
    let found = listed.get(collection);
    if (found === undefined) listed.set(collection, (found = listers(collection, shape)));
    return found;
  };
  for (const consumer of ops) {
    const params = consumer.segments.flatMap((s, i) => (s.param && i > 0 && !consumer.segments[i - 1]!.param ? [i] : []));
    params.forEach((index, k) => {
      const own = k === params.length - 1;
      const collection = prefixNorm(consumer, index);
      const param = consumer.segments[index]!.text;
      for (const { op, sibling } of listersOf(collection)) {
        const score = own ? (sibling ? SCORES.itemSibling : SCORES.item) : sibling ? SCORES.scopeSibling : SCORES.scope;
        const evidence = `${label(op)} lists the items whose ${param} ${label(consumer)} needs`;
        edges.push(edge(consumer.name, op.name, 'requires', 'inferred', score, 'path-hierarchy', evidence));
      }
      if (!own) return;
      for (const op of shape.byNorm.get(collection) ?? []) {
        if (op.method !== 'POST') continue;
        const evidence = `${label(op)} creates the item ${param} that ${label(consumer)} acts on`;
        edges.push(edge(op.name, consumer.name, 'precedes', 'inferred', SCORES.create, 'crud-order', evidence));
      }
    });
  }
  return [...edges, ...itemEdges(ops, shape)];
}

/** nextStep from a GET on an item to the writes on it; relatedTo from it to its direct sub-paths. */
function itemEdges(ops: readonly Operation[], shape: ApiShape): DependencyEdge[] {
  const edges: DependencyEdge[] = [];
  for (const reader of ops) {
    const last = reader.segments[reader.segments.length - 1];
    if (reader.method !== 'GET' || last === undefined || !last.param) continue;
    for (const op of shape.byNorm.get(reader.norm) ?? []) {
      if (op.method === 'GET' || op.method === 'HEAD' || op.method === 'OPTIONS') continue;
      const evidence = `${label(reader)} reads the item ${label(op)} changes`;
      edges.push(edge(reader.name, op.name, 'nextStep', 'inferred', SCORES.next, 'crud-order', evidence));
    }
    const children = shape.children.get(reader.norm) ?? [];
    if (children.length > MAX_CHILD_PATHS) continue;
    for (const norm of children) {
      for (const op of shape.byNorm.get(norm) ?? []) {
        const evidence = `${op.path} is a sub-path of the item ${reader.path}`;
        edges.push(edge(reader.name, op.name, 'relatedTo', 'inferred', SCORES.child, 'path-hierarchy', evidence));
      }
    }
  }
  return edges;
}
