// Dependency edges and domain groups among the tools of one source. Every rule is a module of its
// own; see each for its relation, confidence and score:
//   declared:*     (declared-edges.ts) OpenAPI links, x-mdkg-requires, _meta["mdkg/requires"]: requires,
//                                      extracted, 1.0, with bindings; they outrank the detected rules below
//   path-hierarchy (path-rules.ts)     lister of a path parameter's collection: requires; item -> sub-path: relatedTo
//   crud-order     (path-rules.ts,     POST collection precedes the item's operations; GET item -> writes: nextStep;
//                   verb-rules.ts)     MCP tools sharing a noun ordered by the verbs of their names
//   rpc-resource   (verb-rules.ts)     verb-named paths of one resource: create precedes the rest
//   field-match    (field-match.ts)    produced reference consumed by another tool: requires / precedes
//   shared-schema  (shared-schema.ts)  same component schema: relatedTo, ambiguous
// Relations: `requires` (from needs something to produces), `precedes` (from typically runs before
// to), `nextStep` (to is a typical follow-up of from), `relatedTo` (weak, symmetric).
import { MdkgError } from '../../errors.js';
import type { DependencyEdge, ToolGroup, ToolModel } from '../types.js';
import { declaredEdges, outrankDetected } from './declared-edges.js';
import { finalizeEdges } from './edges.js';
import { fieldMatchEdges } from './field-match.js';
import { detectGroups } from './groups.js';
import { pathHierarchyEdges } from './path-rules.js';
import { apiShape, operationsOf } from './paths.js';
import { sharedSchemaEdges } from './shared-schema.js';
import { nameCrudEdges, rpcEdges } from './verb-rules.js';

export interface Dependencies {
  edges: DependencyEdge[];
  groups: ToolGroup[];
}

/**
 * Edges and groups among the tools of ONE source (names are unique within a source; a repeated name
 * keeps its first tool). Deterministic: the result depends on the set of tools, not their order.
 */
export function detectDependencies(input: readonly ToolModel[]): Dependencies {
  const sources = new Set(input.map((t) => t.source));
  if (sources.size > 1) {
    throw new MdkgError('MDKG_SOURCE_INVALID', `detectDependencies takes the tools of one source, got ${[...sources].sort().join(', ')}`);
  }
  const seen = new Set<string>();
  const tools = [...input].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).filter((t) => !seen.has(t.name) && seen.add(t.name) !== undefined);
  const ops = operationsOf(tools);
  const shape = apiShape(ops);
  const declared = declaredEdges(tools);
  const detected = [
    ...pathHierarchyEdges(ops, shape),
    ...rpcEdges(ops, shape),
    ...nameCrudEdges(tools),
    ...fieldMatchEdges(tools, ops, shape),
    ...sharedSchemaEdges(ops, shape),
  ];
  const edges = finalizeEdges([...declared, ...outrankDetected(declared, detected)]);
  return { edges, groups: detectGroups(tools, ops, shape) };
}
