// Workflow order among tools that act on one resource, told by their verbs rather than REST paths.
//
// rpc-resource: RPC-style paths (`/api/order/create`, `/v1/basket/optionChange`) are grouped by the
//   path before the verb segment (a literal: actions on an item such as `/tasks/{id}/approve` act on
//   what exists and are left to path-hierarchy); within a group a create `precedes` the reads,
//   updates and deletes (0.5), and a read is `nextStep`-followed by updates and deletes (0.4).
// crud-order (names): MCP tools whose names have the same noun phrase (`create_entities`,
//   `delete_entities`; not `add_issue_comment` and `get_issue`) follow the same order from the verbs
//   of their names, weaker (0.4 / 0.3) since a shared noun is less than a shared path.
import type { DependencyEdge, ToolModel } from '../types.js';
import { verbInIdentifier, type VerbClass } from '../../lexicon/verbs.js';
import { edge } from './edges.js';
import { nounPhrase } from './groups.js';
import { normOf, rpcVerb, type ApiShape, type Operation } from './paths.js';

interface Actor {
  name: string;
  verbClass: VerbClass;
  label: string;
}

function orderEdges(actors: readonly Actor[], scores: { create: number; next: number }, rule: string, context: string): DependencyEdge[] {
  const edges: DependencyEdge[] = [];
  for (const a of actors) {
    for (const b of actors) {
      if (a.name === b.name) continue;
      if (a.verbClass === 'create' && b.verbClass !== 'create') {
        edges.push(edge(a.name, b.name, 'precedes', 'inferred', scores.create, rule, `${a.label} creates what ${b.label} ${b.verbClass}s (${context})`));
      } else if (a.verbClass === 'read' && (b.verbClass === 'update' || b.verbClass === 'delete')) {
        edges.push(edge(a.name, b.name, 'nextStep', 'inferred', scores.next, rule, `${a.label} reads what ${b.label} ${b.verbClass}s (${context})`));
      }
    }
  }
  return edges;
}

export function rpcEdges(ops: readonly Operation[], shape: ApiShape): DependencyEdge[] {
  const groups = new Map<string, Actor[]>();
  for (const op of ops) {
    const verb = rpcVerb(op, shape);
    // An action on an item (`/tasks/{id}/approve`) acts on what exists; only resource-level verbs are ordered.
    if (verb === undefined || op.segments[op.segments.length - 2]?.param !== false) continue;
    const resource = normOf(op.segments.slice(0, -1));
    const list = groups.get(resource) ?? [];
    list.push({ name: op.name, verbClass: verb.verbClass, label: `${op.method} ${op.path}` });
    groups.set(resource, list);
  }
  const edges: DependencyEdge[] = [];
  for (const [resource, actors] of groups) {
    if (actors.length > 1) edges.push(...orderEdges(actors, { create: 0.5, next: 0.4 }, 'rpc-resource', `resource ${resource}`));
  }
  return edges;
}

/** MCP tools (without OpenAPI details) whose names have the same noun phrase, ordered by the verbs of their names. */
export function nameCrudEdges(tools: readonly ToolModel[]): DependencyEdge[] {
  const byPhrase = new Map<string, Actor[]>();
  for (const tool of tools) {
    if (tool.openapi !== undefined) continue;
    const verb = verbInIdentifier(tool.name);
    const phrase = nounPhrase(tool.name).join(' ');
    if (verb === undefined || phrase === '') continue;
    byPhrase.set(phrase, [...(byPhrase.get(phrase) ?? []), { name: tool.name, verbClass: verb.verbClass, label: tool.name }]);
  }
  const edges: DependencyEdge[] = [];
  for (const [phrase, actors] of byPhrase) {
    if (actors.length > 1) edges.push(...orderEdges(actors, { create: 0.4, next: 0.3 }, 'crud-order', `same noun "${phrase}"`));
  }
  return edges;
}
