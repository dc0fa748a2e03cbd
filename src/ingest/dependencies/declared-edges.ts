// Declared dependencies as edges: they outrank detected ones. A detected order between the same two
// tools is not kept as an edge of its own; the declared edge's evidence names it, so a reviewer
// still sees that detection agreed (or disagreed).
import type { DeclaredRequire, DependencyEdge, EdgeBinding, ToolModel } from '../types.js';
import { edge } from './edges.js';

const pairKey = (a: string, b: string): string => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/**
 * One `requires` edge (extracted, 1.0) per declaring tool and required tool; several declarations of
 * the same pair are merged: the rule of the first source in the order openapi-links,
 * x-mdkg-requires, meta; every binding (the first per parameter); all evidence. Targets were
 * checked at ingest; a name that is no tool here is skipped.
 */
export function declaredEdges(tools: readonly ToolModel[]): DependencyEdge[] {
  const names = new Set(tools.map((t) => t.name));
  const order = ['declared:openapi-links', 'declared:x-mdkg-requires', 'declared:meta'];
  const out: DependencyEdge[] = [];
  for (const tool of tools) {
    const byTarget = new Map<string, DeclaredRequire[]>();
    for (const d of tool.requires ?? []) {
      if (!names.has(d.tool) || d.tool === tool.name) continue;
      byTarget.set(d.tool, [...(byTarget.get(d.tool) ?? []), d]);
    }
    for (const [target, list] of [...byTarget].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const sorted = [...list].sort((a, b) => order.indexOf(a.source) - order.indexOf(b.source));
      const bindings: EdgeBinding[] = [];
      for (const d of sorted) for (const b of d.bindings ?? []) if (!bindings.some((k) => k.parameter === b.parameter)) bindings.push(b);
      const evidence = [...new Set(sorted.map((d) => d.evidence))].join('; ');
      const bound = bindings.map((b) => `${b.field} -> ${b.parameter}`).join(', ');
      const e = edge(tool.name, target, 'requires', 'extracted', 1, (sorted[0] as DeclaredRequire).source, bound === '' ? evidence : `${evidence}: ${bound}`);
      if (bindings.length > 0) e.bindings = bindings;
      out.push(e);
    }
  }
  return out;
}

/**
 * The detected edges that are left once declared ones are known, with the declared edges' evidence
 * extended: a detected order (`requires`/`precedes`, either way) between two tools a declared edge
 * links is dropped and named there (`also detected: field-match 0.75`); other detected edges stay.
 */
export function outrankDetected(declared: DependencyEdge[], detected: readonly DependencyEdge[]): DependencyEdge[] {
  const byPair = new Map<string, DependencyEdge>();
  for (const d of declared) byPair.set(pairKey(d.from, d.to), d);
  const notes = new Map<DependencyEdge, string[]>();
  const kept: DependencyEdge[] = [];
  for (const e of detected) {
    const owner = e.relation === 'requires' || e.relation === 'precedes' ? byPair.get(pairKey(e.from, e.to)) : undefined;
    if (owner === undefined) {
      kept.push(e);
      continue;
    }
    const sameWay = (e.relation === 'requires') === (e.from === owner.from);
    const note = `${e.rule} ${e.score}${sameWay ? '' : ' the other way'}`;
    notes.set(owner, [...(notes.get(owner) ?? []), note]);
  }
  for (const [owner, list] of notes) owner.evidence += `; also detected: ${[...new Set(list)].sort().join(', ')}`;
  return kept;
}
